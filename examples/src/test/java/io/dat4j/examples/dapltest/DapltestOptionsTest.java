package io.dat4j.examples.dapltest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.Qos;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * dapltest's command line as C parses it: {@code -T} first, the test's own options, the operations, script files,
 * and the quirks the port keeps (getopt's, the server's {@code -R}, the parsers' prefix matches), with C's messages
 * and exit status 1 for a syntax error.
 */
class DapltestOptionsTest {

    private static Params parse(final String... args) {
        return Params.parse(args, new Log(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
    }

    private static void assertSyntaxError(final String first, final String... args) {
        final Runs.Result r = Runs.run(args);
        assertEquals(1, r.code(), r.out());
        assertTrue(r.out().startsWith(first), r.out());
        assertTrue(r.out().endsWith("Command line syntax error\n"), r.out());
    }

    @Test
    void shouldRequireTheTestTypeFirst() {
        assertSyntaxError("Must Specify Test (-T) option first\nUSAGE:\n", "-s", "host", "-T", "T");
        assertSyntaxError("Must Specify Test (-T) option first\n", "-T");
        assertSyntaxError("Must specify test type\n", "-T", "-x");
        assertSyntaxError("Invalid Test Type\n", "-T", "X");
        // getopt's word that is not an option ends the options: -T is missing then
        assertSyntaxError("Must Specify Test (-T) option first\n", "T");
    }

    @Test
    void shouldRunAServerWithTheDefaultsWhenThereAreNoArguments() {
        final Params p = parse();
        assertEquals(TestType.SERVER, p.testType);
        assertEquals(Cli.DEFAULT_DEVICE, p.server.daplName);
        assertEquals(62000, p.serverPort);
        // -T S without -D opens "": C's check for a missing name compares a pointer
        assertEquals("", parse("-T", "S").server.daplName);
    }

    @Test
    void shouldRefuseTheServersQosOptionWhenItMapsToBestEffort() {
        final Runs.Result r = Runs.run("-T", "S", "-R", "BE");
        assertEquals(1, r.code());
        assertEquals("Command line syntax error\n", r.out(), "C fails without a message");
        assertEquals(Qos.HIGH_THROUGHPUT, parse("-T", "S", "-R", "HT").reliability);
        // the clients take anything, best effort by default
        assertEquals(Qos.BEST_EFFORT, parse("-T", "Q", "-s", "127.0.0.1", "-R", "XX").reliability);
    }

    @Test
    void shouldGatherTheTransactionOperationsLikeC() {
        final Params p = parse("-T", "T", "-s", "127.0.0.1", "-i100", "-t", "2", "-w", "3", "-VP", "client", "SR",
                "1024", "3", "-f", "server", "SR", "2048", "-f", "client", "RW", "server", "RR", "100", "2");
        assertNotNull(p);
        final TransactionCommand t = p.transaction;
        assertEquals(100, t.numIterations);
        assertEquals(2, t.numThreads);
        assertEquals(3, t.epsPerThread);
        assertTrue(t.validate);
        assertTrue(t.poll);
        assertEquals(Cli.DEFAULT_DEVICE, t.daplName);
        assertEquals(4 + 3, t.numOps(), "-V appends server SR, client SR, server SR");
        final TransactionCommand.Op first = t.ops.get(0);
        assertFalse(first.serverInitiated);
        assertEquals(TransactionCommand.SEND_RECV, first.transferType);
        assertEquals(1024, first.segSize);
        assertEquals(3, first.numSegs);
        assertTrue(first.reapSendOnRecv);
        assertEquals(2048, t.ops.get(1).segSize);
        assertEquals(1, t.ops.get(1).numSegs);
        assertEquals(4096, t.ops.get(2).segSize, "the default segment");
        assertEquals(TransactionCommand.RDMA_READ, t.ops.get(3).transferType);
        assertEquals(List.of(true, false, true), t.ops.subList(4, 7).stream().map(o -> o.serverInitiated).toList());
        // a word that starts "client"/"server" starts an operation
        assertSyntaxError("OP first arg must <server/client>\n", "-T", "T", "-s", "h", "clientx", "SR", "server",
                "SR");
    }

    @Test
    void shouldCheckTheTransactionOperations() {
        assertSyntaxError("Error: Transaction test requires \nError: At least one server SR and one client SR"
                + " Operation\n", "-T", "T", "-s", "h", "client", "SR", "server", "RW");
        assertSyntaxError("OP: Unbalanced -f options\n", "-T", "T", "-s", "h", "server", "SR", "-f", "client",
                "SR", "-f");
        assertSyntaxError("OP: -f only valid on SEND_RECV\n", "-T", "T", "-s", "h", "client", "RR", "-f");
        assertSyntaxError("OP too many args \n", "-T", "T", "-s", "h", "client", "SR", "1", "2", "3");
        assertSyntaxError("Syntax Error -i<iterations> option\n", "-T", "T", "-s", "h", "-i", "1x");
        assertSyntaxError("must specify server name\n", "-T", "T", "-s", "-x");
        assertSyntaxError("Invalid Transaction Test Parameter: Q\n", "-T", "T", "-Q", "-s", "h");
        assertSyntaxError("Invalid Transaction Test Parameter: ?\n", "-T", "T", "--", "-s", "h");
        final List<String> many = new ArrayList<>(List.of("-T", "T", "-s", "h"));
        for (int i = 0; i < 101; i++) {
            many.addAll(List.of(i % 2 == 0 ? "client" : "server", "SR"));
        }
        assertSyntaxError("Client: Too Many Ops - Max 100\n", many.toArray(String[]::new));
    }

    @Test
    void shouldParseThePerformanceTestByPrefixes() {
        final Params p = parse("-T", "P", "-s", "127.0.0.1", "-m", "poll", "-i", "7", "RRX", "512", "2");
        assertEquals(PerformanceCommand.POLLING, p.performance.mode);
        assertEquals(TransactionCommand.RDMA_READ, p.performance.transferType);
        assertEquals(512, p.performance.segSize);
        assertEquals(2, p.performance.numSegs);
        assertEquals(-1, parse("-T", "P", "-s", "h", "RW").performance.pipelineLen, "C's ~0: no limit");
        assertSyntaxError("Operation Missing Transfer Type\n", "-T", "P", "-s", "h");
        assertSyntaxError("OP type must be <RR/RW/SR>\n", "-T", "P", "-s", "h", "SR");
        assertSyntaxError("Too many OP args\n", "-T", "P", "-s", "h", "RW", "1", "2", "3");
        assertSyntaxError("Pipeline size must not be 0\n", "-T", "P", "-s", "h", "-p", "0", "RW");
        assertSyntaxError("Syntax Error -m <mode> option\n", "-T", "P", "-s", "h", "-m", "x", "RW");
    }

    @Test
    void shouldParseTheLimitAndFftTests() {
        final Params l = parse("-T", "L", "-m", "5", "-w", "2", "limit_pz", "limit_rpost");
        assertEquals(java.util.EnumSet.of(LimitCommand.Limit.PZ, LimitCommand.Limit.RPOST), l.limit.tests);
        assertEquals(5, l.limit.maximum);
        assertEquals(LimitCommand.Limit.values().length, parse("-T", "L").limit.tests.size(), "none named: all");
        assertSyntaxError("Cannot find this limit test: limit_xx\n", "-T", "L", "limit_xx");
        final Params f = parse("-T", "F", "-f", "queryinfo", "case3", "case17");
        assertTrue(f.fft.cases[3] && f.fft.cases[17] && !f.fft.cases[0]);
        assertNull(f.serverAddress, "no -s: the lookup of \"\" fails, which is no error");
        assertSyntaxError("test case number must be within range : 0 -- 2\n", "-T", "F", "-f", "pz", "case3");
        assertSyntaxError("must specify case number: case1x\n", "-T", "F", "-f", "pz", "case1x");
        assertSyntaxError("test cases format is not correct: case\n", "-T", "F", "-f", "pz", "case");
        assertSyntaxError("don't know this function feature: cqmgt\n", "-T", "F", "-f", "cqmgt");
        assertSyntaxError("Invalid FFT Test Parameter: R\n", "-T", "F", "-R", "BE", "-f", "pz");
    }

    @Test
    void shouldReadAScriptFile(@TempDir final Path dir) throws Exception {
        final Path script = dir.resolve("t.script");
        Files.writeString(script, "# a transaction test\n-T T -s 127.0.0.1   # the server\n"
                + "\t-i 3 client SR # first\nserver SR\n");
        final Params p = parse("-f", script.toString());
        assertNotNull(p);
        assertEquals(3, p.transaction.numIterations);
        assertEquals(2, p.transaction.numOps());
        assertNotNull(parse("-f" + script));
        assertSyntaxError("-f <script_file> allows no additional options\n", "-f", script.toString(), "-d");
        assertSyntaxError("Missing <script_file> with -f option\n", "-f");
        assertSyntaxError("Cannot open script file: " + dir.resolve("none") + "\n", "-f",
                dir.resolve("none").toString());
    }

    @Test
    void shouldExitWithTheLowByteOfTheClientsStatus() {
        // DAT_PROVIDER_NOT_FOUND DAT_NAME_NOT_REGISTERED: subtype 100
        Runs.Result r = Runs.run("-T", "T", "-s", "127.0.0.1", "-D", "no-such-ia", "client", "SR", "server", "SR");
        assertEquals(100, r.code(), r.out());
        assertEquals("Server Name: 127.0.0.1 \nServer Net Address: 127.0.0.1\nDT_cs_Client: Starting Test ... \n"
                + "DT_cs_Client: Could not open no-such-ia (DAT_PROVIDER_NOT_FOUND DAT_NAME_NOT_REGISTERED)\n"
                + "DT_cs_Client: ========== End of Work -- Client Exiting\n", r.out());
        assertEquals(100, Runs.run("-T", "P", "-s", "127.0.0.1", "-D", "no-such-ia", "RW").code());
        // the quit test, the server, the limit and FFT tests exit 0 whatever happened
        assertEquals(0, Runs.run("-T", "Q", "-s", "127.0.0.1", "-D", "no-such-ia").code());
        r = Runs.run("-T", "S", "-D", "no-such-ia");
        assertEquals(0, r.code());
        assertEquals("DT_cs_Server: Could not open no-such-ia (DAT_PROVIDER_NOT_FOUND DAT_NAME_NOT_REGISTERED)\n"
                + "DT_cs_Server (no-such-ia):  Exiting.\n", r.out());
        r = Runs.run("-T", "L", "-D", "no-such-ia", "limit_ep");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("LimitTest: dat_ia_open (no-such-ia) #1 fails: DAT_PROVIDER_NOT_FOUND"
                + " DAT_NAME_NOT_REGISTERED\nerror occurs, can not continue with limit test\n"), r.out());
    }

    @Test
    void shouldFollowCsGetoptQuirks() {
        final GetOpt g = new GetOpt(new String[] {"p", "-dn42", "-", "x"});
        assertEquals('d', g.next("dn:"));
        assertEquals('n', g.next("dn:"));
        assertEquals("42", g.optarg());
        assertEquals('?', g.next("dn:"), "a lone '-' is an illegal option");
        assertEquals(2, g.optind(), "that does not advance");
        final GetOpt h = new GetOpt(new String[] {"p", "-n"});
        assertEquals('?', h.next("n:"), "a missing value");
        final GetOpt k = new GetOpt(new String[] {"p", "-n", "-x", "rest"});
        assertEquals('n', k.next("n:"));
        assertEquals("-x", k.optarg(), "a value may start with '-'");
        assertEquals(GetOpt.EOF, k.next("n:"));
        assertEquals(3, k.optind());
    }
}
