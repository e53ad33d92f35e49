package io.dat4j.provider.shm;

import io.dat4j.provider.shm.sys.Doorbell;
import io.dat4j.provider.shm.sys.RingReader;
import io.dat4j.provider.shm.sys.RingWriter;
import io.dat4j.provider.shm.sys.WakeControl;

/**
 * What one side of a connection publishes to its peer and the wake-ups it owes with it: TAIL of the ring it produces
 * into ({@link RingWriter#publish()}), HEAD of the ring it consumes ({@link RingReader#publish()}), and, after the
 * fence that must follow a publication, the look at the peer's ARM_DATA and ARM_SPACE words that tells whether to
 * ring its doorbell ({@link WakeControl}; the handshake is in docs/shm-wire.md). {@link DataPath} calls it at the end
 * of a service round ({@link #afterRound}) and after a write outside one ({@link #afterWrite}).
 *
 * <p>Not thread safe: guarded by the connection's lock ({@link ShmConnection#lock}, the same as its
 * {@link DataPath}); see "Threading and locks" in docs/provider-kit.md and "Data path and waiting" in
 * docs/providers.md.
 */
final class Publication {

    private final RingWriter out;
    private final RingReader in;
    private final WakeControl wake;
    private final Doorbell peerBell;
    /** Consumed bytes after which HEAD is published even in a busy round. */
    private final long headBatch;
    /**
     * HEAD was published without the fenced look at the peer's ARM_SPACE that must follow a publication (a round that
     * drained the ring, {@link #afterRound}): this side's next request ({@link #afterWrite}) or round makes it; a
     * consumer's empty poll runs no round for it, the progress thread does ({@link LastRound#quiet}).
     */
    private boolean spaceOwed;

    Publication(final RingWriter out, final RingReader in, final WakeControl wake, final Doorbell peerBell,
            final long headBatch) {
        this.out = out;
        this.in = in;
        this.wake = wake;
        this.peerBell = peerBell;
        this.headBatch = headBatch;
    }

    /** {@return true while the fenced look at the peer's ARM_SPACE is owed} */
    boolean spaceOwed() {
        return spaceOwed;
    }

    /**
     * The end of a service round: publishes TAIL, and HEAD when the round found no record ({@code none}), when a
     * quarter of the ring waits for it or the peer sleeps waiting for it (then with the fence and the look at
     * ARM_SPACE), or when the round took the last record the peer committed ({@code drained}; the look is then owed,
     * made here only if TAIL was published too); rings the peer's doorbell if it armed for what was published.
     *
     * @param none the round took no record
     * @param drained the round stopped at an empty slot
     */
    void afterRound(final boolean none, final boolean drained) {
        final boolean tail = out.hasUnpublished();
        out.publish();
        final long behind = in.position() - in.published();
        boolean space = spaceOwed; // HEAD published and the peer's ARM_SPACE to look at after the fence
        if (behind != 0) {
            if (none || behind >= headBatch || wake.peerWaits(WakeControl.SPACE)) {
                in.publish();
                space = true;
            } else if (drained) {
                in.publish();
                spaceOwed = true; // the look at ARM_SPACE: with the next fence (here if TAIL was published)
                space = tail;
            }
        }
        if (tail || space) {
            // each handshake answered is a wake-up owed: one fence, both looked at, one ring
            WakeControl.fence();
            boolean ring = tail && wake.answer(WakeControl.DATA);
            if (space) {
                spaceOwed = false;
                ring |= wake.answer(WakeControl.SPACE);
            }
            if (ring) {
                peerBell.ring();
            }
        }
    }

    /** After this side wrote outside a full round: TAIL, and the look at ARM_SPACE the last round left owed. */
    void afterWrite() {
        final boolean tail = out.hasUnpublished();
        if (tail || spaceOwed) {
            out.publish();
            WakeControl.fence();
            boolean ring = tail && wake.answer(WakeControl.DATA);
            if (spaceOwed) { // the look at ARM_SPACE the last round left (afterRound), with this fence
                spaceOwed = false;
                ring |= wake.answer(WakeControl.SPACE);
            }
            if (ring) {
                peerBell.ring();
            }
        }
    }

    /** Publishes TAIL now (an RDV_ACK in the middle of a round) and rings the peer if it armed for data. */
    void tailNow() {
        out.publish();
        if (wake.peerArmed(WakeControl.DATA)) {
            peerBell.ring();
        }
    }
}
