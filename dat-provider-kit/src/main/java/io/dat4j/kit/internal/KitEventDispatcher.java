package io.dat4j.kit.internal;

import io.dat4j.Capability;
import io.dat4j.ConsumerNotifier;
import io.dat4j.DatException;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventDispatcherParameters;
import io.dat4j.EventHandler;
import io.dat4j.EventNumber;
import io.dat4j.EventSlot;
import io.dat4j.EventStream;
import io.dat4j.HandleType;
import io.dat4j.InterfaceAdapter;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.kit.CompletionSource;
import io.dat4j.kit.ConsumerGate;
import io.dat4j.kit.EventSink;
import io.dat4j.kit.KitLock;
import io.dat4j.kit.LockRank;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;

/**
 * The kit's event dispatcher ({@code DAT_EVD_HANDLE}): a bounded ring of events usable by any provider. The ring
 * ({@link EventRing}, the storage, in a class of its own) keeps DTO completions ({@link #postDto}) and software
 * events as fields, not records, so posting them, taking them into an {@link EventSlot} and draining them into an
 * {@link EventHandler} allocate nothing; the record forms ({@link #dequeue()}, {@link #await(Duration, int)}) build the
 * record when it is taken. {@link #await} parks the one waiter
 * ({@link EvdWaiter}, after its spin) and is unparked by the post that reaches its threshold, by {@link #signal()}, by close (ABORT) and by
 * {@link #setUnwaitable()}. A DTO completion that does not fit waits in its EP's queue, its slot held, until a take
 * makes room ({@link EvdBacklog}). Any other event that does not fit is dropped and counted, and one
 * {@code ASYNC_ERROR_EVD_OVERFLOW} naming the EVD is queued on the IA's async EVD until the consumer takes it, with
 * the drops counted by then ({@link OverflowReport}: the async EVD cannot be filled from outside and never dies).
 *
 * <p>A transport with a completion queue of its own gives the EVD a {@link CompletionSource}, which the EVD polls
 * on the consumer's thread: {@code dequeue} and {@code poll} when the ring has nothing to give (what it holds is
 * older), {@code size} and each round of {@code await} before they look at the ring. A transport with software progress (TCP) lets the waiter
 * make progress itself ({@link CompletionSource#progress}) instead of parking.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; one waiter at a time. The ring's posting side and
 * the waiter are guarded by {@link #lock} ({@link LockRank#EVENT_DISPATCHER}), which posts take under an EP's or an
 * operation queue's lock; nothing but a CNO's lock is taken under it, and the completion source is polled, driven,
 * armed and woken with it released. Entries are taken under the ring's take claim ({@link EventRing#claim()}, a
 * leaf), not the lock: {@code dequeue}, {@code poll} and {@code poll(handler, limit)} take the claim alone (the async
 * EVD's take the lock first), the waiter takes it under the lock; order and exactly-once are the claim's. An empty
 * ring is seen with neither ({@link EventRing#countAcquire()}). A completion that a consumer's own source poll makes
 * while the ring is empty is handed straight to that consumer, bypassing the ring ({@link #handOff},
 * {@link #handsOff}). See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class KitEventDispatcher extends KitHandle implements EventDispatcher {

    /** The entry a drain copies out to call its handler with the lock released; one per polling thread. */
    private static final ThreadLocal<EventRing.Taken> TAKEN = ThreadLocal.withInitial(EventRing.Taken::new);

    private final KitInterfaceAdapter ia;
    /**
     * The holder of the thread that last drained this EVD with a handler, read and written racily (a plain field): a
     * thread that finds its own holder here ({@link EventRing.Taken#owner}, final) skips the thread-local lookup;
     * any other goes to the thread-local and leaves its holder here. No allocation either way.
     */
    private EventRing.Taken lastTaken;
    /**
     * The hand-off: the holder of the thread that polls this EVD's source (or makes a round of its progress) from
     * {@code poll(handler, limit)} or {@code dequeue(EventSlot)} after it found the ring empty, set for that call
     * alone and cleared after it. A plain field, read racily under {@link #lock} by whoever completes into this EVD:
     * only a completion made on the holder's own thread ({@link EventRing.Taken#owner}, final), that is by the
     * source's poll inside that window, may use it, so a stale or torn-off value found by another thread is never
     * its own and changes nothing ({@link #handsOff}).
     */
    private EventRing.Taken handOff;
    private final Set<EventStream> streams;
    private final boolean async;
    private final KitLock lock = new KitLock(LockRank.EVENT_DISPATCHER, this);
    /**
     * The IA's single-thread gate ({@link ConsumerGate}): {@code dequeue}, {@code poll} and the takes of
     * {@code poll(handler, limit)} take it, and holding it take without the claim; completions the source's poll
     * makes then post without {@link #lock} (their queue's completing side skips it). A wait gives it back first.
     */
    private final ConsumerGate gate;
    private final UseCount users = new UseCount();
    /** The queued events (guarded by lock). */
    private final EventRing ring;
    /** The consumer's queue length; the ring may hold {@link #room} more (guarded by lock). */
    private int requestedLength;
    /** The one thread waiting, its threshold and its spin (its fields guarded by lock). */
    private final EvdWaiter waiter;
    private volatile boolean enabled = true;
    private volatile boolean unwaitable;
    /** The EP queues whose completions wait for room in the ring (guarded by lock, but for its flag). */
    private final EvdBacklog backlog;
    /** This EVD's drops and whether their report is queued. */
    private final OverflowReport overflow = new OverflowReport();
    private volatile KitConsumerNotifier notifier;
    private volatile CompletionSource source;
    private final KitEventSink sink = new KitEventSink(this);

    KitEventDispatcher(final KitInterfaceAdapter ia, final int queueLength, final KitConsumerNotifier notifier,
            final Set<EventStream> streams, final boolean async) {
        this.ia = ia;
        this.gate = ia.gate;
        this.requestedLength = queueLength;
        this.ring = new EventRing(queueLength);
        this.waiter = new EvdWaiter(this, lock, ring, ia.config().settings().evdSpinNanos());
        this.backlog = new EvdBacklog(this, lock, ring);
        this.notifier = notifier;
        this.streams = Set.copyOf(EnumSet.copyOf(streams));
        this.async = async;
    }

    void source(final CompletionSource value) {
        source = value;
    }

    /** {@return the IA's single-thread gate} */
    ConsumerGate gate() {
        return gate;
    }

    /** {@return the completion source of this EVD, or null} */
    CompletionSource completionSource() {
        return source;
    }

    /** {@return the transport's view of this EVD} */
    EventSink sink() {
        return sink;
    }

    /** {@return the queue length now} */
    int queueLength() {
        lock.lock();
        try {
            return ring.capacity();
        } finally {
            lock.unlock();
        }
    }

    @Override
    KitInterfaceAdapter owner() {
        return ia;
    }

    @Override
    StatusSubtype invalidHandleSubtype() {
        return StatusSubtype.NO_SUBTYPE;
    }

    Set<EventStream> streamSet() {
        return streams;
    }

    boolean takes(final EventStream stream) {
        return streams.contains(stream);
    }

    boolean isAsync() {
        return async;
    }

    /** {@return true if a new user was counted; false once the EVD is being freed} ({@link UseCount}) */
    boolean tryRetain() {
        return users.tryRetain();
    }

    void release() {
        users.release();
    }

    KitConsumerNotifier notifierRef() {
        return notifier;
    }

    // ---------------------------------------------------------------- posting (provider side)

    /**
     * Posts an event (the provider's side of the queue). Wakes the waiter when its threshold is reached, or triggers
     * the CNO when enabled and nobody waits. Allocation-free.
     *
     * @param event the event; its {@code dispatcher()} should be this EVD
     * @return false if it did not fit (it was dropped and EVD_OVERFLOW reported) or the EVD is freed
     */
    boolean post(final Event event) {
        if (isClosed()) {
            return false;
        }
        if (!offer(null, EventRing.RECORD, event, 0, null, 0, null, 0)) {
            overflowed(event.number());
            return false;
        }
        return true;
    }

    /**
     * Posts the DTO completion at the head of an EP queue (whose lock the caller holds) without a record: its fields
     * go into the ring, allocation-free. Only if {@link EvdBacklog#admits} it: then the queue's slot is freed
     * ({@link OperationQueue#retireHead()}) under the lock, before the event is appended; a freed EVD drops it (the
     * slot freed all the same). Otherwise the queue waits, its slot held, until a take makes room.
     *
     * @return false if the completion waits for room (the queue joined the EVD's backlog)
     */
    boolean postDto(final OperationQueue queue, final Endpoint endpoint, final long cookie, final DtoStatus status,
            final long transferredLength, final DtoOperation operation, final int rmrContext) {
        return offer(queue, EventRing.DTO, endpoint, cookie, status, transferredLength, operation, rmrContext);
    }

    /** The queue has nothing waiting for room any more; the caller holds its lock. */
    void leaveBacklog(final OperationQueue queue) {
        backlog.leaveLocking(queue);
    }

    /**
     * {@return true if the ring may hold an event}, without lock or claim: an empty ring costs two reads; when it is
     * empty while completions wait for room, they are moved in first ({@link EvdBacklog#refilled()})
     */
    private boolean mayTake() {
        return ring.countAcquire() > 0 || backlog.pending() && backlog.refilled();
    }

    /** After a take, or a resize: moves in what waits for room (a volatile read when nothing waits). */
    void afterTake() {
        if (backlog.pending()) {
            backlog.refill();
        }
    }

    /** What a post leaves to do once the EVD's lock is released ({@link #afterPost}): nothing. */
    static final int AFTER_NOTHING = 0;
    /** What a post leaves to do: unpark the waiter, whose threshold it reached. */
    static final int AFTER_WAKE = 1;
    /** What a post leaves to do: unpark the waiter, which drives the source, and wake the source. */
    static final int AFTER_WAKE_DRIVER = 2;
    /** What a post leaves to do: trigger the CNO (enabled, and nobody waits). */
    static final int AFTER_NOTIFY = 3;
    /** A post refused: the ring is full (nothing changed; a DTO completion joined the backlog). */
    static final int REFUSED = -1;

    /**
     * Appends an event if there is room, then wakes the waiter when its threshold is reached, or triggers the CNO
     * when enabled and nobody waits. Allocation-free.
     *
     * @return false, with nothing changed, when the ring is full
     */
    private boolean offer(final OperationQueue from, final byte kind, final Object ref, final long cookie,
            final DtoStatus status, final long length, final DtoOperation operation, final int rmr) {
        final int after;
        Thread w = null;
        lock.lock();
        try {
            after = appendHeld(from, kind, ref, cookie, status, length, operation, rmr);
            if (after == AFTER_WAKE || after == AFTER_WAKE_DRIVER) {
                w = waiter.thread();
            }
        } finally {
            lock.unlock();
        }
        if (after == REFUSED) {
            return false;
        }
        afterPost(after, w);
        return true;
    }

    /**
     * The posting side of the ring, under {@link #lock}: admits and appends the event (for a DTO completion, frees its
     * queue slot first), and {@return what is left to do once the lock is released, or {@link #REFUSED}}.
     */
    private int appendHeld(final OperationQueue from, final byte kind, final Object ref, final long cookie,
            final DtoStatus status, final long length, final DtoOperation operation, final int rmr) {
        if (from != null) {
            if (isClosed()) {
                from.retireHead(); // dropped with the EVD's other events
                return AFTER_NOTHING;
            }
            final EventRing.Taken h = handOff;
            if (h != null && h.owner == Thread.currentThread() && handsOff(h)) {
                from.retireHead(); // the slot is free before the handler runs
                h.hand(ref, cookie, status, length, operation, rmr);
                return AFTER_NOTHING;
            }
            if (!backlog.admits(from)) {
                return REFUSED;
            }
            from.retireHead(); // the slot is free before the event can be taken
        } else if (ring.isFull()) {
            return REFUSED;
        }
        ring.append(kind, ref, cookie, status, length, operation, rmr);
        if (waiter.thread() != null) {
            if (ring.count() >= waiter.threshold()) {
                return waiter.driving() ? AFTER_WAKE_DRIVER : AFTER_WAKE;
            }
            return AFTER_NOTHING;
        }
        return enabled && notifier != null ? AFTER_NOTIFY : AFTER_NOTHING;
    }

    /**
     * {@return true if the DTO completion being posted goes straight to the polling thread whose holder {@code h} is
     * (a completion its own source poll made), bypassing the ring}: only into an empty holder, with the ring empty
     * (nothing older to take first: under the lock nothing is appended meanwhile, and takes only empty it further),
     * no queue waiting for room (it would be older), no waiter (whose threshold the event would count toward) and no
     * CNO to trigger (an enabled EVD with a notifier: the consumer sees the trigger as before). Under {@link #lock},
     * on the holder's own thread.
     */
    private boolean handsOff(final EventRing.Taken h) {
        return !h.handed() && ring.count() == 0 && !backlog.pending() && waiter.thread() == null
                && !(enabled && notifier != null);
    }

    /** {@return this thread's holder of taken entries}: the last one used on this EVD if it is this thread's */
    private EventRing.Taken holder() {
        EventRing.Taken h = lastTaken;
        if (h == null || h.owner != Thread.currentThread()) {
            h = TAKEN.get();
            lastTaken = h;
        }
        return h;
    }

    /**
     * Polls the source (or, with {@code progress}, makes one round of its progress) with the hand-off open to this
     * thread's holder: a completion that the call makes into this EVD while the ring is empty goes into the holder
     * ({@link #handsOff}). If the source throws after it handed one, that one goes to {@code handler} first, so
     * that it is not lost; with a {@code slot} the call returns instead (the holder still holds it, and
     * {@code dequeue(slot)} returns it: a slot filled by a call that throws is lost to its caller).
     *
     * @return what the source returned: the completions it moved (poll), or 1 if it made progress, else 0
     */
    private int pollHandingOff(final CompletionSource s, final EventRing.Taken h, final boolean progress,
            final EventHandler handler, final EventSlot slot) {
        handOff = h;
        try {
            return progress ? s.progress(0) ? 1 : 0 : s.poll();
        } catch (final RuntimeException | Error e) {
            handOff = null;
            if (h.handed()) {
                if (slot != null) {
                    // dequeue(slot) returns it (true): a slot filled by a call that throws is lost to its caller;
                    // the source's next poll reports its failure again
                    return 1;
                }
                h.deliver(this, handler);
            }
            throw e;
        } finally {
            handOff = null;
        }
    }

    /**
     * Posts a DTO completion of an EP queue whose completing side takes this EVD's lock ({@link #completionLock()}),
     * which the caller holds: one lock per completion. {@return what is left to do once the lock is released
     * ({@link #afterPost}, with {@link #waiterThread()} read now), or {@link #REFUSED} when the event waits for room}
     */
    int postDtoHeld(final OperationQueue queue, final Endpoint endpoint, final long cookie, final DtoStatus status,
            final long transferredLength, final DtoOperation operation, final int rmrContext) {
        return appendHeld(queue, EventRing.DTO, endpoint, cookie, status, transferredLength, operation, rmrContext);
    }

    /** {@return the waiting thread, or null}; under the lock (after {@link #postDtoHeld}) */
    Thread waiterThread() {
        return waiter.thread();
    }

    /** {@return the lock of the completing side of the EP queues that complete into this EVD: its own} */
    KitLock completionLock() {
        return lock;
    }

    /**
     * What a post left to do, with the EVD's lock released: unpark the waiter (and wake the source it drives), or
     * trigger the CNO.
     *
     * @param after what {@link #appendHeld} returned
     * @param w the waiter read under the lock, for {@link #AFTER_WAKE} and {@link #AFTER_WAKE_DRIVER}
     */
    void afterPost(final int after, final Thread w) {
        if (after == AFTER_WAKE || after == AFTER_WAKE_DRIVER) {
            if (w != null && w != Thread.currentThread()) {
                // (a waiter making progress posts its own completions: nothing to wake)
                LockSupport.unpark(w);
                if (after == AFTER_WAKE_DRIVER) {
                    wakeSource();
                }
            }
        } else if (after == AFTER_NOTIFY) {
            final KitConsumerNotifier n = notifier;
            if (n != null) {
                n.fired(this);
            }
        }
    }

    private void overflowed(final EventNumber dropped) {
        KitInterfaceAdapter.LOG.debug("EVD {} of IA {} is full; dropped {}", this, ia.name(), dropped);
        if (overflow.dropped()) {
            ia.reportOverflow(this);
        }
    }

    /**
     * Async EVD: queues the overflow report of an EVD (at most one per EVD is queued: {@link OverflowReport}); one that
     * does not fit waits until the consumer takes an event.
     *
     * @param evd the EVD that overflowed (may be this one)
     */
    void queueOverflowReport(final KitEventDispatcher evd) {
        if (offer(null, EventRing.OVERFLOW, evd, evd.ring.capacity(), null, 0, null, 0)) {
            return;
        }
        lock.lock();
        try {
            ring.hold(evd);
        } finally {
            lock.unlock();
        }
    }

    /** {@return this EVD's drops and whether their report is queued (the async EVD's ring takes the report)} */
    OverflowReport overflowReport() {
        return overflow;
    }

    /** {@return the ring's length, read without the lock (for the async EVD's overflow report)} */
    int ringCapacity() {
        return ring.capacity();
    }

    /**
     * Wakes the waiter so that it polls the {@link CompletionSource} (a transport's completion notification).
     * Allocation-free; does nothing when nobody waits.
     */
    void signal() {
        if (!wakeWaiter() && enabled && notifier != null && source != null) {
            final KitConsumerNotifier n = notifier;
            if (n != null) {
                n.fired(this);
            }
        }
    }

    // ---------------------------------------------------------------- consumer side

    @Override
    public HandleType handleType() {
        return HandleType.EVD;
    }

    @Override
    public InterfaceAdapter interfaceAdapter() {
        checkOpen();
        return ia;
    }

    @Override
    public EventDispatcherParameters query() {
        checkOpen();
        lock.lock();
        try {
            return new EventDispatcherParameters(ia, ring.capacity(), notifier, streams);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Set<EventStream> streams() {
        checkOpen();
        return streams;
    }

    @Override
    public int size() {
        checkOpen();
        pollSource();
        return ring.countAcquire();
    }

    @Override
    public void resize(final int queueLength) {
        checkOpen();
        if (!ia.has(Capability.EVD_RESIZE)) {
            throw Checks.notImplemented("dat_evd_resize");
        }
        final int max = ia.limits().maxEventDispatcherQueueLength();
        if (queueLength < 1 || queueLength > max) {
            throw Checks.invalidArg(2, "queue length must be 1.." + max + ", was " + queueLength);
        }
        lock.lock();
        try {
            checkResizable(queueLength); // (before the source resizes: a refused resize leaves it as it was)
        } finally {
            lock.unlock();
        }
        final CompletionSource s = source;
        if (s != null) {
            s.resize(queueLength);
        }
        lock.lock();
        ring.claim();
        try {
            checkResizable(queueLength);
            ring.reallocate(queueLength);
            requestedLength = queueLength;
        } finally {
            ring.unclaim();
            lock.unlock();
        }
        afterTake(); // a longer ring takes what waits for room
    }

    /**
     * Async EVD: makes room for {@code extra} events beyond the consumer's length, one per EP of an SRQ for the
     * EP_BROKEN that ends its connection ({@link KitSharedReceiveQueue#lastReceiveTaken}), so that a program that
     * frees its EPs slower than their connections end does not lose them (and the EVD) to an overflow. Shrinks back
     * when the queued events allow.
     *
     * @param extra the number of such EPs
     */
    void room(final int extra) {
        lock.lock();
        ring.claim();
        try {
            final int length = requestedLength + extra;
            if (length != ring.capacity() && ring.count() <= length) {
                ring.reallocate(length);
            }
        } finally {
            ring.unclaim();
            lock.unlock();
        }
    }

    @Override
    public void postSoftwareEvent(final Object payload) {
        checkOpen();
        if (!streams.contains(EventStream.SOFTWARE)) {
            throw Checks.invalidArg(1, "the EVD was created without EventStream.SOFTWARE, so it takes no software"
                    + " events");
        }
        if (!offer(null, EventRing.SOFTWARE, payload, 0, null, 0, null, 0)) {
            throw new DatException(StatusType.QUEUE_FULL, null, "EVD of " + ring.capacity() + " events is full");
        }
    }

    void pollSource() {
        final CompletionSource s = source;
        if (s != null) {
            s.poll();
        }
    }

    private void wakeSource() {
        final CompletionSource s = source;
        if (s != null) {
            s.wakeup();
        }
    }

    @Override
    public Event dequeue() {
        final Event e = poll();
        if (e == null) {
            throw new DatException(StatusType.QUEUE_EMPTY, null, "no event is queued");
        }
        return e;
    }

    @Override
    public Event poll() {
        gate.enter();
        return pollGated();
    }

    private Event pollGated() {
        checkOpen();
        if (mayTake()) { // an event queued before this call is older than anything the source holds
            final Event e = takeLocked();
            if (e != null) {
                return e;
            }
        }
        pollSource();
        if (mayTake()) {
            final Event e = takeLocked();
            if (e != null) {
                return e;
            }
        }
        final CompletionSource s = source;
        if (s == null || !s.progress(0) || ring.countAcquire() == 0) {
            return null;
        }
        return takeLocked();
    }

    /**
     * Takes the take claim (the async EVD's lock first: its takes admit held overflow entries, a post); pair with
     * {@link #endTake()}.
     */
    private void beginTake() {
        if (async) {
            lock.lock();
        } else if (gate.mine()) {
            return; // the consumer inside the single-thread gate: no other taker (ConsumerGate)
        }
        ring.claim();
    }

    private void endTake() {
        if (async) {
            ring.unclaim();
            lock.unlock();
        } else if (!gate.mine()) {
            ring.unclaim();
        }
    }

    /** {@return the head as a record, or null when another consumer took the last one}; takes the claim */
    private Event takeLocked() {
        final Event e;
        beginTake();
        try {
            e = ring.hasEntry() ? ring.takeRecord(this) : null;
        } finally {
            endTake();
        }
        afterTake();
        return e;
    }

    /** {@return true if the head was taken into the slot, false when another consumer took the last one} */
    private boolean takeLocked(final EventSlot into) {
        beginTake();
        try {
            if (!ring.hasEntry()) {
                return false;
            }
            ring.takeInto(this, into);
        } finally {
            endTake();
        }
        afterTake();
        return true;
    }

    /**
     * {@inheritDoc} Allocation-free for DTO completions and software events. The ring is looked at first: an event
     * queued before the call is older than any completion the source holds, so the source is polled only when the
     * ring has none (as libdapl's {@code dat_evd_dequeue} copies its CQ only when the EVD is empty); an EVD still
     * empty then gets one non-blocking round of the transport's progress ({@link CompletionSource#progress}). An
     * empty ring is seen without the lock or the claim ({@link EventRing#countAcquire()}); an entry is taken under the
     * claim.
     */
    @Override
    public boolean dequeue(final EventSlot into) {
        checkOpen();
        if (into == null) {
            throw Checks.invalidArg(2, "the event slot is null");
        }
        gate.enter();
        return dequeueGated(into);
    }

    private boolean dequeueGated(final EventSlot into) {
        if (mayTake() && takeLocked(into)) { // queued before this call: older than anything the source holds
            return true;
        }
        final CompletionSource s = source;
        if (s == null) {
            return mayTake() && takeLocked(into);
        }
        final EventRing.Taken h = holder();
        pollHandingOff(s, h, false, null, into);
        if (h.handed()) { // a completion of that poll, handed straight here
            h.handInto(this, into);
            return true;
        }
        if (mayTake() && takeLocked(into)) {
            return true;
        }
        if (pollHandingOff(s, h, true, null, into) == 0 && !h.handed()) {
            return false;
        }
        if (h.handed()) {
            h.handInto(this, into);
            return true;
        }
        return ring.countAcquire() > 0 && takeLocked(into);
    }

    /**
     * {@inheritDoc} Allocation-free for DTO completions and software events: each entry is copied out of the ring
     * under the claim into a holder of the calling thread, and handed to the handler with the claim released. The
     * source is polled when the ring runs empty before {@code limit} events were taken (and an EVD empty at once gets
     * one round of progress), not before: what the ring holds is older. An empty ring is seen without the lock or the
     * claim ({@link EventRing#countAcquire()}).
     */
    @Override
    public int poll(final EventHandler handler, final int limit) {
        checkOpen();
        if (handler == null) {
            throw Checks.invalidArg(2, "the event handler is null");
        }
        if (limit < 1) {
            throw Checks.invalidArg(3, "the limit must be 1 or more, was " + limit);
        }
        // the ring first: what it holds is older than anything the source holds, which is polled once it is empty
        EventRing.Taken holder = null; // the thread-local lookup only when there is something to take
        boolean progressed = false;
        int n = 0;
        while (n < limit) {
            boolean got = false;
            if (mayTake()) { // an empty ring costs this read, not the lock
                if (holder == null) {
                    holder = holder();
                }
                gate.enter();
                beginTake();
                try {
                    got = ring.hasEntry();
                    if (got) {
                        ring.takeInto(this, holder);
                    }
                } finally {
                    endTake();
                }
            }
            if (got) {
                afterTake();
                n++;
                holder.deliver(this, handler);
                continue;
            }
            // empty: what the source holds now, then (before anything was taken) one round of progress, as poll()
            // (an EVD found empty at once: one poll of the source, then the progress round). A completion either
            // makes into this EVD while the ring is still empty comes straight to this thread (handsOff).
            final CompletionSource s = source;
            if (s == null || isClosed()) {
                break;
            }
            if (holder == null) {
                holder = holder();
            }
            if (pollHandingOff(s, holder, false, handler, null) == 0 && !holder.handed()) {
                if (n > 0 || progressed) {
                    break;
                }
                progressed = true;
                if (pollHandingOff(s, holder, true, handler, null) == 0 && !holder.handed()) {
                    break;
                }
            }
            if (holder.handed()) {
                n++;
                holder.deliver(this, handler);
            }
        }
        return n;
    }

    @Override
    public Event await(final Duration timeout, final int threshold) {
        return waiter.await(timeout, threshold, null);
    }

    /** {@inheritDoc} Allocation-free for DTO completions and software events. */
    @Override
    public int await(final Duration timeout, final int threshold, final EventSlot into) {
        if (into == null) {
            checkOpen();
            throw Checks.invalidArg(4, "the event slot is null");
        }
        waiter.await(timeout, threshold, into);
        return waiter.more();
    }

    /**
     * Refuses a new length shorter than the queued events, or than the threshold of a thread waiting now (that wait
     * could never end: C refuses every resize while a thread waits). Under {@link #lock}.
     */
    private void checkResizable(final int queueLength) {
        final int queued = ring.count();
        if (queued > queueLength) {
            throw Checks.invalidState(StatusSubtype.NO_SUBTYPE, queued + " events are queued, more than the new"
                    + " length " + queueLength + "; dequeue first");
        }
        final Thread w = waiter.thread();
        if (w != null && waiter.threshold() > queueLength) {
            throw Checks.invalidState(StatusSubtype.NO_SUBTYPE, "thread " + w.getName() + " waits for "
                    + waiter.threshold() + " events, more than the new length " + queueLength
                    + "; resize after its wait ends");
        }
    }

    @Override
    public void enable() {
        checkOpen();
        enabled = true;
    }

    @Override
    public void disable() {
        checkOpen();
        enabled = false;
    }

    @Override
    public boolean isEnabled() {
        checkOpen();
        return enabled;
    }

    @Override
    public void setUnwaitable() {
        checkOpen();
        unwaitable = true;
        wakeWaiter();
    }

    /** {@return true while {@link #setUnwaitable()} is in force} (a volatile read) */
    boolean isUnwaitable() {
        return unwaitable;
    }

    @Override
    public void clearUnwaitable() {
        checkOpen();
        unwaitable = false;
    }

    @Override
    public void modifyNotifier(final ConsumerNotifier value) {
        checkOpen();
        if (!ia.has(Capability.CNO)) {
            throw Checks.notImplemented("dat_evd_modify_cno");
        }
        final KitConsumerNotifier n = value == null ? null : ia.handles().checkNotifier(value, 2);
        if (n != null && !n.tryRetain()) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_CNO, "CNO (argument 2) was freed meanwhile");
        }
        // The swap is one step under the lock, and the free reads the CNO to uncount under it after marking the EVD
        // closed: two changes at once each uncount the CNO they replaced (not the same one twice), and a change that
        // comes after the free uncounts its own CNO instead of leaving it counted for a freed EVD.
        final KitConsumerNotifier old;
        final boolean freed;
        lock.lock();
        try {
            freed = isClosed();
            old = freed ? n : notifier;
            if (!freed) {
                notifier = n;
            }
        } finally {
            lock.unlock();
        }
        if (old != null) {
            old.release();
        }
        if (freed) {
            checkOpen(); // INVALID_HANDLE: freed meanwhile
        }
    }

    /** {@return true if a waiter was woken} */
    private boolean wakeWaiter() {
        final Thread w;
        final boolean drv;
        lock.lock();
        try {
            w = waiter.thread();
            drv = waiter.driving();
        } finally {
            lock.unlock();
        }
        if (w == null) {
            return false;
        }
        LockSupport.unpark(w);
        if (drv) {
            wakeSource();
        }
        return true;
    }

    @Override
    public void close() {
        if (isClosed()) {
            return;
        }
        if (async && !ia.isClosing()) {
            throw Checks.invalidState(StatusSubtype.INVALID_STATE_EVD_IN_USE,
                    "the IA's async EVD is freed with the IA (close the IA)");
        }
        final int n = users.tryClose();
        if (n > 0) {
            throw Checks.invalidState(StatusSubtype.INVALID_STATE_EVD_IN_USE, n
                    + " EP(s) or service point(s) still use this EVD; free them first");
        }
        release(false);
    }

    @Override
    void forceClose() {
        release(true);
    }

    private void release(final boolean force) {
        users.markClosing();
        if (!markClosed()) {
            return;
        }
        wakeWaiter();
        final CompletionSource s = source;
        if (s != null) {
            try {
                s.close();
            } catch (final RuntimeException e) {
                KitInterfaceAdapter.LOG.warn("closing the completion source of {} failed", this, e);
            }
        }
        final KitConsumerNotifier n;
        lock.lock();
        try {
            n = notifier; // after markClosed, under the lock: a concurrent modifyNotifier sees the EVD freed
        } finally {
            lock.unlock();
        }
        if (n != null) {
            n.release();
        }
        lock.lock();
        ring.claim();
        try {
            ring.clear();
            backlog.clear();
        } finally {
            ring.unclaim();
            lock.unlock();
        }
        ia.removeChild(this);
        if (force) {
            KitInterfaceAdapter.LOG.debug("EVD {} freed by IA close", this);
        }
    }
}
