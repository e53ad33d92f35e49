package io.dat4j.examples.dapltest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Java dapltest against C's, run side by side on this host with the same arguments: the same standard output,
 * byte for byte, and the same exit status. Without an RDMA device C gets as far as opening the IA, so the cases are
 * the command line (every syntax error and usage text), and the tests against an IA name that no dat.conf has: the
 * clients' and server's handshake lines and exit status, the limit test's, and the FFT features' frames, whose
 * assertion lines name C's or Java's source file and line (both are masked). Skipped, with the reason, where
 * dapl2-utils' {@code dapltest} is not installed.
 */
class DapltestAgainstCTest {

    private static final Path C = Path.of("/usr/bin/dapltest");
    private static final String NONE = "no-such-ia";

    static Stream<List<String>> commandLines() {
        final List<List<String>> a = new ArrayList<>();
        for (final String s : new String[] {"-T", "-T X", "-x", "-T -", "T", "-T T", "-T T -s", "-T T -s host",
            "-T T -s h client SR", "-T T -s h client SR server SR -i 5", "-T T -s h -i 5x client SR server SR",
            "-T T -s h -V client RW 4096 1 -f", "-T T -s h -- client SR server SR", "-T T -s h -Q client SR server SR",
            "-T T -s h client SR -f server SR", "-T T -s h server SR -f client SR -f", "-T T -s h clientx SR",
            "-T T -s h client XX", "-T T -s h client", "-T T -s h client SR 1 2 3 server SR", "-T Q", "-T Q -x",
            "-T P -s h", "-T P -s h XX", "-T P -s h RR 1 2 3", "-T P -s h -m x RR", "-T P -s h -p 0 RR",
            "-T P -s h -i 1x RR", "-T L -m x", "-T L -w 2x", "-T L limit_xx", "-T F", "-T F -f xx",
            "-T F -f hwconn casex", "-T F -f hwconn cas", "-T F -f pz case7", "-T F -R BE -f hwconn", "-T S -R BE",
            "-T S -x", "-f", "-f /nonexistent/script"}) {
            a.add(List.of(s.split(" ")));
        }
        for (final String s : new String[] {"-T T -s 127.0.0.1 -D " + NONE + " client SR server SR",
            "-T T -d -s 127.0.0.1 -D " + NONE + " -V -t 2 -w 3 client SR 100 2 server RW 200 -f server SR -f",
            "-T T -s nohost.invalid -D " + NONE + " client SR server SR", "-T Q -s 127.0.0.1 -D " + NONE,
            "-T P -s 127.0.0.1 -D " + NONE + " RW 4096 1", "-T P -d -s 127.0.0.1 -D " + NONE + " -m p -p 4 RR 100 2",
            "-T S -D " + NONE + " -n 3", "-T S -d -D " + NONE, "-T L -D " + NONE, "-T L -D " + NONE + " limit_pz",
            "-T L -d -D " + NONE + " limit_ia", "-T F -D " + NONE + " -f hwconn case0 case1 case3",
            "-T F -D " + NONE + " -f endpoint", "-T F -D " + NONE + " -f pz", "-T F -D " + NONE + " -f mem",
            "-T F -D " + NONE + " -f connmgt", "-T F -D " + NONE + " -f queryinfo case0 case3 case5 case11"}) {
            a.add(List.of(s.split(" ")));
        }
        return a.stream();
    }

    @ParameterizedTest
    @MethodSource("commandLines")
    void shouldPrintWhatCPrintsAndExitAsC(final List<String> args) throws Exception {
        assumeTrue(Files.isExecutable(C), "dapl2-utils' dapltest is not installed (" + C + ")");
        final List<String> cmd = new ArrayList<>();
        cmd.add(C.toString());
        cmd.addAll(args);
        final Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        final String c;
        try {
            c = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("C dapltest " + args + " did not end");
            }
        }
        final Runs.Result java = Runs.run(args.toArray(String[]::new));
        assertEquals(mask(c), mask(java.out()), () -> "output of " + args);
        assertEquals(p.exitValue(), java.code(), () -> "exit status of " + args);
    }

    private static String mask(final String out) {
        return out.replaceAll("failed in file [^,]*, line \\d+", "failed in file F, line N");
    }
}
