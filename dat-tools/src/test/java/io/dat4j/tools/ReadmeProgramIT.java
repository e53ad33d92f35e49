package io.dat4j.tools;

import static io.dat4j.tools.Distribution.command;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.tools.Distribution.Result;
import io.dat4j.tools.Distribution.Started;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README.md's first program, as the README has it, run the ways the README says, as a user outside the repository
 * would: taken from the file, compiled against the distribution's {@code dat-api} jar alone, and run against a
 * {@code dat test -s} server started from the unpacked distribution. Each run must pass on both sides.
 *
 * <p>It is also the proof that a plain consumer is quiet: with only {@code dat-api}, {@code dat-provider-kit},
 * {@code dat-provider-tcp} and {@code log4j-api} (no logging backend) the program's stderr is empty, on the class path and on the module path,
 * and with the rdmacm jar added on the class path and {@code --enable-native-access=ALL-UNNAMED}. With a backend
 * ({@code log4j-core} and a configuration at debug for {@code io.dat4j}), or with Log4j's simple logger raised to
 * debug, the provider's logs appear.
 */
class ReadmeProgramIT {

    private static final String CLASS = "HelloDat";
    private static final Pattern PORT = Pattern.compile("Server waiting for connect request on port (\\d+)\\n");

    @TempDir
    static Path tmp;
    private static Distribution dist;
    private static Path classes;
    private static Started server;
    private static int runs;

    @BeforeAll
    static void compileTheReadmeProgram() throws Exception {
        dist = Distribution.unpack(tmp);
        final String readme = Files.readString(Path.of(System.getProperty("dat4j.readme")));
        final Path src = Files.createDirectories(tmp.resolve("src"));
        Files.writeString(src.resolve(CLASS + ".java"), program(readme));
        classes = Files.createDirectories(tmp.resolve("classes"));
        // as the README says: javac -cp lib/dat-api-<version>.jar HelloDat.java
        final Result r = dist.run(command(Distribution.jdkTool("javac"), "-cp", dist.path("dat-api"), "-d",
                classes.toString(), src.resolve(CLASS + ".java").toString()), tmp, Distribution.plainEnvironment());
        assertEquals(0, r.exitCode(), () -> "README.md's program compiles: " + r);
        // one server for all runs: it serves client runs one after another, each on a port the provider picks
        server = dist.start(command(dist.home().resolve("bin/dat").toString(), "test", "-s", "-P", "tcp-lo", "-p",
                "0", "--forever", "--wait", "120"), tmp, Distribution.plainEnvironment());
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.stop();
        }
    }

    /**
     * {@return the java block of the README that declares the program's class}
     *
     * @param readme the README's text
     */
    static String program(final String readme) {
        final Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        final List<String> found = new ArrayList<>();
        while (m.find()) {
            if (m.group(1).contains("public class " + CLASS + " ")) {
                found.add(m.group(1));
            }
        }
        assertEquals(1, found.size(), "README.md has one java block with public class " + CLASS);
        return found.getFirst();
    }

    /** Waits for the server's next "waiting on port" line and returns that port. */
    private static String nextServerPort() throws InterruptedException {
        final long deadline = System.nanoTime() + Distribution.PROCESS_TIMEOUT.toNanos();
        while (System.nanoTime() - deadline < 0) {
            final Matcher m = PORT.matcher(server.stdout());
            int seen = 0;
            String port = null;
            while (m.find()) {
                seen++;
                port = m.group(1);
            }
            if (seen > runs) {
                return port;
            }
            if (!server.process().isAlive()) {
                throw new AssertionError("the dat test server ended: " + server.stop());
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the server did not listen again within the timeout: " + server.stdout());
    }

    /** Runs the program once against the server with these JVM options; checks that both sides passed. */
    private static Result runProgram(final String... jvmOptions) throws Exception {
        final String port = nextServerPort();
        final List<String> c = new ArrayList<>(command(Distribution.jdkTool("java"), jvmOptions));
        c.addAll(List.of(CLASS, "127.0.0.1", port));
        final Result r = dist.run(c, tmp, Distribution.plainEnvironment());
        runs++;
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("dtest flow with 127.0.0.1 port " + port + ": PASSED"), r::toString);
        // the server finished the same run, and saw the program's RDMA write
        final long deadline = System.nanoTime() + Distribution.PROCESS_TIMEOUT.toNanos();
        while (countOf(server.stdout(), "DAPL Test Complete.") < runs && System.nanoTime() - deadline < 0) {
            Thread.sleep(50);
        }
        final String served = server.stdout();
        assertEquals(runs, countOf(served, "DAPL Test Complete. PASSED"), () -> "server: " + served);
        assertEquals(runs, countOf(served, "SERVER RDMA write buffer contains: hello from dat4j"), served);
        return r;
    }

    private static int countOf(final String text, final String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void classPathWithoutBackendIsQuiet() throws Exception {
        final Result r = runProgram("-cp", dist.path("dat-api", "dat-provider-kit", "dat-provider-tcp", "log4j-api") + ":" + classes);
        assertEquals("", r.stderr(), () -> "a plain consumer prints nothing on stderr: " + r);
    }

    @Test
    void modulePathWithoutBackendIsQuiet() throws Exception {
        final Result r = runProgram("-p", dist.path("dat-api", "dat-provider-kit", "dat-provider-tcp", "log4j-api"), "--add-modules",
                "io.dat4j.api", "-cp", classes.toString());
        assertEquals("", r.stderr(), () -> "a plain consumer on the module path prints nothing on stderr: " + r);
    }

    @Test
    void rdmacmOnTheClassPathWithNativeAccessIsQuiet() throws Exception {
        final Result r = runProgram("--enable-native-access=ALL-UNNAMED", "-cp",
                dist.path("dat-api", "dat-provider-kit", "dat-provider-tcp", "dat-provider-rdmacm", "log4j-api") + ":" + classes);
        assertEquals("", r.stderr(), () -> "no restricted-method warning with the flag the README gives: " + r);
    }

    @Test
    void withLog4jCoreTheProviderLogsAppear() throws Exception {
        final Path config = tmp.resolve("log4j2.xml");
        Files.writeString(config, """
                <Configuration status="warn">
                  <Appenders><Console name="err" target="SYSTEM_ERR"><PatternLayout pattern="%p %c %m%n"/></Console>
                  </Appenders>
                  <Loggers>
                    <Logger name="io.dat4j" level="debug"/>
                    <Root level="warn"><AppenderRef ref="err"/></Root>
                  </Loggers>
                </Configuration>
                """);
        final Result r = runProgram("-Dlog4j2.configurationFile=" + config, "-cp",
                dist.path("dat-api", "dat-provider-kit", "dat-provider-tcp", "log4j-api", "log4j-core") + ":" + classes);
        assertTrue(r.stderr().contains("DEBUG io.dat4j.provider.tcp.TcpConnection "),
                () -> "the TCP provider's debug log through log4j-core: " + r);
    }

    @Test
    void withoutBackendTheSimpleLoggerCanBeRaised() throws Exception {
        final Result r = runProgram("-Dlog4j2.simplelogLevel=DEBUG", "-cp",
                dist.path("dat-api", "dat-provider-kit", "dat-provider-tcp", "log4j-api") + ":" + classes);
        assertTrue(r.stderr().contains("DEBUG TcpConnection "),
                () -> "the TCP provider's debug log through Log4j's simple logger: " + r);
        assertTrue(!r.stderr().contains("could not find a logging provider"), r::toString);
    }
}
