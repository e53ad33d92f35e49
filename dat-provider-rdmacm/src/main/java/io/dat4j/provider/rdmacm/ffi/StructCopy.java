package io.dat4j.provider.rdmacm.ffi;

import io.dat4j.provider.rdmacm.ffi.generated.ibv_qp_cap;
import io.dat4j.provider.rdmacm.ffi.generated.ibv_qp_init_attr;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_cm_event;
import io.dat4j.provider.rdmacm.ffi.generated.rdma_conn_param;
import io.dat4j.provider.rdmacm.ffi.generated.sockaddr_in;
import io.dat4j.provider.rdmacm.ffi.generated.sockaddr_in6;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The structs every connection builds or reads, moved with one bulk copy: {@code sockaddr_in/in6} (socket addresses
 * both ways), {@code rdma_conn_param}, {@code rdma_cm_event} (read into a {@link CmEvent}) and
 * {@code ibv_qp_init_attr}. Each is built or read in a Java array and copied in or out at once, instead of one
 * {@code VarHandle} access per field: under an interpreter or C1, and in the size of what C1 compiles, the field
 * accessors cost far more than the copy. The offsets come from the generated layouts (checked against the headers by
 * the layout probe).
 *
 * <p>Thread safety: stateless; every method may be called from any thread.
 */
public final class StructCopy {

    /** {@code AF_INET}. */
    public static final int AF_INET = 2;
    /** {@code AF_INET6}. */
    public static final int AF_INET6 = 10;

    /** The connection parameters of an event that carries none (all zero, no private data). */
    private static final ConnectionParameters NO_CONNECTION = new ConnectionParameters(new byte[0], 0, 0, 0, 0, 0,
            0, 0);

    private StructCopy() {
    }

    /** Offsets and sizes of the structs of this class, as {@code int} indexes into the Java copy. */
    private static final class Off {
        static final int EVENT_SIZE = (int) rdma_cm_event.sizeof();
        static final int EVENT_ID = (int) rdma_cm_event.id$offset();
        static final int EVENT_LISTEN_ID = (int) rdma_cm_event.listen_id$offset();
        static final int EVENT_TYPE = (int) rdma_cm_event.event$offset();
        static final int EVENT_STATUS = (int) rdma_cm_event.status$offset();
        static final int EVENT_CONN = (int) (rdma_cm_event.param$offset() + rdma_cm_event.param.conn$offset());
        static final int CONN_SIZE = (int) rdma_conn_param.sizeof();
        static final int CONN_PDATA = (int) rdma_conn_param.private_data$offset();
        static final int CONN_PDATA_LEN = (int) rdma_conn_param.private_data_len$offset();
        static final int CONN_RESPONDER = (int) rdma_conn_param.responder_resources$offset();
        static final int CONN_INITIATOR = (int) rdma_conn_param.initiator_depth$offset();
        static final int CONN_FLOW = (int) rdma_conn_param.flow_control$offset();
        static final int CONN_RETRY = (int) rdma_conn_param.retry_count$offset();
        static final int CONN_RNR = (int) rdma_conn_param.rnr_retry_count$offset();
        static final int CONN_SRQ = (int) rdma_conn_param.srq$offset();
        static final int CONN_QPN = (int) rdma_conn_param.qp_num$offset();
        static final int SIN_SIZE = (int) sockaddr_in.sizeof();
        static final int SIN_FAMILY = (int) sockaddr_in.sin_family$offset();
        static final int SIN_PORT = (int) sockaddr_in.sin_port$offset();
        static final int SIN_ADDR = (int) sockaddr_in.sin_addr$offset();
        static final int SIN6_SIZE = (int) sockaddr_in6.sizeof();
        static final int SIN6_FAMILY = (int) sockaddr_in6.sin6_family$offset();
        static final int SIN6_PORT = (int) sockaddr_in6.sin6_port$offset();
        static final int SIN6_ADDR = (int) sockaddr_in6.sin6_addr$offset();
        static final int SIN6_SCOPE = (int) sockaddr_in6.sin6_scope_id$offset();
        static final int QPIA_SIZE = (int) ibv_qp_init_attr.sizeof();
        static final int QPIA_SEND_CQ = (int) ibv_qp_init_attr.send_cq$offset();
        static final int QPIA_RECV_CQ = (int) ibv_qp_init_attr.recv_cq$offset();
        static final int QPIA_SRQ = (int) ibv_qp_init_attr.srq$offset();
        static final int QPIA_CAP = (int) ibv_qp_init_attr.cap$offset();
        static final int QPIA_TYPE = (int) ibv_qp_init_attr.qp_type$offset();
        static final int QPIA_SIG_ALL = (int) ibv_qp_init_attr.sq_sig_all$offset();
        static final int CAP_SEND_WR = QPIA_CAP + (int) ibv_qp_cap.max_send_wr$offset();
        static final int CAP_RECV_WR = QPIA_CAP + (int) ibv_qp_cap.max_recv_wr$offset();
        static final int CAP_SEND_SGE = QPIA_CAP + (int) ibv_qp_cap.max_send_sge$offset();
        static final int CAP_RECV_SGE = QPIA_CAP + (int) ibv_qp_cap.max_recv_sge$offset();
        static final int CAP_INLINE = QPIA_CAP + (int) ibv_qp_cap.max_inline_data$offset();

        static {
            if (ValueLayout.ADDRESS.byteSize() != Long.BYTES) {
                throw new ExceptionInInitializerError("the rdmacm provider needs 64-bit pointers");
            }
        }

        private Off() {
        }
    }

    /** {@return a native-order view of a Java array that holds a struct} */
    private static ByteBuffer struct(final byte[] b) {
        return ByteBuffer.wrap(b).order(ByteOrder.nativeOrder());
    }

    // ---------------------------------------------------------------- socket addresses

    /**
     * {@return a {@code struct sockaddr_in} or {@code sockaddr_in6} for an address}
     *
     * @param address the address and port
     * @param allocator where to allocate it
     */
    public static MemorySegment sockaddr(final InetSocketAddress address, final SegmentAllocator allocator) {
        final InetAddress ip = address.getAddress();
        final int port = address.getPort();
        final byte[] addr = ip.getAddress();
        final boolean v4 = ip instanceof Inet4Address;
        final byte[] b = new byte[v4 ? Off.SIN_SIZE : Off.SIN6_SIZE];
        final ByteBuffer s = struct(b);
        s.putShort(v4 ? Off.SIN_FAMILY : Off.SIN6_FAMILY, (short) (v4 ? AF_INET : AF_INET6));
        // the port in network byte order
        final int portAt = v4 ? Off.SIN_PORT : Off.SIN6_PORT;
        b[portAt] = (byte) (port >>> 8);
        b[portAt + 1] = (byte) port;
        System.arraycopy(addr, 0, b, v4 ? Off.SIN_ADDR : Off.SIN6_ADDR, addr.length);
        if (ip instanceof Inet6Address v6) {
            s.putInt(Off.SIN6_SCOPE, v6.getScopeId());
        }
        final MemorySegment seg = v4 ? sockaddr_in.allocate(allocator) : sockaddr_in6.allocate(allocator);
        MemorySegment.copy(b, 0, seg, ValueLayout.JAVA_BYTE, 0, b.length);
        return seg;
    }

    /**
     * {@return the address a {@code struct sockaddr} holds, or null for a family other than IPv4/IPv6}
     *
     * @param sockaddr a sockaddr_in or sockaddr_in6
     */
    public static InetSocketAddress inetSocketAddress(final MemorySegment sockaddr) {
        final byte[] b = new byte[Off.SIN6_SIZE];
        MemorySegment.copy(sockaddr.reinterpret(Off.SIN6_SIZE), ValueLayout.JAVA_BYTE, 0, b, 0, b.length);
        final int family = Short.toUnsignedInt(struct(b).getShort(Off.SIN_FAMILY));
        final int addrAt;
        final int addrLen;
        final int portAt;
        if (family == AF_INET) {
            addrAt = Off.SIN_ADDR;
            addrLen = 4;
            portAt = Off.SIN_PORT;
        } else if (family == AF_INET6) {
            addrAt = Off.SIN6_ADDR;
            addrLen = 16;
            portAt = Off.SIN6_PORT;
        } else {
            return null;
        }
        try {
            return new InetSocketAddress(InetAddress.getByAddress(Arrays.copyOfRange(b, addrAt, addrAt + addrLen)),
                    (Byte.toUnsignedInt(b[portAt]) << 8) | Byte.toUnsignedInt(b[portAt + 1]));
        } catch (final UnknownHostException e) {
            throw new IllegalStateException("malformed address from librdmacm", e);
        }
    }

    // ---------------------------------------------------------------- connection parameters and CM events

    /**
     * {@return a {@code struct rdma_conn_param} holding the parameters, private data copied into the allocator}
     *
     * @param p the parameters
     * @param allocator where to allocate
     */
    public static MemorySegment connParam(final ConnectionParameters p, final SegmentAllocator allocator) {
        final MemorySegment s = rdma_conn_param.allocate(allocator);
        final byte[] b = new byte[Off.CONN_SIZE];
        final ByteBuffer c = struct(b);
        final byte[] data = p.privateData();
        if (data.length > 0) {
            c.putLong(Off.CONN_PDATA, allocator.allocateFrom(ValueLayout.JAVA_BYTE, data).address());
        }
        b[Off.CONN_PDATA_LEN] = (byte) data.length;
        b[Off.CONN_RESPONDER] = (byte) p.responderResources();
        b[Off.CONN_INITIATOR] = (byte) p.initiatorDepth();
        b[Off.CONN_FLOW] = (byte) p.flowControl();
        b[Off.CONN_RETRY] = (byte) p.retryCount();
        b[Off.CONN_RNR] = (byte) p.rnrRetryCount();
        b[Off.CONN_SRQ] = (byte) p.srq();
        c.putInt(Off.CONN_QPN, p.qpNumber());
        MemorySegment.copy(b, 0, s, ValueLayout.JAVA_BYTE, 0, b.length);
        return s;
    }

    /**
     * Copies an event into Java (type, status, ids, connection parameters with private data; the parameters only
     * for CONNECT_REQUEST, CONNECT_RESPONSE, ESTABLISHED and REJECTED, the events that carry them).
     *
     * @param event an event from {@link CmCalls#getCmEvent}, not yet acked
     * @return the copy
     */
    public static CmEvent readCmEvent(final MemorySegment event) {
        final byte[] b = new byte[Off.EVENT_SIZE];
        MemorySegment.copy(event.reinterpret(Off.EVENT_SIZE), ValueLayout.JAVA_BYTE, 0, b, 0, b.length);
        final ByteBuffer ev = struct(b);
        final CmEventType type = CmEventType.of(ev.getInt(Off.EVENT_TYPE));
        final int status = ev.getInt(Off.EVENT_STATUS);
        final long id = ev.getLong(Off.EVENT_ID);
        final long listenId = ev.getLong(Off.EVENT_LISTEN_ID);
        if (type != CmEventType.CONNECT_REQUEST && type != CmEventType.CONNECT_RESPONSE
                && type != CmEventType.ESTABLISHED && type != CmEventType.REJECTED) {
            // the other events carry no connection parameters: nothing more to copy
            return new CmEvent(type, status, id, listenId, NO_CONNECTION);
        }
        final int c = Off.EVENT_CONN;
        final int len = Byte.toUnsignedInt(b[c + Off.CONN_PDATA_LEN]);
        final long pd = ev.getLong(c + Off.CONN_PDATA);
        final byte[] data = len == 0 || pd == 0 ? new byte[0]
                : MemorySegment.ofAddress(pd).reinterpret(len).toArray(ValueLayout.JAVA_BYTE);
        final ConnectionParameters cp = new ConnectionParameters(data,
                Byte.toUnsignedInt(b[c + Off.CONN_RESPONDER]), Byte.toUnsignedInt(b[c + Off.CONN_INITIATOR]),
                Byte.toUnsignedInt(b[c + Off.CONN_FLOW]), Byte.toUnsignedInt(b[c + Off.CONN_RETRY]) & 7,
                Byte.toUnsignedInt(b[c + Off.CONN_RNR]) & 7, Byte.toUnsignedInt(b[c + Off.CONN_SRQ]),
                ev.getInt(c + Off.CONN_QPN));
        return new CmEvent(type, status, id, listenId, cp);
    }

    // ---------------------------------------------------------------- QP attributes

    /**
     * {@return a zeroed {@code struct ibv_qp_init_attr} for an RC QP, signalling only requests that ask for it}
     *
     * @param allocator where to allocate
     * @param sendCq the send CQ
     * @param recvCq the receive CQ
     * @param maxSendWr send queue depth
     * @param maxRecvWr receive queue depth
     * @param maxSendSge gather entries per send
     * @param maxRecvSge scatter entries per receive
     * @param maxInlineData inline bytes per send
     */
    public static MemorySegment qpInitAttr(final SegmentAllocator allocator, final MemorySegment sendCq,
            final MemorySegment recvCq, final int maxSendWr, final int maxRecvWr, final int maxSendSge,
            final int maxRecvSge, final int maxInlineData) {
        return qpInitAttr(allocator, sendCq, recvCq, MemorySegment.NULL, maxSendWr, maxRecvWr, maxSendSge,
                maxRecvSge, maxInlineData);
    }

    /**
     * {@return a zeroed {@code struct ibv_qp_init_attr} for an RC QP attached to a shared receive queue}
     *
     * @param allocator where to allocate
     * @param sendCq the send CQ
     * @param recvCq the receive CQ
     * @param srq the SRQ whose buffers the QP consumes, or NULL (then max_recv_* size the QP's own queue)
     * @param maxSendWr send queue depth
     * @param maxRecvWr receive queue depth (ignored with an SRQ)
     * @param maxSendSge gather entries per send
     * @param maxRecvSge scatter entries per receive (ignored with an SRQ)
     * @param maxInlineData inline bytes per send
     */
    public static MemorySegment qpInitAttr(final SegmentAllocator allocator, final MemorySegment sendCq,
            final MemorySegment recvCq, final MemorySegment srq, final int maxSendWr, final int maxRecvWr,
            final int maxSendSge, final int maxRecvSge, final int maxInlineData) {
        final MemorySegment a = ibv_qp_init_attr.allocate(allocator);
        final byte[] b = new byte[Off.QPIA_SIZE];
        final ByteBuffer q = struct(b);
        q.putLong(Off.QPIA_SEND_CQ, sendCq.address());
        q.putLong(Off.QPIA_RECV_CQ, recvCq.address());
        q.putLong(Off.QPIA_SRQ, srq.address());
        q.putInt(Off.CAP_SEND_WR, maxSendWr);
        q.putInt(Off.CAP_RECV_WR, maxRecvWr);
        q.putInt(Off.CAP_SEND_SGE, maxSendSge);
        q.putInt(Off.CAP_RECV_SGE, maxRecvSge);
        q.putInt(Off.CAP_INLINE, maxInlineData);
        q.putInt(Off.QPIA_TYPE, VerbsCalls.IBV_QPT_RC);
        q.putInt(Off.QPIA_SIG_ALL, 0);
        MemorySegment.copy(b, 0, a, ValueLayout.JAVA_BYTE, 0, b.length);
        return a;
    }

    /**
     * {@return the capacities a QP was created with, as {@code rdma_create_qp} wrote them back}: max_send_wr,
     * max_recv_wr, max_send_sge, max_recv_sge, max_inline_data
     *
     * @param initAttr the init attributes passed to {@link CmCalls#createQp}
     */
    public static int[] qpCapabilities(final MemorySegment initAttr) {
        final MemorySegment cap = ibv_qp_init_attr.cap(initAttr);
        return new int[] {ibv_qp_cap.max_send_wr(cap), ibv_qp_cap.max_recv_wr(cap), ibv_qp_cap.max_send_sge(cap),
            ibv_qp_cap.max_recv_sge(cap), ibv_qp_cap.max_inline_data(cap)};
    }
}
