package io.dat4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResultFormatTest {

    private static final Stats.Latency RTT = Stats.latency(new long[] {10_000, 12_000, 14_000, 16_000});

    private static List<PerfResult> lat() {
        return List.of(new PerfResult.LatencyResult(PerfOp.SEND, 64, 4, RTT, 0),
                new PerfResult.LatencyResult(PerfOp.RDMA_READ, 4096, 4, RTT, 0));
    }

    private static List<PerfResult> bw() {
        return List.of(new PerfResult.BandwidthResult(PerfOp.RDMA_WRITE, 1000, 1000, 1_000_000, 0));
    }

    @Test
    void shouldWriteLatencyAsOneJsonArrayWithTheDocumentedKeys() {
        final String json = ResultFormat.json(lat());
        assertTrue(json.startsWith("[{\"op\":\"send\",\"size\":64,\"iterations\":4,\"rtt_p50_us\":12.0,"
                + "\"rtt_p99_us\":16.0,\"rtt_p999_us\":16.0,\"rtt_max_us\":16.0,"), json);
        assertTrue(json.contains("{\"op\":\"rdma_read\",\"size\":4096,"), json);
        assertTrue(json.endsWith("}]"), json);
        assertEquals(-1, json.indexOf('\n'), "one line");
    }

    @Test
    void shouldWriteBandwidthAsJsonWithRates() {
        assertEquals("[{\"op\":\"rdma_write\",\"size\":1000,\"iterations\":1000,\"gbit_per_s\":8.0,"
                + "\"msg_per_s\":1000000.0,\"elapsed_us\":1000.0,\"warmup\":0}]", ResultFormat.json(bw()));
    }

    @Test
    void shouldWriteCsvWithAHeaderAndALinePerPoint() {
        final String[] lines = ResultFormat.csv(lat()).split("\n");
        assertEquals(3, lines.length);
        assertEquals("op,size,iterations,rtt_p50_us,rtt_p99_us,rtt_p999_us,rtt_max_us,rtt_min_us,rtt_avg_us,"
                + "one_way_p50_us,warmup", lines[0]);
        assertEquals("send,64,4,12,16,16,16,10,13,6,0", lines[1]);
        assertEquals("op,size,iterations,gbit_per_s,msg_per_s,elapsed_us,warmup\n"
                + "rdma_write,1000,1000,8,1000000,1000,0\n",
                ResultFormat.csv(bw()));
        assertEquals("", ResultFormat.csv(List.of()));
    }

    @Test
    void shouldPrintTables() {
        final String t = ResultFormat.table(lat());
        assertTrue(t.contains("t_p99.9[us]"), t);
        assertTrue(t.lines().anyMatch(l -> l.startsWith("send") && l.contains("12.00") && l.contains("6.00")), t);
        final String b = ResultFormat.table(bw());
        assertTrue(b.lines().anyMatch(l -> l.startsWith("rdma_write") && l.contains("8.000")
                && l.contains("1.000000")), b);
    }

    @Test
    void shouldParseOperationNames() {
        assertEquals(PerfOp.SEND, PerfOp.parse("SEND"));
        assertEquals(PerfOp.RDMA_WRITE, PerfOp.parse("write"));
        assertEquals(PerfOp.RDMA_WRITE, PerfOp.parse("rdma-write"));
        assertEquals(PerfOp.RDMA_READ, PerfOp.parse(" rdma_read "));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> PerfOp.parse("atomic"));
    }
}
