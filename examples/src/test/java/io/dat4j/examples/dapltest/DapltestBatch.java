package io.dat4j.examples.dapltest;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs several dapltest command lines one after the other in one JVM, for the Soft-RoCE interop script
 * (dapltest-interop.sh), where starting a JVM costs 15-25 s under emulation: {@code DapltestBatch DIR NAME:ARGS...}
 * writes what the run {@code NAME} printed to {@code DIR/NAME.log} and its exit status to {@code DIR/NAME.rc}. Each
 * run is a separate {@link Dapltest}, sharing nothing with the others, as separate processes would.
 */
public final class DapltestBatch {

    private DapltestBatch() {
    }

    /**
     * @param args the directory, then {@code NAME:the dapltest arguments} per run, split on blanks
     * @throws IOException if a file cannot be written
     */
    public static void main(final String[] args) throws IOException {
        final Path dir = Path.of(args[0]);
        for (int i = 1; i < args.length; i++) {
            final int colon = args[i].indexOf(':');
            final String name = args[i].substring(0, colon);
            final String line = args[i].substring(colon + 1).strip();
            final String[] words = line.isEmpty() ? new String[0] : line.split("\\s+");
            final int code;
            try (OutputStream file = Files.newOutputStream(dir.resolve(name + ".log"));
                    PrintStream out = new PrintStream(file, true, StandardCharsets.UTF_8)) {
                code = new Dapltest(out).run(words);
            }
            Files.writeString(dir.resolve(name + ".rc"), code + "\n");
        }
    }
}
