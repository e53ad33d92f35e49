package io.dat4j.provider.shm.sys;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

/**
 * The wake-up handshake of one connection, in both roles, so that a producer makes a system call only when the
 * consumer sleeps, and the consumer never sleeps through new data.
 *
 * <ul>
 *   <li>As consumer, before sleeping, this side <em>arms</em> the connection: if the peer answered the last arm
 *       (its WOKEN equals this side's ARM), ARM grows by one (a volatile store), then a full fence, then the caller
 *       looks at the ring once more before sleeping on its {@link Doorbell}.</li>
 *   <li>As producer, after publishing TAIL, a full fence, then the peer's ARM is read: if it differs from the last
 *       one answered, this side stores it as WOKEN and rings the peer's doorbell.</li>
 * </ul>
 * Either the producer sees the ARM (and wakes the consumer) or the consumer sees the new TAIL (and does not sleep):
 * the two fences order each side's store before its load. While both sides poll nobody arms, and publishing costs a
 * fence and one read of a line that does not change. An armed connection stays armed until the peer's next publish,
 * so sleeping again costs nothing for connections that stayed quiet.
 *
 * <p>The peer's ARM and WOKEN are checked: WOKEN must be this side's ARM or one less; ARM must be the last WOKEN or
 * one more. Anything else is a {@link ProtocolViolation}.
 *
 * <p>Thread safety: {@link #arm()} may be called by any thread of this side (it is idempotent and uses a CAS);
 * {@link #peerArmed()} by the producer only (the connection's lock).
 */
public final class WakeControl {

    private static final VarHandle LONG = JAVA_LONG.varHandle();

    private final MemorySegment map;
    private final long myArm;
    private final long myWoken;
    private final long peerArm;
    private final long peerWoken;
    private final long myHeartbeat;
    private final long peerHeartbeat;
    private long woken;

    /**
     * Creates the handshake of a connection.
     *
     * @param map the mapping
     * @param layout its layout
     * @param side this process's side
     */
    public WakeControl(final MemorySegment map, final ConnectionLayout layout, final int side) {
        this.map = map;
        this.myArm = layout.control(side, ConnectionLayout.ARM);
        this.myWoken = layout.control(side, ConnectionLayout.WOKEN);
        this.peerArm = layout.control(1 - side, ConnectionLayout.ARM);
        this.peerWoken = layout.control(1 - side, ConnectionLayout.WOKEN);
        this.myHeartbeat = layout.control(side, ConnectionLayout.HEARTBEAT);
        this.peerHeartbeat = layout.control(1 - side, ConnectionLayout.HEARTBEAT);
    }

    /**
     * Arms the connection (consumer role) unless it is armed already, then fences: look at the ring after this and
     * before sleeping.
     *
     * @throws ProtocolViolation when the peer's WOKEN is not this side's ARM or one less
     */
    public void arm() {
        while (true) {
            final long a = (long) LONG.getVolatile(map, myArm);
            final long w = (long) LONG.getVolatile(map, peerWoken);
            if (w == a - 1) {
                break; // armed, not answered yet
            }
            if (w != a) {
                throw new ProtocolViolation("the peer's WOKEN " + w + " is neither this side's ARM " + a
                        + " nor one less");
            }
            if (LONG.compareAndSet(map, myArm, a, a + 1)) {
                break;
            }
        }
        VarHandle.fullFence();
    }

    /**
     * After publishing (producer role): {@return true if the peer armed since the last wake-up}, in which case it
     * is now answered and the caller must ring the peer's doorbell.
     *
     * @throws ProtocolViolation when the peer's ARM is neither the last answered nor one more
     */
    public boolean peerArmed() {
        VarHandle.fullFence();
        final long a = (long) LONG.getAcquire(map, peerArm);
        if (a == woken) {
            return false;
        }
        if (a != woken + 1) {
            throw new ProtocolViolation("the peer's ARM " + a + " is neither " + woken + " (answered) nor one more");
        }
        woken = a;
        LONG.setRelease(map, myWoken, a);
        return true;
    }

    /** Counts one more round of progress on this connection (liveness, read by the peer). */
    public void beat() {
        LONG.setOpaque(map, myHeartbeat, (long) LONG.getOpaque(map, myHeartbeat) + 1);
    }

    /** {@return the peer's heartbeat: any change means it made progress} */
    public long peerHeartbeat() {
        return (long) LONG.getOpaque(map, peerHeartbeat);
    }
}
