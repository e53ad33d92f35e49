package io.dat4j.provider.shm;

import io.dat4j.CloseMode;
import io.dat4j.DatException;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.EventNumber;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.provider.shm.sys.WakeControl;
import io.dat4j.kit.ConnectionUpcalls;
import io.dat4j.kit.EndpointTransport;
import io.dat4j.kit.EndpointUpcalls;
import io.dat4j.kit.EventSink;
import io.dat4j.kit.PostedOperation;
import io.dat4j.kit.PostedQueues;
import io.dat4j.kit.RequestTransport;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.InetAddress;

/**
 * The shared-memory half of an EP: its posted receives and not-yet-written requests (filled by consumer threads,
 * drained by whichever thread services the connection) and the connection it is bound to.
 *
 * <p>Thread safety ("Threading and locks" in docs/provider-kit.md): the kit calls the hooks but {@link #close} under
 * the EP's lock; they hand connection work to the loop thread and never wait. {@link #queues} are guarded by leaf
 * monitors of their own; {@link #recvs} takes no lock (one adder, the poster under the EP's lock; each receive taken
 * once by a compare-and-set); this object's monitor ({@link #bind}) takes only the leaf monitors of
 * {@link ShmCompletionSource}; {@link #conn} is volatile. The count of posted requests is written by the posting thread
 * (under the EP's lock, so one at a time) with a release store after the request is queued, and read by the thread
 * servicing the connection with an acquire load ({@link #requestsPosted()}); a request the poster wrote straight into
 * the ring ({@link ConnectionService#postDirect}) is not queued and not counted.
 */
final class ShmEndpoint implements EndpointTransport {

    private static final VarHandle POSTED;

    static {
        try {
            POSTED = MethodHandles.lookup().findVarHandle(ShmEndpoint.class, "posted", long.class);
        } catch (final ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final ShmTransport transport;
    final EndpointUpcalls up;
    /** Posted receives not yet consumed (no monitor: {@link ReceiveFifo}). */
    final ReceiveFifo recvs;
    /** Posted requests not yet fully written. */
    final PostedQueues queues;
    volatile ShmConnection conn;
    /** Requests queued so far ({@link #requestsPosted()}), not those written straight into the ring. */
    private long posted;

    ShmEndpoint(final ShmTransport transport, final EndpointUpcalls up) {
        this.transport = transport;
        this.up = up;
        this.recvs = new ReceiveFifo(up);
        this.queues = new PostedQueues(up);
    }

    @Override
    public void connect(final ConnectionUpcalls connection, final InetAddress remoteAddress,
            final long connectionQualifier, final long timeoutNanos, final byte[] privateData, final int rdmaReadIn,
            final int rdmaReadOut) {
        final long q = transport.checkQualifier(connectionQualifier, 3);
        final ShmConnection c = ShmConnection.active(transport, this, connection, rdmaReadIn, rdmaReadOut);
        bind(c);
        if (!ShmTransport.isLocal(remoteAddress)) {
            transport.cm.execute(() -> c.fail(EventNumber.CONNECTION_EVENT_UNREACHABLE, null, remoteAddress
                    + " is not an address of this host: shared memory reaches only processes on the same host"));
            return;
        }
        transport.cm.execute(() -> c.startActive(q, timeoutNanos, privateData));
    }

    @Override
    public void accept(final ConnectionUpcalls connection, final RequestTransport request,
            final byte[] privateData, final int rdmaReadIn, final int rdmaReadOut) {
        if (!(request instanceof ShmConnection c) || c.transport != transport) {
            throw new DatException(StatusType.INVALID_HANDLE, StatusSubtype.INVALID_HANDLE_CR,
                    "the request does not belong to this IA's transport");
        }
        bind(c);
        transport.cm.execute(() -> c.acceptWith(this, connection, privateData, rdmaReadIn, rdmaReadOut));
    }

    @Override
    public void disconnect(final CloseMode mode) {
        final ShmConnection c = conn;
        if (c != null) {
            transport.cm.execute(() -> c.localDisconnect(mode));
        }
    }

    @Override
    public void post(final PostedOperation op) {
        final ShmConnection c = conn;
        if (op.kind() == DtoOperation.RECEIVE) {
            recvs.add(op);
            if (c != null) {
                if (c.ended()) {
                    // its teardown flushed the receives it found, and the EP stays CONNECTED until the end upcall is
                    // applied: this one completes FLUSHED now (queued first, then the check: the teardown took it,
                    // or this thread sees the connection ended; each receive is polled off the queue once)
                    recvs.flush();
                } else {
                    c.io.receivePosted();
                }
            }
            return;
        }
        if (c == null) {
            up.complete(op, DtoStatus.FLUSHED, 0);
            return;
        }
        if (c.io.postDirect(op)) {
            return; // written into the ring: nothing queued before it, no queue taken
        }
        queues.addRequest(op);
        POSTED.setRelease(this, posted + 1); // after the request is queued; posts are serialized by the EP's lock
        c.io.requestPosted();
    }

    /**
     * {@return how many requests were queued so far} (an acquire load: a count read covers the requests it counts):
     * a queue found empty stays empty while the count does not change, since only posts add to it
     */
    long requestsPosted() {
        return (long) POSTED.getAcquire(this);
    }

    @Override
    public void sharedReceivePosted() {
        final ShmConnection c = conn;
        if (c != null) {
            c.io.receivePosted();
        }
    }

    @Override
    public void reset() {
        final ShmConnection old = conn;
        if (old != null) {
            old.detach(); // a connection the kit declared DISCONNECTED before it ended (ShmAbruptResetTest)
        }
        bind(null);
    }

    /** Binds the EP to a connection (or none) and tells its DTO EVDs which connection feeds them. */
    synchronized void bind(final ShmConnection c) {
        final ShmConnection old = conn;
        if (old != null) {
            sources(old, false);
        }
        conn = c;
        if (c != null) {
            sources(c, true);
        }
    }

    private void sources(final ShmConnection c, final boolean attach) {
        final EventSink recv = up.recvSink();
        final EventSink req = up.requestSink();
        if (req == recv) {
            source(recv, c, attach, WakeControl.DATA | WakeControl.SPACE);
        } else {
            source(recv, c, attach, WakeControl.DATA);
            source(req, c, attach, WakeControl.DATA | WakeControl.SPACE); // READ responses arrive as records
        }
    }

    private static void source(final EventSink evd, final ShmConnection c, final boolean attach,
            final int what) {
        if (evd != null && evd.completionSource() instanceof ShmCompletionSource s) {
            if (attach) {
                s.attach(c, what);
            } else {
                s.detach(c);
            }
        }
    }

    @Override
    public void close() {
        final ShmConnection c = conn;
        if (c != null) {
            transport.cm.executeAndWait(() -> c.terminate(ShmConnection.END_SILENT, "EP freed"),
                    ShmTransport.WAIT_MILLIS);
        }
        recvs.clear();
        queues.clear();
        if (c != null) {
            bind(null);
        }
    }
}
