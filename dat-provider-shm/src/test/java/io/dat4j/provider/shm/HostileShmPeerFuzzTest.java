package io.dat4j.provider.shm;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.dat4j.provider.shm.HostileShmPeer.Mode;
import io.dat4j.provider.shm.HostileShmPeer.Poke;
import io.dat4j.provider.shm.HostileShmPeer.Rec;
import io.dat4j.provider.shm.HostileShmPeer.Word;
import io.dat4j.testsupport.GuardedRegions.Target;
import io.dat4j.testsupport.PerClassHarness;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Jazzer, coverage-guided, against the shared-memory provider's record decoder, remote-access checks, control-word
 * checks and handshake, through the {@link HostileShmPeer} harness (guard bytes, read-only and freed regions,
 * exactly-once receives, no hang, the IA still serves). Without a fuzzing flag it runs as a regression test over the
 * committed inputs in {@code src/test/resources/io/dat4j/provider/shm/HostileShmPeerFuzzTestInputs/fuzz}; with
 * {@code JAZZER_FUZZ=1} it fuzzes for at most the annotation's {@code maxDuration}.
 */
class HostileShmPeerFuzzTest {

    private static final Target[] TARGETS = Target.values();
    private static final Word[] WORDS = Word.values();

    @RegisterExtension
    static final PerClassHarness<HostileShmPeer> PEER = new PerClassHarness<>(HostileShmPeer::new);

    private static HostileShmPeer peer() {
        return PEER.get();
    }

    /** Turns fuzzer bytes into a phase and up to 6 records and 3 control words (or raw socket bytes). */
    @FuzzTest(maxDuration = "5m")
    void fuzz(final FuzzedDataProvider data) throws Exception {
        final int mode = data.consumeInt(0, 2);
        if (mode > 0) {
            peer().exchange(mode == 1 ? Mode.ACTIVE_HANDSHAKE : Mode.PASSIVE_HANDSHAKE, List.of(), List.of(), 0,
                    data.consumeRemainingAsBytes());
            return;
        }
        final int count = data.consumeInt(0, 6);
        final List<Rec> recs = new ArrayList<>();
        for (int i = 0; i < count && data.remainingBytes() > 0; i++) {
            final int type = data.consumeBoolean() ? data.consumeInt(1, Records.MAX_TYPE) : data.consumeInt(0, 255);
            final int flags = data.consumeBoolean() ? 0 : data.consumeInt(0, 255);
            final int length = data.consumeBoolean() ? data.consumeInt(0, 600) : data.consumeInt();
            final Target target = TARGETS[data.consumeInt(0, TARGETS.length - 1)];
            final long offset = data.consumeBoolean() ? data.consumeLong(-HostileShmPeer.G, HostileShmPeer.R
                    + HostileShmPeer.G) : data.consumeLong();
            final long b = data.consumeBoolean() ? data.consumeLong(0, HostileShmPeer.R + 64) : data.consumeLong();
            final int d = data.consumeBoolean() ? 0 : data.consumeInt(); // d: the consumer position carried
            final int declared = Math.max(0, Math.min(length, 600));
            final int actual = Math.max(0, declared + data.consumeInt(-40, 40));
            recs.add(new Rec(type, flags, length, target, offset, b, d, data.consumeBytes(actual)));
        }
        final List<Poke> pokes = new ArrayList<>();
        final int n = data.consumeInt(0, 3);
        for (int i = 0; i < n && data.remainingBytes() > 0; i++) {
            pokes.add(new Poke(WORDS[data.consumeInt(0, WORDS.length - 1)], data.consumeBoolean()
                    ? data.consumeLong(-2, 5000) : data.consumeLong()));
        }
        final long tailLie = data.consumeBoolean() ? 0 : data.consumeLong(-64, 5000);
        peer().exchange(Mode.ESTABLISHED, recs, pokes, tailLie, null);
    }
}
