package io.dat4j.tools;

import static io.dat4j.tools.Distribution.command;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.tools.Distribution.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution archive works when unpacked anywhere, without the source tree: unpacked into a temporary
 * directory, its {@code bin/dat} is run from another directory, with no {@code JAVA_HOME} and a {@code PATH} of the
 * system directories only (it must find a JDK 25 itself), directly and through a symbolic link.
 */
class DistributionIT {

    @TempDir
    static Path tmp;
    private static Distribution dist;

    @BeforeAll
    static void unpack() throws Exception {
        dist = Distribution.unpack(tmp);
    }

    private static Result dat(final Map<String, String> extraEnv, final String... args) throws Exception {
        final Map<String, String> env = new HashMap<>(Distribution.plainEnvironment());
        env.putAll(extraEnv);
        // run from the work directory, not from the distribution or the source tree
        return dist.run(command(dist.home().resolve("bin/dat").toString(), args), dist.work(), env);
    }

    @Test
    void hasTheDocumentedLayout() throws Exception {
        final Path home = dist.home();
        assertTrue(Files.getPosixFilePermissions(home.resolve("bin/dat")).contains(PosixFilePermission.OWNER_EXECUTE),
                "bin/dat is executable");
        for (final String f : List.of("README.md", "conf/dat.conf", "completion/dat.bash", "docs/api/index.html",
                "docs/api/io.dat4j.api/io/dat4j/package-summary.html")) {
            assertTrue(Files.isRegularFile(home.resolve(f)), f);
        }
        for (final String a : List.of("dat-tools", "dat-api", "dat-provider-tcp", "dat-provider-rdmacm", "conformance",
                "log4j-api", "log4j-core", "picocli")) {
            dist.jar(a);
        }
        assertTrue(Files.readString(home.resolve("README.md")).contains("dat4j " + dist.version()),
                "README.md names the version");
    }

    @Test
    void bomManagesEveryLibraryJarOfTheDistribution() throws Exception {
        final String bom = Files.readString(Path.of(System.getProperty("dat4j.bom")));
        assertTrue(bom.contains("<artifactId>dat4j-bom</artifactId>\n  <version>" + dist.version() + "</version>"),
                "the BOM's version is the build's");
        final String suffix = "-" + dist.version() + ".jar";
        try (Stream<Path> jars = Files.list(dist.home().resolve("lib"))) {
            final List<String> ours = jars.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(suffix))
                    .map(n -> n.substring(0, n.length() - suffix.length())).filter(a -> !a.equals("dat-tools"))
                    .toList();
            assertTrue(ours.contains("dat-api"), () -> "dat4j's own jars in lib/: " + ours);
            for (final String a : ours) {
                assertTrue(bom.contains("<artifactId>" + a + "</artifactId>"), () -> "dat4j-bom manages " + a);
            }
        }
    }

    @Test
    void versionNamesTheBuildAndTheDatVersion() throws Exception {
        final Result r = dat(Map.of(), "--version");
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals("dat " + dist.version() + ", DAT 2.0", r.stdout().strip(), r::toString);
        assertEquals("", r.stderr(), r::toString);
    }

    @Test
    void demoPasses() throws Exception {
        final Result r = dat(Map.of(), "demo", "-P", "tcp-lo", "--megabytes", "4");
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("demo PASSED"), r::toString);
    }

    @Test
    void runsThroughASymbolicLink() throws Exception {
        final Path links = Files.createDirectories(tmp.resolve("links"));
        final Path link = Files.createSymbolicLink(links.resolve("dat"), dist.home().resolve("bin/dat"));
        final Result r = dist.run(command(link.toString(), "--version"), links, Distribution.plainEnvironment());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().startsWith("dat " + dist.version()), r::toString);
    }

    @Test
    void exampleDatConfParses() throws Exception {
        final Result r = dat(Map.of("DAT_OVERRIDE", dist.home().resolve("conf/dat.conf").toString()), "providers",
                "--json", "--no-open");
        assertEquals(0, r.exitCode(), r::toString);
        for (final String ia : List.of("\"name\":\"tcp-loopback\"", "\"name\":\"tcp-any\"")) {
            assertTrue(r.stdout().contains(ia), () -> ia + " listed: " + r);
        }
        assertEquals("", r.stderr(), () -> "the example parses without a problem: " + r);
    }

    @Test
    void completionCompletesCommandsAndSubcommands() throws Exception {
        final String script = dist.home().resolve("completion/dat.bash").toString();
        final String complete = "source '" + script + "'; COMP_WORDS=(dat %s); COMP_CWORD=%d; _complete_dat;"
                + " echo \"${COMPREPLY[*]}\"";
        Result r = dist.run(List.of("bash", "-c", complete.formatted("pro", 1)), dist.work(),
                Distribution.plainEnvironment());
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals("providers", r.stdout().strip(), r::toString);
        r = dist.run(List.of("bash", "-c", complete.formatted("perf l", 2)), dist.work(),
                Distribution.plainEnvironment());
        assertEquals("lat", r.stdout().strip(), r::toString);
    }
}
