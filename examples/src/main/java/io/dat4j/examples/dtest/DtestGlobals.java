package io.dat4j.examples.dtest;

import io.dat4j.ConnectionRequest;
import io.dat4j.ConsumerNotifier;
import io.dat4j.DatException;
import io.dat4j.DatStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventDispatcher;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.StatusType;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.net.InetSocketAddress;
import java.nio.ByteOrder;
import java.time.Duration;

/**
 * dtest's definitions and global variables, shared by the classes the port is split into (one per part of dtest.c:
 * {@link DtestOptions}, {@link DtestSetup}, {@link DtestTransfers}, {@link Dtest}), and its small helpers. C's
 * globals are fields here, so that each function reads as in C.
 *
 * <p>Not thread safe: a program, with one thread.
 */
abstract sealed class DtestGlobals permits DtestOptions {

    /* definitions, as in dtest.c */
    static final long SERVER_CONN_QUAL = 45248;
    /** C waits forever ({@code DAT_TIMEOUT_INFINITE}); the port gives up after five minutes. */
    static final Duration DTO_TIMEOUT = Duration.ofMinutes(5);
    static final Duration CNO_TIMEOUT = Duration.ofSeconds(1);
    static final Duration CONN_TIMEOUT = Duration.ofSeconds(100);
    static final Duration SERVER_TIMEOUT = EventDispatcher.INFINITE;
    static final int RDMA_BUFFER_SIZE = 4 * 1024 * 1024;
    static final int MAX_RDMA_RD = 4;
    static final int MSG_BUF_COUNT = 3;
    static final int MSG_IOV_COUNT = 1;
    /** {@code CONN_PORT}: where the server tells the client its address. */
    static final int CONN_PORT = 15828;
    /** {@code sizeof(DAT_RMR_TRIPLET)}: va (8), segment_length (4), rmr_context (4). */
    static final int RMR_TRIPLET_SIZE = 16;
    static final String DAPL_PROVIDER = "ofa-v2-mlx4_0-1u";
    static final int PAGE = 4096;

    static final ValueLayout.OfLong NET_U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    static final ValueLayout.OfInt NET_U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    /** The peer's RDMA writes land in {@code rbuf} behind the JIT's back: the write ping-pong reads it volatile. */
    static final VarHandle BYTE = ValueLayout.JAVA_BYTE.varHandle();
    static final int PAT_NUM = 5;
    static final byte[] PAT = {0, (byte) 0xff, 0x55, (byte) 0xaa, 0};

    /** stdout and stderr. */
    final Console con;
    /** {@code getpid()}. */
    final long pid;
    /** SERVER_CONN_QUAL, unless {@value Dtest#PORT_PROP_NAME} moves it. */
    final long serverConnQual = Long.getLong(Dtest.PORT_PROP_NAME, SERVER_CONN_QUAL);
    /** CONN_PORT, unless {@value Dtest#INFO_PORT_PROP_NAME} moves it. */
    final int connPort = Integer.getInteger(Dtest.INFO_PORT_PROP_NAME, CONN_PORT);
    /** Shared, not confined: the provider's threads read and write registered memory. */
    final Arena arena = Arena.ofShared();

    /* Global DAT vars */
    InterfaceAdapter hIa;
    ProtectionZone hPz;
    Endpoint hEp;
    PublicServicePoint hPsp;
    ConnectionRequest hCr;
    EventDispatcher hAsyncEvd;
    EventDispatcher hDtoReqEvd;
    EventDispatcher hDtoRcvEvd;
    EventDispatcher hCrEvd;
    EventDispatcher hConnEvd;
    ConsumerNotifier hDtoCno;

    /* RDMA buffers */
    LocalMemoryRegion hLmrSend;
    LocalMemoryRegion hLmrRecv;

    /* Initial msg receive buf, RMR exchange, and Rdma-write notification */
    LocalMemoryRegion hLmrRecvMsg;
    /* message send buffer */
    LocalMemoryRegion hLmrSendMsg;

    String hostname = "";
    String provider = DAPL_PROVIDER;

    /* allocate RMR message buffers page aligned */
    MemorySegment pRmrRcv;
    MemorySegment pRmrSnd;
    /** {@code p_rmr_rcv[i]} after the swap to host order. */
    final RemoteMemoryTriplet[] rmrRcv = new RemoteMemoryTriplet[MSG_BUF_COUNT];

    /* rdma pointers */
    MemorySegment rbuf;
    MemorySegment sbuf;

    /* timers */
    double start;
    double stop;
    final Times ts = new Times();

    /* defaults */
    boolean allDataSizes;
    int increment;
    int failed;
    boolean uniDirection;
    boolean rdmaRead;
    boolean writeOnly;
    boolean writeOnlyPp;
    boolean performanceTimes;
    boolean connected;
    int burst = 1000;
    final int msgBurst = 100;
    int signalRate = 10;
    boolean server = true;
    boolean polling;
    int pollCount;
    int rdmaWrPollCount;
    int connPollCount;
    final int[] rdmaRdPollCount = new int[MAX_RDMA_RD];
    int delay;
    int bufLen = RDMA_BUFFER_SIZE;
    boolean userInputLen;
    int bufLenP2;
    boolean useCno;
    int recvMsgIndex;
    int burstMsgIndex;
    int rqCnt;
    int sqCnt;
    boolean dataCheck;

    /** {@code struct dt_time}: microseconds per step. */
    static final class Times {
        double total;
        double open;
        double reg;
        double unreg;
        double pzc;
        double pzf;
        double evdc;
        double evdf;
        double cnoc;
        double cnof;
        double epc;
        double epf;
        double rdmaWr;
        final double[] rdmaRd = new double[MAX_RDMA_RD];
        double rdmaRdTotal;
        double rtt;
        double close;
        double conn;
    }

    /** A step failed; it has been reported on stderr as C dtest reports it, the caller goes to cleanup. */
    static final class Abort extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient DatStatus status;

        Abort(final DatStatus status) {
            super(status.strerror(), null, false, false);
            this.status = status;
        }

        DatStatus status() {
            return status;
        }
    }

    DtestGlobals(final PrintStream out, final PrintStream err) {
        this.con = new Console(out, err);
        this.pid = con.pid;
    }

    /** printf on stdout. */
    final void printf(final String format, final Object... args) {
        con.printf(format, args);
    }

    /** fprintf(stderr, ...). */
    final void eprintf(final String format, final Object... args) {
        con.eprintf(format, args);
    }

    /** LOGPRINTF: printf when verbose ({@code -v}). */
    final void logf(final String format, final Object... args) {
        con.logf(format, args);
    }

    static String retToStr(final DatStatus status) {
        return status.strerror();
    }

    /** Runs a step; a DatException is reported as C reports a bad DAT_RETURN and becomes an {@link Abort}. */
    void step(final String what, final Runnable body) {
        try {
            body.run();
        } catch (final Abort e) {
            eprintf("%d %s: %s%n", pid, what, retToStr(e.status()));
            throw e;
        } catch (final DatException e) {
            eprintf("%d %s: %s%n", pid, what, retToStr(e.status()));
            eprintf("%d %s%n", pid, e.getMessage());
            throw new Abort(e.status());
        }
    }

    static Abort abort() {
        return new Abort(DatStatus.error(StatusType.ABORT, null));
    }

    static String hostAddress(final InetSocketAddress a) {
        return a == null ? "?" : a.getAddress().getHostAddress();
    }

    /**
     * The DAT virtual address of a byte of registered memory: C passes the pointer itself (DAT_VA_TYPE_VA); in Java
     * it is the region's registered address plus the offset, whatever address the segment has.
     */
    static long va(final LocalMemoryRegion lmr, final MemorySegment at, final long offset) {
        return lmr.registeredAddress() + (at.address() - lmr.segment().address()) + offset;
    }

    static int at(final byte[] b, final int i) {
        return i < b.length ? b[i] & 0xff : 0;
    }

    static void sleep(final long millis) {
        try {
            Thread.sleep(millis);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Abort(DatStatus.error(StatusType.INTERRUPTED_CALL, null));
        }
    }
}
