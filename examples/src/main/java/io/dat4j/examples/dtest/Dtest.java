package io.dat4j.examples.dtest;

import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.Dat;
import io.dat4j.DatException;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointParameters;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.ProviderAttributes;
import java.io.PrintStream;
import java.lang.foreign.ValueLayout;
import java.util.Map;

/**
 * dtest, the uDAPL send/receive and RDMA test of dapl2-utils 2.1.x ("v2"), ported line by line. Run one as server
 * ({@code -s}, the default) and one as client ({@code -h HOST}). The server first tells the client its IA address and
 * provider name over a TCP socket (port 15828, a 128-byte text message, {@link ServerInfo}); then they connect with 48
 * bytes of private data, exchange the RDMA buffer's {@code DAT_RMR_TRIPLET} in network byte order, RDMA write a burst
 * both ways, RDMA read four times, ping-pong 100 messages and disconnect. Options as C dtest's
 * {@code getopt(.., "UDauwWtscvpb:d:B:h:P:S:i:")}. Exit code 0 if PASSED, 1 if FAILED (C dtest exits 0 either way),
 * 12 for bad options (C: -12).
 *
 * <p>Not thread safe: a program, with one thread.
 */
public final class Dtest extends DtestTransfers {

    /** System property that moves the connection qualifier off dtest's fixed 45248 (Java only; for tests). */
    public static final String PORT_PROP_NAME = "dat4j.dtest.port";
    /** System property that moves the server-info socket off dtest's fixed 15828 (Java only; for tests). */
    public static final String INFO_PORT_PROP_NAME = "dat4j.dtest.infoport";

    /**
     * Creates a dtest writing to the given streams.
     *
     * @param out stdout
     * @param err stderr
     */
    Dtest(final PrintStream out, final PrintStream err) {
        super(out, err);
    }

    /**
     * Runs dtest.
     *
     * @param args dtest's options
     */
    public static void main(final String[] args) {
        final Dtest t = new Dtest(System.out, System.err);
        final int code = t.parse(args);
        System.exit(code != 0 ? code : t.run());
    }

    /**
     * Runs dtest after {@link #parse}.
     *
     * @return 0 if the test passed, 1 if it failed
     */
    int run() {
        if (signalRate > burst) {
            signalRate = burst;
        }
        if (writeOnly || writeOnlyPp) {
            rqCnt = MSG_BUF_COUNT * 2;
            sqCnt = MSG_BUF_COUNT + MAX_RDMA_RD + signalRate;
        } else {
            rqCnt = MSG_BUF_COUNT + msgBurst;
            sqCnt = MSG_BUF_COUNT + MAX_RDMA_RD + msgBurst;
        }

        if (!server) {
            printf("%d Running as client - waiting for server input%n", pid);
            con.out().flush();
            /* get_server_params */
            final ServerInfo info = new ServerInfoExchange(con, connPort).fetch(hostname, 1, false);
            if (info == null) {
                printf("%d Failed to get server parameters%n", pid);
                arena.close();
                return 1;
            }
            provider = info.provider();
            hostname = info.address().getHostAddress();
            logf("%d remote data: provider %s hostname %s%n", pid, provider, hostname);
            printf("%d Running as %s client v2 %n", pid, provider);
        } else {
            printf("%d Running as server - %s v2 %n", pid, provider);
        }
        con.out().flush();

        if (writeOnlyPp) {
            /* rdma write pingpong, set default to size to 1 byte unless specified by user */
            if (!allDataSizes) {
                if (!dataCheck && !userInputLen) {
                    bufLen = 1;
                }
            } else if (increment == 0) { /* power of 2 */
                int p2 = 1;
                int i = 0;
                while (p2 < bufLen) {
                    p2 <<= 1;
                    i++;
                }
                bufLenP2 = i;
            }
        }

        /* allocate send and receive buffers, page aligned */
        final long bufSize = Math.max(PAGE, (long) bufLen * rqCnt);
        try {
            rbuf = arena.allocate(bufSize, PAGE);
            sbuf = arena.allocate(bufSize, PAGE);
        } catch (final OutOfMemoryError | IllegalArgumentException e) {
            eprintf("malloc: %s%n", e.getMessage());
            arena.close();
            return 1;
        }
        initData();
        logf("%d Allocated RDMA buffers (r:0x%x=%d,s:0x%x=%d) len %d %n", pid, rbuf.address(),
                rbuf.get(ValueLayout.JAVA_BYTE, 0), sbuf.address(), sbuf.get(ValueLayout.JAVA_BYTE, 0), bufLen);

        pRmrRcv = arena.allocate(PAGE, PAGE);
        pRmrSnd = arena.allocate(PAGE, PAGE);
        logf("%d Allocated RMR buffers (r:0x%x,s:0x%x) len %d %n", pid, pRmrRcv.address(), pRmrSnd.address(), PAGE);

        /* dat_ia_open, dat_pz_create */
        start = Libc.getTime();
        try {
            hIa = Dat.openInterfaceAdapter(provider, 8);
        } catch (final DatException e) {
            eprintf("%d: Error Adaptor open: %s%n", pid, retToStr(e.status()));
            eprintf("%d: %s%n", pid, e.getMessage());
            arena.close();
            return 1;
        }
        stop = Libc.getTime();
        ts.open += (stop - start) * 1.0e6;
        ts.total += ts.open;
        hAsyncEvd = hIa.asyncEventDispatcher();
        logf("%d Opened Interface Adaptor%n", pid);

        final InterfaceAdapterAttributes iaAttr = hIa.attributes();
        final ProviderAttributes prAttr = hIa.providerAttributes();
        printIaAddress(iaAttr.address());

        /* no IB extensions in dat4j: write_immed stays 0 */

        /* Provider specific attributes */
        int i = 0;
        String rdmaReadAttr = null;
        for (final Map.Entry<String, String> e : prAttr.providerSpecific().entrySet()) {
            logf("%d provider_specific_attr[%d] %s = %s %n", pid, i++, e.getKey(), e.getValue());
            if (e.getKey().equals("DAT_IB_RDMA_READ")) {
                rdmaReadAttr = e.getValue();
            }
        }
        /* C: DAT_IB_RDMA_READ = TRUE; a dat4j provider without the attribute answers with its capability */
        rdmaRead = !writeOnly && (rdmaReadAttr != null ? rdmaReadAttr.equals("TRUE")
                : hIa.supports(Capability.RDMA_READ));
        logf("%d provider_attr->max_private_data_size = %d%n", pid, prAttr.maxPrivateDataSize());

        try {
            /* Create Protection Zone */
            start = Libc.getTime();
            logf("%d Create Protection Zone%n", pid);
            try {
                hPz = hIa.createProtectionZone();
            } catch (final DatException e) {
                eprintf("%d Error creating Protection Zone: %s%n", pid, retToStr(e.status()));
                hIa.close(CloseMode.ABRUPT);
                arena.close();
                return 1;
            }
            stop = Libc.getTime();
            ts.pzc += (stop - start) * 1.0e6;
            ts.total += ts.pzc;
            logf("%d Created Protection Zone%n", pid);

            /* Register memory */
            logf("%d Register RDMA memory%n", pid);
            step("Error registering RDMA memory", this::registerRdmaMemory);
            logf("%d Register RDMA memory done%n", pid);

            logf("%d Create events%n", pid);
            step("Error creating events", this::createEvents);
            logf("%d Create events done%n", pid);

            /* create EP */
            final EndpointAttributes epAttr = EndpointAttributes.builder()
                    .maxRdmaSize(0x10000)
                    .recvCompletionFlags(CompletionFlag.DEFAULT)
                    .maxRecvDtos(rqCnt)
                    .maxRequestDtos(sqCnt)
                    .maxRecvIov(MSG_IOV_COUNT)
                    .maxRequestIov(MSG_IOV_COUNT)
                    .maxRdmaReadIn(MAX_RDMA_RD)
                    .maxRdmaReadOut(MAX_RDMA_RD)
                    .requestCompletionFlags(CompletionFlag.DEFAULT)
                    .build();
            start = Libc.getTime();
            step("Error dat_ep_create", () -> hEp = hIa.createEndpoint(hPz, hDtoRcvEvd, hDtoReqEvd, hConnEvd,
                    epAttr));
            stop = Libc.getTime();
            ts.epc += (stop - start) * 1.0e6;
            ts.total += ts.epc;
            logf("%d EP created %s %n", pid, hEp);

            /*
             * register message buffers, establish connection, and
             * exchange DMA RMR information info via messages
             */
            step("Error connect_ep", () -> connectEp(hostname, serverConnQual, iaAttr.address()));
            logf("%d connect_ep complete%n", pid);

            /* Query EP for local and remote address information, print */
            final EndpointParameters epParam = hEp.query();
            logf("%d EP queried %s %n", pid, hEp);
            printf("%n%d Query EP: LOCAL addr %s port %x%n", pid, hostAddress(epParam.localAddress()),
                    epParam.localPortQualifier());
            printf("%d Query EP: REMOTE addr %s port %x%n", pid, hostAddress(epParam.remoteAddress()),
                    epParam.remotePortQualifier());
            con.out().flush();

            /*********** RDMA write data *************/
            if (writeOnlyPp) {
                rdmaWritePingPongs();
            } else {
                step("Error do_rdma_write_with_msg", this::doRdmaWriteWithMsg);
            }
            logf("%d rdma_write test complete%n", pid);

            if (!writeOnlyPp && !writeOnly && rdmaRead) {
                /*********** RDMA read data *************/
                step("Error do_rdma_read_with_msg", this::doRdmaReadWithMsg);
                logf("%d do_rdma_read_with_msg complete%n", pid);

                /*********** PING PING messages ************/
                step("Error do_ping_pong_msg", this::doPingPongMsg);
                logf("%d do_ping_pong_msg complete%n", pid);
            }
        } catch (final Abort e) {
            failed++;
        }

        /* disconnect and free EP resources */
        if (hEp != null) {
            /* unregister message buffers and tear down connection */
            logf("%d Disconnect and Free EP %s %n", pid, hEp);
            disconnectEp();

            /* free EP */
            logf("%d Free EP %s %n", pid, hEp);
            start = Libc.getTime();
            try {
                hEp.close();
                stop = Libc.getTime();
                ts.epf += (stop - start) * 1.0e6;
                ts.total += ts.epf;
                logf("%d Freed EP%n", pid);
                hEp = null;
            } catch (final DatException e) {
                eprintf("%d Error freeing EP: %s%n", pid, retToStr(e.status()));
            }
        }
        if (connected) {
            flushEvds();
        }

        /* free EVDs */
        logf("%d destroy events%n", pid);
        try {
            destroyEvents();
            logf("%d destroy events done%n", pid);
        } catch (final DatException e) {
            eprintf("%d Error destroy_events: %s%n", pid, retToStr(e.status()));
        }

        try {
            unregisterRdmaMemory();
            logf("%d unregister_rdma_memory %n", pid);
            logf("%d unregister_rdma_memory done%n", pid);
        } catch (final DatException e) {
            eprintf("%d Error unregister_rdma_memory: %s%n", pid, retToStr(e.status()));
        }

        /* Free protection domain */
        logf("%d Freeing pz%n", pid);
        start = Libc.getTime();
        try {
            if (hPz != null) {
                hPz.close();
            }
            stop = Libc.getTime();
            ts.pzf += (stop - start) * 1.0e6;
            ts.total += ts.pzf;
            logf("%d Freed pz%n", pid);
            hPz = null;
        } catch (final DatException e) {
            eprintf("%d Error freeing PZ: %s%n", pid, retToStr(e.status()));
        }

        /* close the device */
        logf("%d Closing Interface Adaptor%n", pid);
        start = Libc.getTime();
        try {
            hIa.close(CloseMode.ABRUPT);
            stop = Libc.getTime();
            ts.close += (stop - start) * 1.0e6;
            ts.total += ts.close;
            logf("%d Closed Interface Adaptor%n", pid);
        } catch (final DatException e) {
            eprintf("%d: Error Adaptor close: %s%n", pid, retToStr(e.status()));
        }

        /* free rdma buffers */
        arena.close();

        printTimes();

        printf("%n%d: DAPL Test Complete. %s%n%n", pid, failed != 0 ? "FAILED" : "PASSED");
        con.flush();
        return failed != 0 ? 1 : 0;
    }

    /* the RDMA write ping-pong of -W, over one size or all sizes (-a, -i) */
    private void rdmaWritePingPongs() {
        int i;
        final int max;
        final int inc;
        if (allDataSizes) {
            if (increment != 0) {
                i = 1;
                inc = increment;
                max = bufLen / inc;
            } else {
                i = 0;
                inc = 0;
                max = bufLenP2;
            }
        } else if (dataCheck || userInputLen) {
            i = bufLen;
            max = bufLen;
            inc = 1;
        } else {
            i = bufLen;
            max = bufLen;
            inc = bufLen;
        }
        printf("%n %d RDMA WRITE PINGPONG with%s DATA CHECK%n%n", pid, dataCheck ? "" : "out");

        for (; i <= max; i++) {
            final int lLen = i * inc != 0 ? i * inc : 1 << i;
            if (allDataSizes && lLen > 4) {
                writePingPongStep(i, lLen - 1);
            }
            writePingPongStep(i, i * inc);
            if (allDataSizes && lLen > 1 && lLen < bufLen) {
                writePingPongStep(i, lLen + 1);
            }
        }
    }

    private void writePingPongStep(final int p2, final int bytes) {
        try {
            doRdmaWritePingPong(p2, bytes);
        } catch (final Abort e) {
            eprintf("%d Error do_rdma_write_ping_pong%n", pid);
            throw e;
        } catch (final DatException e) {
            eprintf("%d Error do_rdma_write_ping_pong%n", pid);
            throw new Abort(e.status());
        }
    }

    private void printTimes() {
        if (ts.rtt != 0 && !allDataSizes) {
            final int n = writeOnlyPp ? burst : msgBurst;
            printf("%d: %s PingPong: (%d x %d) Total %6.2f us: latency %3.2f us, BW %4.2f MB/s%n", pid,
                    writeOnlyPp ? "RDMA write" : "Message", n, bufLen, ts.rtt, ts.rtt / n / 2,
                    1 / (ts.rtt / n / 2 / bufLen));
        }

        if (ts.rdmaWr != 0 && (!server || !uniDirection)) {
            final int msgs = uniDirection ? burst : burst * 2;
            printf("%n%d: RDMA write (%s): Total=%6.2f usec, itime=%6.2f us, poll=%d, %d x %d, %4.2f MB/sec%n",
                    pid, uniDirection ? "uni-direction" : "bi-direction", ts.rdmaWr, ts.rdmaWr / msgs,
                    rdmaWrPollCount, msgs, bufLen, 1 / (ts.rdmaWr / msgs / bufLen));
        }

        if (!performanceTimes) {
            return;
        }
        for (int i = 0; i < MAX_RDMA_RD; i++) {
            printf("%d: RDMA read:   Total=%10.2f usec,   %d bursts, itime=%10.2f usec, pc=%d%n", pid,
                    ts.rdmaRdTotal, MAX_RDMA_RD, ts.rdmaRd[i], rdmaRdPollCount[i]);
        }
        printf("%d: open:      %10.2f usec%n", pid, ts.open);
        printf("%d: close:     %10.2f usec%n", pid, ts.close);
        printf("%d: PZ create: %10.2f usec%n", pid, ts.pzc);
        printf("%d: PZ free:   %10.2f usec%n", pid, ts.pzf);
        printf("%d: LMR create:%10.2f usec%n", pid, ts.reg);
        printf("%d: LMR free:  %10.2f usec%n", pid, ts.unreg);
        printf("%d: EVD create:%10.2f usec%n", pid, ts.evdc);
        printf("%d: EVD free:  %10.2f usec%n", pid, ts.evdf);
        if (useCno) {
            printf("%d: CNO create:  %10.2f usec%n", pid, ts.cnoc);
            printf("%d: CNO free:    %10.2f usec%n", pid, ts.cnof);
        }
        printf("%d: EP create: %10.2f usec%n", pid, ts.epc);
        printf("%d: EP free:   %10.2f usec%n", pid, ts.epf);
        if (!server) {
            printf("%d: connect:   %10.2f usec, poll_cnt=%d%n", pid, ts.conn, connPollCount);
        }
        printf("%d: TOTAL:     %10.2f usec%n", pid, ts.total);
    }
}
