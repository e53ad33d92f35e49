package io.dat4j.provider.tcp;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.dat4j.provider.tcp.HostilePeer.Frame;
import io.dat4j.provider.tcp.HostilePeer.Mode;
import io.dat4j.testsupport.GuardedRegions.Target;
import io.dat4j.testsupport.PerClassHarness;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Jazzer, coverage-guided, against the TCP provider's frame decoder and remote-access checks, through the
 * {@link HostilePeer} harness (guard bytes, read-only and freed regions, exactly-once receives, allocation bound,
 * no hang). Without a fuzzing flag it runs as a regression test over the committed inputs in
 * {@code src/test/resources/io/dat4j/provider/tcp/HostilePeerFuzzTestInputs/fuzz}; with {@code JAZZER_FUZZ=1} (or
 * {@code -Djazzer.fuzz=1}) it fuzzes for at most the annotation's {@code maxDuration}.
 */
class HostilePeerFuzzTest {

    private static final Target[] TARGETS = Target.values();
    private static final Mode[] MODES = Mode.values();

    @RegisterExtension
    static final PerClassHarness<HostilePeer> PEER = new PerClassHarness<>(HostilePeer::new);

    private static HostilePeer peer() {
        return PEER.get();
    }

    @AfterAll
    static void report() {
        System.out.println("hostile exchanges: " + peer().exchanges.get());
    }

    /** Turns fuzzer bytes into a phase and up to 8 frames; the harness asserts the invariants. */
    @FuzzTest(maxDuration = "5m")
    void fuzz(final FuzzedDataProvider data) throws Exception {
        final Mode mode = MODES[data.consumeInt(0, MODES.length - 1)];
        final int count = data.consumeInt(1, 8);
        final List<Frame> frames = new ArrayList<>();
        for (int i = 0; i < count && data.remainingBytes() > 0; i++) {
            final int type = data.consumeBoolean() ? data.consumeInt(1, 11) : data.consumeInt(0, 255);
            final int flags = data.consumeInt(0, 255);
            final int length = data.consumeBoolean() ? data.consumeInt(0, 600) : data.consumeInt();
            final Target target = TARGETS[data.consumeInt(0, TARGETS.length - 1)];
            final long offset = data.consumeBoolean() ? data.consumeLong(-HostilePeer.G, HostilePeer.R
                    + HostilePeer.G) : data.consumeLong();
            final long b = data.consumeBoolean() ? data.consumeLong(0, HostilePeer.R + 64) : data.consumeLong();
            final int d = data.consumeInt(0, 9);
            final int declared = Math.max(0, Math.min(length, 600));
            final int actual = Math.max(0, declared + data.consumeInt(-64, 64));
            frames.add(new Frame(type, flags, length, target, offset, b, d, data.consumeBytes(actual)));
        }
        peer().exchange(mode, peer().encode(frames));
    }
}
