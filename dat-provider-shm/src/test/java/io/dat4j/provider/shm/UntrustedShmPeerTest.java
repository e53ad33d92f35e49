package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dat4j.provider.shm.HostileShmPeer.Mode;
import io.dat4j.provider.shm.HostileShmPeer.Poke;
import io.dat4j.provider.shm.HostileShmPeer.Rec;
import io.dat4j.provider.shm.HostileShmPeer.Word;
import io.dat4j.testsupport.GuardedRegions.Target;
import io.dat4j.testsupport.PerClassHarness;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the provider answers to each kind of forged record, at the target's authority: a refused RDMA gets NAK access
 * (2), a length above a limit or a posted receive NAK length (3); no byte outside a writable region moves, the
 * receives complete once, the IA keeps serving (the harness checks those after every exchange).
 */
class UntrustedShmPeerTest {

    @RegisterExtension
    static final PerClassHarness<HostileShmPeer> PEER = new PerClassHarness<>(HostileShmPeer::new);

    private static HostileShmPeer peer() {
        return PEER.get();
    }

    private static int nakFor(final Rec r) throws Exception {
        peer().exchange(Mode.ESTABLISHED, List.of(r), List.of(), 0, null);
        return peer().lastNak;
    }

    private static Rec write(final Target t, final long offset, final int length) {
        return new Rec(Records.WRITE, 0, length, t, offset, 0, 0, new byte[length]);
    }

    private static Rec read(final Target t, final long offset, final long length) {
        return new Rec(Records.READ_REQ, 0, 0, t, offset, length, 0, new byte[0]);
    }

    @Test
    void rdmaOutsideWhatTheTargetGrantedGetsNakAccess() throws Exception {
        assertEquals(Records.NAK_ACCESS, nakFor(write(Target.RANDOM, 12345, 8)), "unknown rmr_context");
        assertEquals(Records.NAK_ACCESS, nakFor(write(Target.ZERO, 0, 8)), "rmr_context 0");
        assertEquals(Records.NAK_ACCESS, nakFor(write(Target.RW, HostileShmPeer.R - 4, 8)), "past the end");
        assertEquals(Records.NAK_ACCESS, nakFor(write(Target.RW, -8, 8)), "before the start");
        assertEquals(Records.NAK_ACCESS, nakFor(write(Target.RO, 0, 8)), "no REMOTE_WRITE");
        assertEquals(Records.NAK_ACCESS, nakFor(write(Target.FREED, 0, 8)), "a freed region");
        assertEquals(Records.NAK_ACCESS, nakFor(write(Target.RECV, 0, 8)), "a local-only region");
        assertEquals(Records.NAK_ACCESS, nakFor(read(Target.WO, 0, 8)), "no REMOTE_READ");
        assertEquals(Records.NAK_ACCESS, nakFor(read(Target.RW, Long.MAX_VALUE, 8)), "an address that wraps");
        assertEquals(Records.NAK_ACCESS, nakFor(read(Target.RW, -16, 32)), "a range that starts before the region");
    }

    @Test
    void lengthsAboveALimitGetNakLength() throws Exception {
        assertEquals(Records.NAK_LENGTH, nakFor(new Rec(Records.SEND, 0, 65, Target.ZERO, 0, 0, 0, new byte[65])),
                "a SEND longer than the posted receive");
        assertEquals(Records.NAK_LENGTH, nakFor(new Rec(Records.SEND, 0, (1 << 26) + 1, Target.ZERO, 0, 0, 0,
                new byte[0])), "a SEND above maxMessageSize");
        assertEquals(Records.NAK_LENGTH, nakFor(read(Target.RW, 0, (1L << 30) + 1)), "a READ above maxRdmaSize");
    }

    @Test
    void protocolViolationsBreakWithoutANak() throws Exception {
        assertEquals(0, nakFor(new Rec(Records.NAK, 2, 0, Target.ZERO, 0, 0, 0, new byte[0])),
                "a NAK for no request");
        assertEquals(0, nakFor(new Rec(Records.READ_RESP, 0, 8, Target.ZERO, 0, 0, 0, new byte[8])),
                "a READ response for no read");
        peer().exchange(Mode.ESTABLISHED, List.of(), List.of(new Poke(Word.TAIL, 1L << 20)), 0, null);
        peer().exchange(Mode.ESTABLISHED, List.of(), List.of(new Poke(Word.WOKEN, 7)), 0, null);
    }

    /**
     * The peer writes the words of the provider's own control block (TAIL, HEAD, ARM, WOKEN, ARM_SPACE, WOKEN_SPACE,
     * heartbeat, PULLS), which only the provider should write: the provider reads back only its ARM words (to arm),
     * and a value there that the peer's WOKEN does not answer is a protocol violation of that connection; the others
     * it only writes. Either way the harness's invariants hold, with the progress thread and a waiting consumer arming
     * the connection, and with threads busy-polling it.
     */
    @Test
    void aPeerWritingTheProvidersOwnWordsBreaksOnlyItsConnection() throws Exception {
        final Word[] theirs = {Word.THEIR_TAIL, Word.THEIR_HEAD, Word.THEIR_ARM, Word.THEIR_WOKEN,
            Word.THEIR_ARM_SPACE, Word.THEIR_WOKEN_SPACE, Word.THEIR_HEARTBEAT, Word.THEIR_PULLS};
        for (final Word w : theirs) {
            for (final long value : new long[] {12345, -1}) {
                peer().exchange(Mode.ESTABLISHED, List.of(new Rec(Records.SEND, 0, 8, Target.ZERO, 0, 0, 0,
                        new byte[8])), List.of(new Poke(w, value)), 0, null);
            }
        }
        peer().pollers = 2;
        try {
            for (final Word w : new Word[] {Word.THEIR_ARM, Word.THEIR_ARM_SPACE}) {
                peer().exchange(Mode.ESTABLISHED, List.of(), List.of(new Poke(w, 1)), 0, null);
            }
        } finally {
            peer().pollers = 0;
        }
    }

    @Test
    void aWriteWithinItsGrantLands() throws Exception {
        peer().exchange(Mode.ESTABLISHED, List.of(write(Target.RW, 16, 32)), List.of(), 0, null);
        assertEquals(0, peer().lastNak);
    }

    /** A peer that holds the in-use count of a grant makes a free wait revokeMillis, then breaks the connection. */
    @Test
    void aStuckGrantDelaysTheFreeOnlyUntilItsTimeout() throws Exception {
        peer().offerCma = true;
        try {
            final long[] slotStates = new long[16];
            final List<Poke> pokes = new java.util.ArrayList<>();
            for (int i = 0; i < slotStates.length; i++) {
                // VALID with one use taken, in every slot (the provider put its grants in some of them)
                pokes.add(new Poke(Word.GRANT_STATE, i + (1L << 31) + 1 + ((long) i << 32)));
            }
            peer().exchange(Mode.ESTABLISHED, List.of(), pokes, 0, null);
        } finally {
            peer().offerCma = false;
        }
    }
}
