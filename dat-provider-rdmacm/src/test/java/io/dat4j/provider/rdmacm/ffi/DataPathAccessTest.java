package io.dat4j.provider.rdmacm.ffi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dat4j.provider.rdmacm.ffi.generated.ibv_recv_wr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_send_wr;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_sge;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_wc;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The data path's offset-based accessors ({@link WorkRequest}, {@link CompletionBatch}) write and read the same bytes
 * as the generated field accessors: every field is checked through the generated layout.
 */
@DisplayName("Work request writer and work completion reader match the generated layouts field by field")
class DataPathAccessTest {

    @Test
    @DisplayName("a send request writes wr_id, next, sg_list, num_sge, opcode, send_flags, wr.rdma and the SGEs")
    void shouldWriteSendRequest() {
        try (Arena arena = Arena.ofConfined()) {
            final WorkRequest w = WorkRequest.send(arena, 3);
            w.sge(0, 0x1122_3344_5566_7788L, 4096, 0x0abc_def1);
            w.sge(1, 0x0000_7fff_0000_1000L, -1, 7);
            w.sge(2, 99, 98, 97);
            w.send(0xfedc_ba98_7654_3210L, 2, DataPath.IBV_WR_RDMA_WRITE,
                    DataPath.IBV_SEND_SIGNALED | DataPath.IBV_SEND_FENCE, 0x1234_5678_9abc_def0L, 0x8765_4321);
            final MemorySegment wr = w.request();
            assertEquals(0xfedc_ba98_7654_3210L, ibv_send_wr.wr_id(wr));
            assertEquals(MemorySegment.NULL, ibv_send_wr.next(wr));
            assertEquals(w.entries().address(), ibv_send_wr.sg_list(wr).address());
            assertEquals(2, ibv_send_wr.num_sge(wr));
            assertEquals(DataPath.IBV_WR_RDMA_WRITE, ibv_send_wr.opcode(wr));
            assertEquals(DataPath.IBV_SEND_SIGNALED | DataPath.IBV_SEND_FENCE, ibv_send_wr.send_flags(wr));
            assertEquals(0, ibv_send_wr.imm_data(wr));
            final MemorySegment rdma = ibv_send_wr.wr.rdma(ibv_send_wr.wr(wr));
            assertEquals(0x1234_5678_9abc_def0L, ibv_send_wr.wr.rdma.remote_addr(rdma));
            assertEquals(0x8765_4321, ibv_send_wr.wr.rdma.rkey(rdma));
            final MemorySegment s0 = ibv_sge.asSlice(w.entries(), 0);
            assertEquals(0x1122_3344_5566_7788L, ibv_sge.addr(s0));
            assertEquals(4096, ibv_sge.length(s0));
            assertEquals(0x0abc_def1, ibv_sge.lkey(s0));
            final MemorySegment s1 = ibv_sge.asSlice(w.entries(), 1);
            assertEquals(0x0000_7fff_0000_1000L, ibv_sge.addr(s1));
            assertEquals(-1, ibv_sge.length(s1));
            assertEquals(7, ibv_sge.lkey(s1));
            assertEquals(99, ibv_sge.addr(ibv_sge.asSlice(w.entries(), 2)));
            assertEquals(97, ibv_sge.lkey(ibv_sge.asSlice(w.entries(), 2)));
            // a later post overwrites the varying fields and keeps the constant ones
            w.send(5, 0, DataPath.IBV_WR_SEND, 0, 0, 0);
            assertEquals(0, ibv_send_wr.wr.rdma.remote_addr(rdma));
            assertEquals(5, ibv_send_wr.wr_id(wr));
            assertEquals(0, ibv_send_wr.num_sge(wr));
            assertEquals(DataPath.IBV_WR_SEND, ibv_send_wr.opcode(wr));
            assertEquals(0, ibv_send_wr.send_flags(wr));
            assertEquals(0, ibv_send_wr.wr.rdma.rkey(rdma));
            assertEquals(w.entries().address(), ibv_send_wr.sg_list(wr).address());
            // the rest of the struct (qp_type, bind_mw/tso unions) stays zero
            for (long off = ibv_send_wr.qp_type$offset(); off < ibv_send_wr.sizeof(); off++) {
                assertEquals(0, wr.get(java.lang.foreign.ValueLayout.JAVA_BYTE, off), "byte " + off);
            }
        }
    }

    @Test
    @DisplayName("a receive request writes wr_id, next, sg_list, num_sge and the SGEs")
    void shouldWriteReceiveRequest() {
        try (Arena arena = Arena.ofConfined()) {
            final WorkRequest w = WorkRequest.receive(arena, 1);
            w.sge(0, 0xdead_beef_0000L, 64, 0x4242);
            w.receive(0x8000_0001_0000_0002L, 1);
            final MemorySegment wr = w.request();
            assertEquals(0x8000_0001_0000_0002L, ibv_recv_wr.wr_id(wr));
            assertEquals(MemorySegment.NULL, ibv_recv_wr.next(wr));
            assertEquals(w.entries().address(), ibv_recv_wr.sg_list(wr).address());
            assertEquals(1, ibv_recv_wr.num_sge(wr));
            final MemorySegment s0 = ibv_sge.asSlice(w.entries(), 0);
            assertEquals(0xdead_beef_0000L, ibv_sge.addr(s0));
            assertEquals(64, ibv_sge.length(s0));
            assertEquals(0x4242, ibv_sge.lkey(s0));
        }
    }

    @Test
    @DisplayName("a completion batch decodes wr_id, status, opcode, byte_len and qp_num of each completion")
    void shouldDecodeCompletions() {
        try (Arena arena = Arena.ofConfined()) {
            final CompletionBatch b = new CompletionBatch(arena, 4);
            for (int i = 0; i < 3; i++) {
                final MemorySegment wc = ibv_wc.asSlice(b.nativeArray(), i);
                ibv_wc.wr_id(wc, 0x7000_0000_0000_0000L + i);
                ibv_wc.status(wc, 10 + i);
                ibv_wc.opcode(wc, DataPath.IBV_WC_RECV + i);
                ibv_wc.vendor_err(wc, -1);
                ibv_wc.byte_len(wc, 0x8000_0000 | i);
                ibv_wc.imm_data(wc, -1);
                ibv_wc.qp_num(wc, 0x00ff_ff00 + i);
                ibv_wc.src_qp(wc, -1);
            }
                        for (int i = 0; i < 3; i++) {
                assertEquals(0x7000_0000_0000_0000L + i, b.wrId(i));
                assertEquals(10 + i, b.status(i));
                assertEquals(DataPath.IBV_WC_RECV + i, b.opcode(i));
                assertEquals(0x8000_0000 | i, b.byteLength(i));
                assertEquals(0x00ff_ff00 + i, b.qpNum(i));
            }
        }
    }
}
