package io.dat4j.tools;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Dat;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.ServicePointFlag;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * One connected endpoint with everything around it, the dtest set-up shared by {@code dat test}, {@code dat perf}
 * and {@code dat demo}: an IA, a PZ, a request EVD, a receive EVD, a connect EVD (and a CR EVD), an EP, a registered
 * data buffer the peer may read and write, a ring of registered receive slots posted before connecting, and a small
 * registered buffer for control messages. Each set-up step is timed, as dtest times them.
 *
 * <p>Not thread safe: one thread drives a session. {@link #close()} frees everything (children first) and is
 * idempotent.
 */
final class Session implements AutoCloseable {

    /** How long a data transfer may take before the tools give up, dtest's DTO_TIMEOUT (5 s) doubled. */
    static final Duration DTO_TIMEOUT = Duration.ofSeconds(10);
    /** Control buffer size: room for a control message or an RMR triplet. */
    private static final int CONTROL_BUFFER = 64;
    /** The alignment of the data buffer and the receive ring: a page, as perftest's. */
    private static final long PAGE = 4096;

    private final Map<String, Long> timings = new LinkedHashMap<>();
    private final Arena arena = Arena.ofShared();
    private final Spec spec;
    private final InterfaceAdapter ia;
    private final boolean ownsIa;
    private final boolean polling;
    private ProtectionZone pz;
    private EventDispatcher requestEvd;
    private EventDispatcher recvEvd;
    private EventDispatcher connectEvd;
    private EventDispatcher crEvd;
    private Endpoint ep;
    private LocalMemoryRegion dataLmr;
    private LocalMemoryRegion ringLmr;
    private LocalMemoryRegion controlLmr;
    private PublicServicePoint psp;
    private boolean connected;
    private boolean closed;
    private List<List<LocalMemoryTriplet>> slotLists = List.of();
    private long lastLength = -1;
    private List<LocalMemoryTriplet> lastList;
    private RemoteMemoryTriplet lastRemote;
    private long lastRemoteLength = -1;
    private RemoteMemoryTriplet lastRemoteAt;
    /** The last receive and request completions taken (reused: the data loops allocate no event records). */
    private final Completion recvDone = new Completion();
    private final Completion requestDone = new Completion();

    /**
     * What a session needs.
     *
     * @param dataSize bytes of the RDMA/send buffer
     * @param slots receive slots in the ring
     * @param slotSize bytes per receive slot
     * @param requestDepth sends/RDMA the EP may have outstanding
     * @param rdmaReadDepth RDMA reads the EP may have outstanding (and accept from the peer); 0 leaves both to the
     *        provider, which matches them to the peer's request on accept (for servers)
     * @param ringSlots slots of memory in the ring (1..slots): receive {@code i} lands in slot {@code i % ringSlots},
     *        so that more receives than the ring holds may be posted when their contents are not read while later
     *        ones may arrive (a bandwidth server, as perftest's receives share its buffer)
     */
    record Spec(long dataSize, int slots, long slotSize, int requestDepth, int rdmaReadDepth, int ringSlots) {
        /** A ring with a slot of memory per receive. */
        Spec(final long dataSize, final int slots, final long slotSize, final int requestDepth,
                final int rdmaReadDepth) {
            this(dataSize, slots, slotSize, requestDepth, rdmaReadDepth, slots);
        }

        Spec {
            if (ringSlots < 1 || ringSlots > slots) {
                throw new IllegalArgumentException("ring slots " + ringSlots + " outside 1.." + slots);
            }
        }
    }

    private Session(final InterfaceAdapter ia, final boolean ownsIa, final Spec spec, final boolean polling) {
        this.ia = ia;
        this.ownsIa = ownsIa;
        this.spec = spec;
        this.polling = polling;
    }

    /**
     * Opens an IA by name and builds everything but the connection.
     *
     * @param iaName the IA name ({@code -P})
     * @param spec the sizes
     * @param polling true to busy-poll EVDs ({@code dat_evd_dequeue}) rather than wait ({@code dat_evd_wait})
     * @return the session, not yet connected
     */
    static Session open(final String iaName, final Spec spec, final boolean polling) {
        final long t0 = System.nanoTime();
        final InterfaceAdapter ia = Dat.openInterfaceAdapter(iaName);
        final Session s = new Session(ia, true, spec, polling);
        s.timings.put("open", System.nanoTime() - t0);
        return s.built();
    }

    /**
     * Builds everything but the connection on an IA the caller keeps (and closes).
     *
     * @param ia the IA
     * @param spec the sizes
     * @param polling true to busy-poll EVDs
     * @return the session, not yet connected
     */
    static Session on(final InterfaceAdapter ia, final Spec spec, final boolean polling) {
        return new Session(ia, false, spec, polling).built();
    }

    private Session built() {
        try {
            build();
            return this;
        } catch (final RuntimeException e) {
            try {
                close();
            } catch (final RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private void build() {
        final InterfaceAdapterAttributes a = ia.attributes();
        if (spec.dataSize() > a.maxLocalMemoryRegionSize() || spec.slotSize() > a.maxMessageSize()) {
            throw new IllegalArgumentException("IA " + ia.name() + " allows messages up to " + a.maxMessageSize()
                    + " bytes and regions up to " + a.maxLocalMemoryRegionSize() + " bytes; asked for "
                    + spec.slotSize() + " and " + spec.dataSize());
        }
        long t = System.nanoTime();
        pz = ia.createProtectionZone();
        timings.put("pz create", System.nanoTime() - t);

        t = System.nanoTime();
        // the data buffer and the receive ring start on a page, as perftest's buffers (posix_memalign to the page
        // size): a 64 KiB transfer then spans 16 pages, not 17, which is what a copy by the kernel (CMA) or a NIC's
        // DMA pins and walks
        dataLmr = ia.createLocalMemoryRegion(pz, arena.allocate(spec.dataSize(), PAGE), MemoryPrivilege.ALL);
        timings.put("lmr create", System.nanoTime() - t);
        ringLmr = ia.createLocalMemoryRegion(pz, arena.allocate(spec.slotSize() * spec.ringSlots(), PAGE),
                MemoryPrivilege.LOCAL);
        controlLmr = ia.createLocalMemoryRegion(pz, arena.allocate(CONTROL_BUFFER, 64), MemoryPrivilege.LOCAL);
        // each slot's one-triplet list, made once: reposting a slot allocates nothing
        final List<List<LocalMemoryTriplet>> lists = new ArrayList<>(spec.slots());
        for (int i = 0; i < spec.slots(); i++) {
            lists.add(List.of(ringLmr.triplet((i % spec.ringSlots()) * spec.slotSize(), spec.slotSize())));
        }
        slotLists = List.copyOf(lists);

        final int evdMax = a.maxEventDispatcherQueueLength();
        t = System.nanoTime();
        requestEvd = ia.createEventDispatcher(Math.min(evdMax, 2 * spec.requestDepth() + 16), null,
                Set.of(EventStream.DTO));
        recvEvd = ia.createEventDispatcher(Math.min(evdMax, spec.slots() + 16), null, Set.of(EventStream.DTO));
        connectEvd = ia.createEventDispatcher(Math.min(evdMax, 16), null, Set.of(EventStream.CONNECTION));
        crEvd = ia.createEventDispatcher(Math.min(evdMax, 16), null, Set.of(EventStream.CR));
        timings.put("evd create", System.nanoTime() - t);

        if (spec.dataSize() > a.maxRdmaSize()) {
            throw new IllegalArgumentException("IA " + ia.name() + " allows RDMA up to " + a.maxRdmaSize()
                    + " bytes; asked for " + spec.dataSize());
        }
        final EndpointAttributes.Builder b = EndpointAttributes.builder()
                .maxMessageSize(Math.max(spec.slotSize(), CONTROL_BUFFER))
                .maxRdmaSize(spec.dataSize())
                .maxRecvDtos(Math.min(spec.slots() + 4, a.maxDtoPerEndpoint()))
                .maxRequestDtos(Math.min(spec.requestDepth() + 4, a.maxDtoPerEndpoint()))
                .maxRecvIov(1)
                .maxRequestIov(2);
        if (spec.rdmaReadDepth() > 0) {
            // the active side asks; a passive side leaves them unset so the provider matches the request (CRA-12)
            final int reads = Math.min(spec.rdmaReadDepth(),
                    Math.min(a.maxRdmaReadPerEndpointIn(), a.maxRdmaReadPerEndpointOut()));
            b.maxRdmaReadIn(reads).maxRdmaReadOut(reads);
        }
        final EndpointAttributes attrs = b.build();
        t = System.nanoTime();
        ep = ia.createEndpoint(pz, recvEvd, requestEvd, connectEvd, attrs);
        timings.put("ep create", System.nanoTime() - t);
        for (int i = 0; i < spec.slots(); i++) {
            repost(i);
        }
    }

    /** {@return the IA} */
    InterfaceAdapter interfaceAdapter() {
        return ia;
    }

    /** {@return the EP} */
    Endpoint endpoint() {
        return ep;
    }

    /** {@return the RDMA reads the EP may have outstanding, as the provider granted} */
    int rdmaReadDepth() {
        final int granted = ep.query().attributes().maxRdmaReadOut();
        return granted > 0 ? granted : 1;
    }

    /** {@return the data operations the EP may have outstanding besides the control sends, as the provider granted} */
    int requestDepth() {
        return Math.max(1, ep.query().attributes().maxRequestDtos() - 4);
    }

    /** {@return the size of the data buffer} */
    long dataSize() {
        return spec.dataSize();
    }

    /** {@return the set-up and teardown steps measured so far, in nanoseconds} */
    Map<String, Long> timings() {
        return timings;
    }

    /** {@return the registered data buffer} */
    MemorySegment data() {
        return dataLmr.segment();
    }

    /** {@return the registered control buffer (64 bytes)} */
    MemorySegment control() {
        return controlLmr.segment();
    }

    /**
     * {@return receive slot {@code i}}
     *
     * @param i slot index, the cookie of its receive completion
     */
    MemorySegment slot(final int i) {
        return ringLmr.segment().asSlice((i % spec.ringSlots()) * spec.slotSize(), spec.slotSize());
    }

    /**
     * Posts receive slot {@code i} again, with the slot index as cookie.
     *
     * @param i slot index
     */
    void repost(final int i) {
        ep.postRecv(slotLists.get(i), i, CompletionFlag.DEFAULT);
    }

    /**
     * Server side: listens on a connection qualifier, takes one request, checks its private data and accepts it.
     *
     * @param connectionQualifier the qualifier ({@code -p}); 0 lets the provider pick (see {@link #listening})
     * @param wait how long to wait for a request
     * @param reply turns the request's private data into the accept's private data, or returns null to reject
     * @return the request's private data
     */
    byte[] accept(final long connectionQualifier, final Duration wait, final UnaryOperator<byte[]> reply) {
        if (psp == null) {
            listen(connectionQualifier);
        }
        final Event e = crEvd.await(wait);
        if (!(e instanceof ConnectionRequestEvent cre)) {
            throw new IllegalStateException("expected a connection request, got " + e.number().cName());
        }
        final ConnectionRequest cr = cre.request();
        final byte[] pdata = cr.query().privateData().toByteArray();
        final byte[] answer = reply.apply(pdata);
        if (answer == null) {
            cr.reject(null);
            throw new IllegalStateException("rejected a connection request with unexpected private data ("
                    + pdata.length + " bytes)");
        }
        acceptRequest(cr, answer);
        return pdata;
    }

    /**
     * Server side: accepts a request that arrived elsewhere (a listener on the same IA) with this session's EP and
     * waits for ESTABLISHED.
     *
     * @param cr the pending request
     * @param privateData the accept's private data
     */
    void acceptRequest(final ConnectionRequest cr, final byte[] privateData) {
        cr.accept(ep, privateData);
        awaitConnection(EventNumber.CONNECTION_EVENT_ESTABLISHED, DTO_TIMEOUT);
        connected = true;
    }

    /**
     * Server side: creates the PSP now (so a client in the same process can connect to {@link #listening}).
     *
     * @param connectionQualifier the qualifier, or 0 for one the provider picks
     */
    void listen(final long connectionQualifier) {
        psp = connectionQualifier == 0
                ? ia.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER)
                : ia.createPublicServicePoint(connectionQualifier, crEvd, ServicePointFlag.CONSUMER);
    }

    /** {@return the qualifier the PSP listens on} */
    long listening() {
        return psp.connectionQualifier();
    }

    /**
     * Client side: connects with the default timeout ({@link #DTO_TIMEOUT}) and waits for ESTABLISHED.
     *
     * @param host the server's address
     * @param connectionQualifier the server's qualifier
     * @param privateData bytes for the server
     * @return the accept's private data
     */
    byte[] connect(final InetAddress host, final long connectionQualifier, final byte[] privateData) {
        return connect(host, connectionQualifier, privateData, DTO_TIMEOUT);
    }

    /**
     * Client side: connects and waits for ESTABLISHED; the connect time is recorded as {@code connect}. The wait
     * outlasts the connect timeout by {@link Diagnosis#CONNECT_GRACE}, so that a server that does not answer ends
     * in the provider's TIMED_OUT, not in a timeout of the wait.
     *
     * @param host the server's address
     * @param connectionQualifier the server's qualifier
     * @param privateData bytes for the server
     * @param timeout the connect timeout ({@code dat_ep_connect}'s)
     * @return the accept's private data
     * @throws IllegalStateException when the connection was not established, saying what happened
     */
    byte[] connect(final InetAddress host, final long connectionQualifier, final byte[] privateData,
            final Duration timeout) {
        final long t = System.nanoTime();
        final String where = host.getHostAddress() + " port " + connectionQualifier;
        final Event e;
        final List<String> warnings;
        try (ProviderLog log = ProviderLog.capture()) {
            ep.connect(host, connectionQualifier, timeout, privateData);
            e = Diagnosis.awaitOrNull(connectEvd, timeout.plus(Diagnosis.CONNECT_GRACE));
            warnings = log.messages();
        }
        if (e == null) {
            throw new IllegalStateException("cannot connect to " + where + ": no connection event within "
                    + timeout.plus(Diagnosis.CONNECT_GRACE).toSeconds() + " s of a connect with a "
                    + timeout.toSeconds() + " s timeout (the provider did not end the attempt)"
                    + Diagnosis.reported(warnings));
        }
        if (!(e instanceof ConnectionEvent ce) || ce.number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
            throw new IllegalStateException("cannot connect to " + where + ": " + e.number().cName()
                    + Diagnosis.connectHint(e.number(), timeout, warnings));
        }
        timings.put("connect", System.nanoTime() - t);
        connected = true;
        return ce.privateData().toByteArray();
    }

    private ConnectionEvent awaitConnection(final EventNumber wanted, final Duration timeout) {
        final Event e = Diagnosis.awaitOrNull(connectEvd, timeout);
        if (e == null) {
            throw new IllegalStateException("no " + wanted.cName() + " within " + timeout.toSeconds() + " s");
        }
        if (e instanceof ConnectionEvent ce && ce.number() == wanted) {
            return ce;
        }
        throw new IllegalStateException("expected " + wanted.cName() + ", got " + e.number().cName());
    }

    /**
     * Sends the first {@code length} bytes of the control buffer and waits for the send's completion.
     *
     * @param length bytes
     */
    void sendControl(final int length) {
        postControl(length);
        awaitRequest("send of a control message");
    }

    /**
     * Posts a send of the first {@code length} bytes of the control buffer; the caller reaps its completion
     * ({@link #awaitRequest}) before it writes the control buffer again.
     *
     * @param length bytes
     */
    void postControl(final int length) {
        ep.postSend(List.of(controlLmr.triplet(0, length)), 0xaaaaL, CompletionFlag.DEFAULT);
    }

    /**
     * Posts a send of the first {@code length} bytes of the data buffer; its completion is reaped by
     * {@link #awaitRequest}.
     *
     * @param length bytes
     * @param cookie the completion's cookie
     */
    void postSendData(final long length, final long cookie) {
        ep.postSend(dataList(length), cookie, CompletionFlag.DEFAULT);
    }

    /**
     * {@return the first {@code length} bytes of the data buffer as a one-triplet list, kept from the last call with
     * the same length} (the measuring loops post the same length many times; no allocation per post)
     *
     * @param length bytes
     */
    private List<LocalMemoryTriplet> dataList(final long length) {
        if (length != lastLength || lastList == null) {
            lastList = List.of(dataLmr.triplet(0, length));
            lastLength = length;
        }
        return lastList;
    }

    /**
     * {@return the peer's buffer cut to {@code length}, kept from the last call with the same buffer and length}
     *
     * @param remote the peer's buffer
     * @param length bytes
     */
    private RemoteMemoryTriplet remoteAt(final RemoteMemoryTriplet remote, final long length) {
        if (remote != lastRemote || length != lastRemoteLength) {
            lastRemoteAt = at(remote, length);
            lastRemote = remote;
            lastRemoteLength = length;
        }
        return lastRemoteAt;
    }

    /**
     * Posts an RDMA write of the first {@code length} bytes of the data buffer to the peer.
     *
     * @param length bytes
     * @param remote the peer's buffer
     * @param cookie the completion's cookie
     * @param flags completion flags
     */
    void postWrite(final long length, final RemoteMemoryTriplet remote, final long cookie,
            final Set<CompletionFlag> flags) {
        ep.postRdmaWrite(dataList(length), cookie, remoteAt(remote, length), flags);
    }

    /**
     * Posts an RDMA read of {@code length} bytes of the peer's buffer into the start of the data buffer.
     *
     * @param length bytes
     * @param remote the peer's buffer
     * @param cookie the completion's cookie
     */
    void postRead(final long length, final RemoteMemoryTriplet remote, final long cookie) {
        ep.postRdmaRead(dataList(length), cookie, remoteAt(remote, length), CompletionFlag.DEFAULT);
    }

    /**
     * {@return the part of the data buffer as a local triplet}
     *
     * @param offset from the start
     * @param length bytes
     */
    LocalMemoryTriplet dataTriplet(final long offset, final long length) {
        return dataLmr.triplet(offset, length);
    }

    private static RemoteMemoryTriplet at(final RemoteMemoryTriplet remote, final long length) {
        return new RemoteMemoryTriplet(remote.rmrContext(), remote.virtualAddress(), length);
    }

    /**
     * Waits for the next completion on the request EVD and checks it succeeded.
     *
     * @param what what is being waited for, for the error message
     * @return the completion, valid until the next take of a request completion
     */
    Completion awaitRequest(final String what) {
        return awaitDto(requestEvd, requestDone, what, DTO_TIMEOUT);
    }

    /**
     * Takes the next completion on the request EVD if there is one, checking it succeeded.
     *
     * @param what what it is, for the error message
     * @return the completion (valid until the next take of a request completion), or null when none is queued
     */
    Completion pollRequest(final String what) {
        return requestDone.poll(requestEvd) ? checked(requestDone, what) : null;
    }

    /**
     * Waits for the next receive completion and checks it succeeded; the caller reposts the slot.
     *
     * @param what what is being waited for, for the error message
     * @return the completion, valid until the next take of a receive completion; its cookie is the slot index
     */
    Completion awaitRecv(final String what) {
        return awaitDto(recvEvd, recvDone, what, DTO_TIMEOUT);
    }

    /**
     * Waits for the next receive completion, as {@link #awaitRecv(String)}, with a given timeout.
     *
     * @param what what is being waited for
     * @param timeout how long
     * @return the completion
     */
    Completion awaitRecv(final String what, final Duration timeout) {
        return awaitDto(recvEvd, recvDone, what, timeout);
    }

    private Completion awaitDto(final EventDispatcher evd, final Completion into, final String what,
            final Duration timeout) {
        if (polling) {
            // taken field by field (no event record per completion); the clock is read every 256th empty poll, the
            // first time to start the timeout (on a VM a read costs about as much as an empty poll, and most waits of
            // a ping-pong end before)
            long deadline = 0;
            for (int i = 1; !into.poll(evd); i++) {
                if ((i & 255) == 0) {
                    final long now = System.nanoTime();
                    if (deadline == 0) {
                        deadline = now + timeout.toNanos();
                    } else if (now - deadline > 0) {
                        throw timedOut(what, timeout, "polling for");
                    }
                }
                Thread.onSpinWait();
            }
        } else {
            final Event e = Diagnosis.awaitOrNull(evd, timeout);
            if (e == null) {
                throw timedOut(what, timeout, "waiting for");
            }
            into.fill(evd, e);
        }
        return checked(into, what);
    }

    /** {@return the failure of a wait that timed out}: the connection's end when it ended meanwhile */
    private IllegalStateException timedOut(final String what, final Duration timeout, final String doing) {
        final Event c = connectEvd.poll();
        if (c instanceof ConnectionEvent ce && ce.number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
            connected = false;
            return new IllegalStateException(Diagnosis.connectionEnded(ce.number()) + " while " + doing + " " + what
                    + "; nothing completed within " + timeout.toSeconds() + " s");
        }
        return new IllegalStateException("timed out after " + timeout.toSeconds() + " s " + doing + " " + what
                + (c == null ? "" : " (the connect EVD had " + c.number().cName() + ")"));
    }

    private Completion checked(final Completion c, final String what) {
        if (c.other() != null) {
            throw new IllegalStateException("expected a DTO completion for " + what + ", got "
                    + c.other().number().cName());
        }
        if (c.status() != DtoStatus.SUCCESS) {
            throw failed(c.record(), what);
        }
        return c;
    }

    /**
     * {@return what went wrong when an operation completed in error}: an error completion normally means that the
     * connection ended (a broken connection flushes everything posted), so the connection's event comes first, then
     * the first error status (the first one other than FLUSHED, which only follows from the break, when the queues
     * hold one)
     *
     * @param first the failed completion
     * @param what what was being waited for
     */
    private IllegalStateException failed(final DtoCompletionEvent first, final String what) {
        final Event c = Diagnosis.awaitOrNull(connectEvd, Diagnosis.BREAK_GRACE);
        final List<DtoCompletionEvent> errors = new ArrayList<>();
        errors.add(first);
        int flushed = 0;
        for (final EventDispatcher evd : new EventDispatcher[] {requestEvd, recvEvd}) {
            for (int i = 0; i < Diagnosis.MAX_DRAINED; i++) {
                final Event more = evd.poll();
                if (more == null) {
                    break;
                }
                if (more instanceof DtoCompletionEvent d && d.status() != DtoStatus.SUCCESS) {
                    errors.add(d);
                    flushed += d.status() == DtoStatus.FLUSHED ? 1 : 0;
                }
            }
        }
        DtoCompletionEvent cause = first;
        for (final DtoCompletionEvent d : errors) {
            if (d.status() != DtoStatus.FLUSHED) {
                cause = d;
                break;
            }
        }
        final String status = Diagnosis.dtoError(cause) + (cause == first ? "" : " (" + what + " got "
                + "DAT_DTO_ERR_" + first.status() + ")");
        if (c instanceof ConnectionEvent ce && ce.number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
            connected = false;
            return new IllegalStateException(Diagnosis.connectionEnded(ce.number()) + " while waiting for " + what
                    + "; the first error: " + status + (flushed > 0 ? "; " + flushed + " more operations flushed"
                    : ""));
        }
        return new IllegalStateException(what + " failed: " + status + (c == null
                ? "; the connection reported no event within " + Diagnosis.BREAK_GRACE.toSeconds() + " s"
                : "; the connect EVD had " + c.number().cName()));
    }

    /**
     * Sends this side's buffer info (dtest's RMR triplet) and receives the peer's, checked
     * ({@link Wire#getRmrTriplet(MemorySegment, long, long, String)}).
     *
     * @param advertisedLength the segment length to advertise
     * @param needed the bytes this side will transfer to and from the peer's buffer (0: none)
     * @param advice what to do when the peer's buffer is smaller
     * @return the peer's buffer
     */
    RemoteMemoryTriplet exchangeBufferInfo(final int advertisedLength, final long needed, final String advice) {
        Wire.putRmrTriplet(control(), 0, dataLmr.registeredAddress(), advertisedLength, dataLmr.rmrContext());
        sendControl(Wire.RMR_TRIPLET_SIZE);
        final Completion r = awaitRecv("the peer's buffer info");
        if (r.transferredLength() != Wire.RMR_TRIPLET_SIZE) {
            throw new IllegalStateException("expected " + Wire.RMR_TRIPLET_SIZE + " bytes of buffer info, received "
                    + r.transferredLength());
        }
        final int s = (int) r.cookie();
        final RemoteMemoryTriplet remote = Wire.getRmrTriplet(slot(s), 0, needed, advice);
        repost(s);
        return remote;
    }

    /**
     * Client side: disconnects and waits for DISCONNECTED.
     */
    void disconnect() {
        if (connected) {
            final long t = System.nanoTime();
            ep.disconnect(CloseMode.ABRUPT);
            awaitConnection(EventNumber.CONNECTION_EVENT_DISCONNECTED, DTO_TIMEOUT);
            timings.put("disconnect", System.nanoTime() - t);
            connected = false;
        }
    }

    /**
     * Server side: waits for the peer to disconnect.
     *
     * @param timeout how long
     */
    void awaitDisconnect(final Duration timeout) {
        if (connected) {
            awaitConnection(EventNumber.CONNECTION_EVENT_DISCONNECTED, timeout);
            connected = false;
        }
    }

    /** Frees everything, children first, timing the frees as dtest does; idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        final List<RuntimeException> errors = new ArrayList<>();
        timed("ep free", ep, errors);
        if (psp != null) {
            run(psp::close, errors);
        }
        timed("lmr free", dataLmr, errors);
        if (ringLmr != null) {
            run(ringLmr::close, errors);
        }
        if (controlLmr != null) {
            run(controlLmr::close, errors);
        }
        final long t = System.nanoTime();
        for (final EventDispatcher evd : new EventDispatcher[] {requestEvd, recvEvd, connectEvd, crEvd}) {
            if (evd != null) {
                run(evd::close, errors);
            }
        }
        timings.put("evd free", System.nanoTime() - t);
        timed("pz free", pz, errors);
        if (ownsIa) {
            timed("close", ia, errors);
        }
        arena.close();
        if (!errors.isEmpty()) {
            final RuntimeException first = errors.getFirst();
            for (int i = 1; i < errors.size(); i++) {
                first.addSuppressed(errors.get(i));
            }
            throw first;
        }
    }

    private void timed(final String step, final AutoCloseable handle, final List<RuntimeException> errors) {
        if (handle != null) {
            final long t = System.nanoTime();
            run(() -> handle.close(), errors);
            timings.put(step, System.nanoTime() - t);
        }
    }

    private static void run(final ThrowingRunnable r, final List<RuntimeException> errors) {
        try {
            r.run();
        } catch (final RuntimeException e) {
            errors.add(e);
        } catch (final Exception e) {
            errors.add(new IllegalStateException(e));
        }
    }

    @FunctionalInterface
    private interface ThrowingRunnable {
        void run() throws Exception;
    }
}
