package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

/**
 * The wake-up handshake of one connection, so that a side makes a system call only when its peer sleeps, and a
 * sleeper never sleeps through what it waits for. There are two independent handshakes, one per thing a side can
 * wait for: {@link #DATA} (the peer published new records: TAIL) and {@link #SPACE} (the peer consumed this side's
 * records: HEAD, which frees ring room and completes SENDs and WRITEs). A thread waiting for a receive arms DATA
 * only, so the peer's HEAD publications do not wake it.
 *
 * <ul>
 *   <li>Before sleeping, this side <em>arms</em>: if the peer answered the last arm (its WOKEN equals this side's
 *       ARM), ARM grows by one, then a full fence, then the caller looks at the rings once more before
 *       sleeping on its {@link Doorbell}.</li>
 *   <li>After publishing TAIL (or HEAD), a full fence, then the peer's ARM (or ARM_SPACE) is read: if it differs from
 *       the last one answered, this side stores it as WOKEN (WOKEN_SPACE) and rings the peer's doorbell.</li>
 * </ul>
 * Either the publisher sees the ARM (and wakes the sleeper) or the sleeper sees the publication (and does not
 * sleep): the two fences order each side's store before its load. While both sides poll nobody arms, and publishing
 * costs a fence and one read of a line that does not change. An armed connection stays armed until the peer's next
 * publication, so sleeping again costs nothing for connections that stayed quiet.
 *
 * <p>The peer's words are checked: its WOKEN must be this side's ARM or one less; its ARM must be the last answered or
 * one more. Anything else is a {@link ProtocolViolation}.
 *
 * <p>Thread safety: {@link #arm} may be called by any thread of this side (synchronized: rare, before sleeping, and
 * it keeps this side's ARM moving one step at a time); {@link #peerArmed} by the thread holding the connection (the
 * lock of its data path).
 */
public final class WakeControl {

    /** Wake me when the peer publishes records (TAIL). */
    public static final int DATA = 1;
    /** Wake me when the peer consumes my records (HEAD). */
    public static final int SPACE = 2;

    private static final VarHandle LONG = JAVA_LONG.varHandle();

    // each word is its own 8-byte slice of the mapping, indexed by DATA or SPACE (element 0 unused)
    private final MemorySegment[] myArm = new MemorySegment[3];
    private final MemorySegment[] myWoken = new MemorySegment[3];
    private final MemorySegment[] peerArm = new MemorySegment[3];
    private final MemorySegment[] peerWoken = new MemorySegment[3];
    private final MemorySegment myHeartbeat;
    private final MemorySegment peerHeartbeat;
    private final long[] woken = new long[3];
    /**
     * This side's heartbeat as last stored, from 0 (a new mapping's zero word; only this side writes it, so the count
     * goes on from here without reading the word back, and whatever a peer wrote there is overwritten).
     */
    private long beats;

    /**
     * Creates the handshake of a connection.
     *
     * @param map the mapping
     * @param layout its layout
     * @param side this process's side
     */
    public WakeControl(final MemorySegment map, final ConnectionLayout layout, final int side) {
        for (final int k : new int[] {DATA, SPACE}) {
            final int arm = k == DATA ? ConnectionLayout.ARM : ConnectionLayout.ARM_SPACE;
            final int wok = k == DATA ? ConnectionLayout.WOKEN : ConnectionLayout.WOKEN_SPACE;
            myArm[k] = layout.controlWord(map, side, arm);
            myWoken[k] = layout.controlWord(map, side, wok);
            peerArm[k] = layout.controlWord(map, 1 - side, arm);
            peerWoken[k] = layout.controlWord(map, 1 - side, wok);
        }
        this.myHeartbeat = layout.controlWord(map, side, ConnectionLayout.HEARTBEAT);
        this.peerHeartbeat = layout.controlWord(map, 1 - side, ConnectionLayout.HEARTBEAT);
    }

    /**
     * Arms the connection for what the caller waits for, unless armed already, then fences: look at the rings after
     * this and before sleeping.
     *
     * @param what {@link #DATA}, {@link #SPACE} or both
     * @throws ProtocolViolation when the peer's WOKEN is not this side's ARM or one less
     */
    public synchronized void arm(final int what) {
        if ((what & DATA) != 0) {
            arm1(DATA);
        }
        if ((what & SPACE) != 0) {
            arm1(SPACE);
        }
        VarHandle.fullFence();
    }

    private void arm1(final int k) {
        // arming is serialized on this side (synchronized arm), so ARM moves only here and the check is exact: the
        // peer can only have answered an ARM this side wrote, and ARM grows only once the last one was answered
        final long a = (long) LONG.getVolatile(myArm[k], 0L);
        final long w = (long) LONG.getVolatile(peerWoken[k], 0L);
        if (w == a - 1) {
            return; // armed, not answered yet
        }
        if (w != a) {
            throw new ProtocolViolation("the peer's WOKEN " + w + " is neither this side's ARM " + a
                    + " nor one less");
        }
        LONG.setVolatile(myArm[k], 0L, a + 1);
    }

    /**
     * After publishing TAIL ({@link #DATA}) or HEAD ({@link #SPACE}): {@return true if the peer armed for it since the
     * last wake-up}, in which case it is now answered and the caller must ring the peer's doorbell.
     *
     * @param what {@link #DATA} or {@link #SPACE}
     * @throws ProtocolViolation when the peer's ARM is neither the last answered nor one more
     */
    public boolean peerArmed(final int what) {
        VarHandle.fullFence();
        return answer(what);
    }

    /**
     * A full fence: what this side published before (TAIL, HEAD) is ordered before the reads of the peer's ARM words
     * that follow ({@link #answer}). One fence serves both handshakes.
     */
    public static void fence() {
        VarHandle.fullFence();
    }

    /**
     * {@link #peerArmed} without its fence: the caller fenced ({@link #fence}) after its last publication.
     *
     * @param what {@link #DATA} or {@link #SPACE}
     * @return true if the peer armed for it since the last wake-up (now answered: ring the peer's doorbell)
     * @throws ProtocolViolation when the peer's ARM is neither the last answered nor one more
     */
    public boolean answer(final int what) {
        final long a = (long) LONG.getAcquire(peerArm[what], 0L);
        final long last = woken[what];
        if (a == last) {
            return false;
        }
        if (a != last + 1) {
            throw new ProtocolViolation("the peer's ARM " + a + " is neither " + last + " (answered) nor one more");
        }
        woken[what] = a;
        LONG.setRelease(myWoken[what], 0L, a);
        return true;
    }

    /**
     * {@return true if the peer armed for {@code what} since the last wake-up} (a hint without a fence and without
     * answering it: whether to publish now rather than in a later round; {@link #peerArmed} after publishing decides
     * the wake-up)
     *
     * @param what {@link #DATA} or {@link #SPACE}
     */
    public boolean peerWaits(final int what) {
        return (long) LONG.getOpaque(peerArm[what], 0L) != woken[what];
    }

    /**
     * Counts one more round of progress on this connection (liveness, read by the peer): one store, of a count kept
     * here. Called by the thread holding the connection (the lock of its data path).
     */
    public void beat() {
        LONG.setOpaque(myHeartbeat, 0L, ++beats);
    }

    /** {@return the peer's heartbeat: any change means it made progress} */
    public long peerHeartbeat() {
        return (long) LONG.getOpaque(peerHeartbeat, 0L);
    }
}
