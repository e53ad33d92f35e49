package io.dat4j.provider.rdmacm.ffi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.dat4j.provider.rdmacm.ffi.generated.ibv_qp_cap;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_qp_init_attr;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_cm_event;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_conn_param;
import io.dat4j.provider.rdmacm.ffi.generated.sockaddr_in;
import io.dat4j.provider.rdmacm.ffi.generated.sockaddr_in6;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The connection path builds and reads {@code sockaddr_in/in6}, {@code rdma_conn_param}, {@code ibv_qp_init_attr} and
 * {@code rdma_cm_event} in a Java array with one bulk copy: each field must land where the generated (jextract)
 * accessors, and so the C headers, put it.
 */
@DisplayName("Structs built or read with one bulk copy match the generated field accessors")
class StructCopyTest {

    @Test
    @DisplayName("sockaddr_in: family in host order, port in network order, address; and back")
    void shouldWriteAndReadSockaddrIn() throws Exception {
        try (Arena a = Arena.ofConfined()) {
            final InetSocketAddress addr = new InetSocketAddress(InetAddress.getByName("10.0.2.15"), 20001);
            final MemorySegment s = StructCopy.sockaddr(addr, a);
            assertEquals(StructCopy.AF_INET, sockaddr_in.sin_family(s));
            assertEquals((short) 20001, Short.reverseBytes(sockaddr_in.sin_port(s)));
            assertArrayEquals(new byte[] {10, 0, 2, 15},
                    s.asSlice(sockaddr_in.sin_addr$offset(), 4).toArray(ValueLayout.JAVA_BYTE));
            final MemorySegment storage = a.allocate(128).fill((byte) 0);
            MemorySegment.copy(s, 0, storage, 0, s.byteSize());
            assertEquals(addr, StructCopy.inetSocketAddress(storage));
        }
    }

    @Test
    @DisplayName("sockaddr_in6: family, port, address and scope id; and back")
    void shouldWriteAndReadSockaddrIn6() throws Exception {
        try (Arena a = Arena.ofConfined()) {
            final byte[] ip = InetAddress.getByName("fe80::1").getAddress();
            final InetSocketAddress addr = new InetSocketAddress(Inet6Address.getByAddress(null, ip, 3), 65000);
            final MemorySegment s = StructCopy.sockaddr(addr, a);
            assertEquals(StructCopy.AF_INET6, sockaddr_in6.sin6_family(s));
            assertEquals((short) 65000, Short.reverseBytes(sockaddr_in6.sin6_port(s)));
            assertEquals(3, sockaddr_in6.sin6_scope_id(s));
            assertArrayEquals(ip, s.asSlice(sockaddr_in6.sin6_addr$offset(), 16).toArray(ValueLayout.JAVA_BYTE));
            final InetSocketAddress back = StructCopy.inetSocketAddress(s);
            assertArrayEquals(ip, back.getAddress().getAddress());
            assertEquals(65000, back.getPort());
        }
    }

    @Test
    @DisplayName("a sockaddr of another family reads as null")
    void shouldReadOtherFamilyAsNull() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment s = a.allocate(128).fill((byte) 0);
            sockaddr_in.sin_family(s, (short) 1);
            assertNull(StructCopy.inetSocketAddress(s));
        }
    }

    @Test
    @DisplayName("rdma_conn_param: every field and the private data")
    void shouldWriteConnParam() {
        try (Arena a = Arena.ofConfined()) {
            final ConnectionParameters p = new ConnectionParameters(new byte[] {1, 2, 3}, 4, 5, 1, 6, 7, 1, 0xabcdef);
            final MemorySegment s = StructCopy.connParam(p, a);
            assertEquals(3, rdma_conn_param.private_data_len(s));
            assertArrayEquals(new byte[] {1, 2, 3},
                    rdma_conn_param.private_data(s).reinterpret(3).toArray(ValueLayout.JAVA_BYTE));
            assertEquals(4, rdma_conn_param.responder_resources(s));
            assertEquals(5, rdma_conn_param.initiator_depth(s));
            assertEquals(1, rdma_conn_param.flow_control(s));
            assertEquals(6, rdma_conn_param.retry_count(s));
            assertEquals(7, rdma_conn_param.rnr_retry_count(s));
            assertEquals(1, rdma_conn_param.srq(s));
            assertEquals(0xabcdef, rdma_conn_param.qp_num(s));
            final MemorySegment none = StructCopy.connParam(
                    new ConnectionParameters((byte[]) null, 0, 0, 0, 0, 0, 0, 0), a);
            assertEquals(MemorySegment.NULL, rdma_conn_param.private_data(none));
            assertEquals(0, rdma_conn_param.private_data_len(none));
        }
    }

    @Test
    @DisplayName("ibv_qp_init_attr: CQs, SRQ, capacities, RC, sq_sig_all 0")
    void shouldWriteQpInitAttr() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment a1 = a.allocate(8);
            final MemorySegment a2 = a.allocate(8);
            final MemorySegment a3 = a.allocate(8);
            final MemorySegment q = StructCopy.qpInitAttr(a, a1, a2, a3, 11, 12, 13, 14, 15);
            assertEquals(a1.address(), ibv_qp_init_attr.send_cq(q).address());
            assertEquals(a2.address(), ibv_qp_init_attr.recv_cq(q).address());
            assertEquals(a3.address(), ibv_qp_init_attr.srq(q).address());
            assertEquals(MemorySegment.NULL, ibv_qp_init_attr.qp_context(q));
            final MemorySegment cap = ibv_qp_init_attr.cap(q);
            assertEquals(11, ibv_qp_cap.max_send_wr(cap));
            assertEquals(12, ibv_qp_cap.max_recv_wr(cap));
            assertEquals(13, ibv_qp_cap.max_send_sge(cap));
            assertEquals(14, ibv_qp_cap.max_recv_sge(cap));
            assertEquals(15, ibv_qp_cap.max_inline_data(cap));
            assertEquals(VerbsCalls.IBV_QPT_RC, ibv_qp_init_attr.qp_type(q));
            assertEquals(0, ibv_qp_init_attr.sq_sig_all(q));
        }
    }

    @Test
    @DisplayName("rdma_cm_event: type, status, ids, and the connection parameters of the events that carry them")
    void shouldReadCmEvent() {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment ev = rdma_cm_event.allocate(a).fill((byte) 0);
            final MemorySegment id = a.allocate(8);
            final MemorySegment listen = a.allocate(8);
            rdma_cm_event.id(ev, id);
            rdma_cm_event.listen_id(ev, listen);
            rdma_cm_event.event(ev, CmEventType.CONNECT_REQUEST.value());
            rdma_cm_event.status(ev, -5);
            final MemorySegment conn = rdma_cm_event.param.conn(rdma_cm_event.param(ev));
            rdma_conn_param.private_data(conn, a.allocateFrom(ValueLayout.JAVA_BYTE, new byte[] {9, 8}));
            rdma_conn_param.private_data_len(conn, (byte) 2);
            rdma_conn_param.responder_resources(conn, (byte) 200);
            rdma_conn_param.initiator_depth(conn, (byte) 3);
            rdma_conn_param.flow_control(conn, (byte) 1);
            rdma_conn_param.retry_count(conn, (byte) 0xff);
            rdma_conn_param.rnr_retry_count(conn, (byte) 6);
            rdma_conn_param.srq(conn, (byte) 1);
            rdma_conn_param.qp_num(conn, 0x123456);
            final CmEvent e = StructCopy.readCmEvent(ev);
            assertEquals(CmEventType.CONNECT_REQUEST, e.type());
            assertEquals(-5, e.status());
            assertEquals(id.address(), e.id());
            assertEquals(listen.address(), e.listenId());
            final ConnectionParameters c = e.connection();
            assertArrayEquals(new byte[] {9, 8}, c.privateData());
            assertEquals(200, c.responderResources());
            assertEquals(3, c.initiatorDepth());
            assertEquals(1, c.flowControl());
            assertEquals(7, c.retryCount());
            assertEquals(6, c.rnrRetryCount());
            assertEquals(1, c.srq());
            assertEquals(0x123456, c.qpNumber());
            rdma_cm_event.event(ev, CmEventType.DISCONNECTED.value());
            final CmEvent d = StructCopy.readCmEvent(ev);
            assertEquals(CmEventType.DISCONNECTED, d.type());
            assertEquals(0, d.connection().privateData().length);
            assertEquals(0, d.connection().responderResources());
            assertSame(d.connection(), StructCopy.readCmEvent(ev).connection());
        }
    }
}
