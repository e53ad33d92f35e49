package io.dat4j.examples.dapltest;

import io.dat4j.DatException;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.InterfaceAdapter;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.ProviderAttributes;
import java.net.InetSocketAddress;
import java.util.concurrent.CountDownLatch;

/**
 * What one test run shares between its threads ({@code Per_Test_Data_t}): which side it is, the handshake's
 * {@code Client_Info} and {@code Server_Info}, the command, the IA's and default EP's attributes
 * ({@code DT_query}), the client's transaction statistics, and the server's readiness signal: the server's main
 * thread sends {@code Server_Info} only once the test's threads listen on their service points
 * ({@code synch_wait_object}, {@code Countdown_Counter}).
 *
 * <p>Thread safety: the fields are set by the thread that creates the run, before it starts the test threads;
 * {@link #ready} and {@link #countDownReady()} synchronise the rest.
 */
final class TestData {

    final Log log;
    final Params params;
    final boolean localIsServer;
    /** The server's shared state, on the server; null on the client. */
    final ServerData serverData;
    Wire.ClientInfo clientInfo;
    Wire.ServerInfo serverInfo;
    TransactionCommand transaction;
    PerformanceCommand performance;
    QuitCommand quit;
    InterfaceAdapterAttributes iaAttr;
    ProviderAttributes providerAttr;
    EndpointAttributes epAttr;
    TransactionStats clientStats;

    /** Signalled once every server test thread listens ({@code synch_wait_object}). */
    final CountDownLatch ready = new CountDownLatch(1);
    private int countdown;

    TestData(final Log log, final Params params, final boolean localIsServer, final ServerData serverData) {
        this.log = log;
        this.params = params;
        this.localIsServer = localIsServer;
        this.serverData = serverData;
    }

    /** Sets the number of server threads that must report ready ({@code Countdown_Counter}); 0 is ready at once. */
    synchronized void countdown(final int threads) {
        countdown = threads;
        if (threads <= 0) {
            ready.countDown();
        }
    }

    /** One server thread listens (or gave up: C would leave the server waiting forever then). */
    synchronized void countDownReady() {
        if (--countdown <= 0) {
            ready.countDown();
        }
    }

    /**
     * {@code DT_query}: reads the IA's and provider's attributes and the default EP's, and prints them when debugging.
     *
     * @param ia the IA
     * @param ep an EP created with the provider's defaults
     * @return false after printing the error
     */
    boolean query(final InterfaceAdapter ia, final Endpoint ep) {
        try {
            iaAttr = ia.attributes();
            providerAttr = ia.providerAttributes();
        } catch (final DatException e) {
            log.printf("DT_query: dat_ia_query error: %s\n", Log.ret(e));
            return false;
        }
        try {
            epAttr = ep.query().attributes();
        } catch (final DatException e) {
            log.printf("DT_query: dat_ep_query error: %s\n", Log.ret(e));
            return false;
        }
        if (log.debug()) {
            final ProviderAttributes p = providerAttr;
            final InterfaceAdapterAttributes a = iaAttr;
            log.printf("*****  DAPL  Characteristics  *****\n");
            log.printf("Provider: %s  Version %d.%d  DAPL %d.%d\n", p.providerName(), p.providerVersionMajor(),
                    p.providerVersionMinor(), p.datVersionMajor(), p.datVersionMinor());
            log.printf("Adapter: %s by %s Version %d.%d\n", a.adapterName(), a.vendorName(), 0, 0);
            log.printf("Supporting:\n");
            log.printf("\t%d EPs with %d DTOs and %d RDMA/RDs each\n", a.maxEndpoints(), a.maxDtoPerEndpoint(),
                    a.maxRdmaReadPerEndpointIn());
            log.printf("\t%d EVDs of up to %d entries  (default S/R size is %d/%d)\n", a.maxEventDispatchers(),
                    a.maxEventDispatcherQueueLength(), epAttr.maxRequestDtos(), epAttr.maxRecvDtos());
            log.printf("\tIOVs of up to %d elements\n", a.maxIovSegmentsPerDto());
            log.printf("\t%d LMRs (and %d RMRs) of up to 0x%x bytes\n", a.maxLocalMemoryRegions(),
                    a.maxRemoteMemoryRegions(), a.maxLocalMemoryRegionSize());
            log.printf("\tMaximum MTU 0x%x bytes, RDMA 0x%x bytes\n", a.maxMessageSize(), a.maxRdmaSize());
            log.printf("\tMaximum Private data size %d bytes\n", p.maxPrivateDataSize());
            final InetSocketAddress address = a.address();
            if (address != null && address.getAddress() != null) {
                log.printf("\tLocal IP address %s\n", address.getAddress().getHostAddress());
            }
            log.printf("***** ***** ***** ***** ***** *****\n");
        }
        return true;
    }
}
