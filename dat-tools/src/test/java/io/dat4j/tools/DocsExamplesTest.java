package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.dat4j.Registry;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The examples of docs/dat-command.md are what the command prints: the {@code dat providers --json} example is the
 * output for {@code tcp-lo}, byte for byte once the example's line breaks and indentation are taken out.
 */
class DocsExamplesTest {

    /** The manual, relative to this module's directory (surefire's working directory). */
    private static final Path DAT_COMMAND_MD = Path.of("..", "docs", "dat-command.md");

    @Test
    void providersJsonExampleIsWhatTheCommandPrintsForTcpLo() throws Exception {
        final String doc = Files.readString(DAT_COMMAND_MD);
        final Matcher m = Pattern.compile("`dat providers --json -P tcp-lo` prints:\\s*```json\\n(.*?)```",
                Pattern.DOTALL).matcher(doc);
        assertTrue(m.find(), "docs/dat-command.md shows what `dat providers --json -P tcp-lo` prints");
        final String example = m.group(1).replaceAll("\\s+", "");

        assumeFalse(Registry.defaultRegistry().listProviders().stream()
                .anyMatch(l -> l.iaName().equals("tcp-lo") && !"provider".equals(l.source())),
                "a dat.conf on this machine defines tcp-lo itself; the example shows the provider's own tcp-lo");
        final StringWriter out = new StringWriter();
        final picocli.CommandLine cl = DatCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(new StringWriter(), true));
        assertEquals(0, cl.execute("providers", "--json", "-P", "tcp-lo"));
        assertEquals(example, out.toString().strip(), "the example in docs/dat-command.md");
    }
}
