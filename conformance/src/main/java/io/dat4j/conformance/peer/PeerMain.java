package io.dat4j.conformance.peer;

import io.dat4j.CloseMode;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Dat;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.Registry;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import io.dat4j.spi.DatProvider;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The peer of the two-process rules, run in a second JVM by {@link PeerLauncher#secondJvm}. It opens an IA and
 * answers line commands on stdin, one reply line each on stdout (nothing else is written there; logs go to stderr):
 * <ul>
 *   <li>start: replies {@code READY <address>} with the IA's address;</li>
 *   <li>{@code LISTEN ACCEPT|REJECT|ECHO <hex private data or ->}: creates a PSP ({@code dat_psp_create_any}) that
 *       handles one request, replies {@code LISTENING <qualifier>};</li>
 *   <li>{@code OUTCOME}: waits for the last request's outcome, replies {@code OUTCOME ESTABLISHED <hex>} (with the
 *       requester's private data), {@code OUTCOME REJECTED <hex>} or {@code OUTCOME ECHOED <messages>};</li>
 *   <li>{@code QUIT}: closes the IA, replies {@code BYE} and exits 0.</li>
 * </ul>
 * A failure replies {@code ERROR <what>}.
 */
public final class PeerMain {

    static final String READY = "READY";
    static final String LISTEN = "LISTEN";
    static final String LISTENING = "LISTENING";
    static final String OUTCOME = "OUTCOME";
    static final String QUIT = "QUIT";
    static final String BYE = "BYE";
    static final String ERROR = "ERROR";

    private static final int BUFFER = 1 << 20;
    private static final Duration WAIT = Duration.ofSeconds(60);

    private final InterfaceAdapter ia;
    private final PrintStream out;
    private volatile CompletableFuture<String> last = CompletableFuture.completedFuture("NONE");

    private PeerMain(final InterfaceAdapter ia, final PrintStream out) {
        this.ia = ia;
        this.out = out;
    }

    /**
     * Runs the peer.
     *
     * @param args {@code --ia NAME [--provider-class FQCN]}
     * @throws Exception when the IA cannot be opened
     */
    public static void main(final String[] args) throws Exception {
        final PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true,
                StandardCharsets.UTF_8);
        System.setOut(System.err);
        String iaName = null;
        String providerClass = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--ia" -> iaName = args[++i];
                case "--provider-class" -> providerClass = args[++i];
                default -> {
                    out.println(ERROR + " unknown argument " + args[i]);
                    System.exit(2);
                }
            }
        }
        if (iaName == null) {
            out.println(ERROR + " --ia is required");
            System.exit(2);
        }
        if (providerClass != null) {
            final DatProvider p = (DatProvider) Class.forName(providerClass).getDeclaredConstructor().newInstance();
            if (Registry.defaultRegistry().provider(p.name()) == null) {
                Registry.defaultRegistry().addProvider(p);
            }
        }
        final InterfaceAdapter ia;
        try {
            ia = Dat.openInterfaceAdapter(iaName);
        } catch (final DatException e) {
            out.println(ERROR + " cannot open " + iaName + ": " + e.getMessage());
            System.exit(1);
            return;
        }
        final InetAddress a = ia.address() == null || ia.address().getAddress().isAnyLocalAddress()
                ? InetAddress.getLoopbackAddress() : ia.address().getAddress();
        out.println(READY + " " + a.getHostAddress());
        new PeerMain(ia, out).loop();
        System.exit(0);
    }

    private void loop() throws IOException {
        final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            final String[] w = line.trim().split("\\s+");
            try {
                switch (w[0]) {
                    case LISTEN -> listen(PeerProcess.Mode.valueOf(w[1]),
                            "-".equals(w[2]) ? null : HexFormat.of().parseHex(w[2]));
                    case OUTCOME -> out.println(OUTCOME + " " + last.get(WAIT.toMillis(), TimeUnit.MILLISECONDS));
                    case QUIT -> {
                        ia.close(CloseMode.ABRUPT);
                        out.println(BYE);
                        return;
                    }
                    default -> out.println(ERROR + " unknown command " + line);
                }
            } catch (final RuntimeException | ExecutionException | TimeoutException e) {
                out.println(ERROR + " " + line + ": " + e);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                out.println(ERROR + " interrupted");
                return;
            }
        }
        ia.close(CloseMode.ABRUPT);
    }

    private void listen(final PeerProcess.Mode mode, final byte[] privateData) {
        final EventDispatcher crEvd = ia.createEventDispatcher(8, null, EnumSet.of(EventStream.CR));
        final PublicServicePoint psp = ia.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER);
        final CompletableFuture<String> outcome = new CompletableFuture<>();
        last = outcome;
        final Thread t = new Thread(() -> {
            try {
                serve(mode, privateData, crEvd, psp, outcome);
            } catch (final RuntimeException e) {
                outcome.complete("FAILED " + e);
            }
        }, "dat-conformance-peer-session");
        t.setDaemon(true);
        t.start();
        out.println(LISTENING + " " + psp.connectionQualifier());
    }

    private void serve(final PeerProcess.Mode mode, final byte[] privateData, final EventDispatcher crEvd,
            final PublicServicePoint psp, final CompletableFuture<String> outcome) {
        final Event e = crEvd.await(WAIT);
        if (!(e instanceof final ConnectionRequestEvent cre)) {
            outcome.complete("FAILED expected a connection request, got " + e);
            return;
        }
        final ConnectionRequest cr = cre.request();
        final String theirs = HexFormat.of().formatHex(cr.query().privateData().toByteArray());
        if (mode == PeerProcess.Mode.REJECT) {
            cr.reject(privateData);
            psp.close();
            outcome.complete("REJECTED " + (theirs.isEmpty() ? "-" : theirs));
            return;
        }
        final ProtectionZone pz = ia.createProtectionZone();
        final EventDispatcher evd = ia.createEventDispatcher(64, null,
                EnumSet.of(EventStream.DTO, EventStream.CONNECTION));
        final Endpoint ep = ia.createEndpoint(pz, evd, evd, evd, null);
        final Arena arena = Arena.ofShared();
        LocalMemoryRegion recvLmr = null;
        LocalMemoryRegion sendLmr = null;
        try {
            final MemorySegment recv = arena.allocate(BUFFER, 64);
            final MemorySegment send = arena.allocate(BUFFER, 64);
            recvLmr = ia.createLocalMemoryRegion(pz, recv, MemoryPrivilege.LOCAL);
            sendLmr = ia.createLocalMemoryRegion(pz, send, MemoryPrivilege.LOCAL);
            ep.postRecv(recvLmr.triplet(0, BUFFER), 1);
            cr.accept(ep, privateData);
            psp.close();
            int echoed = 0;
            while (true) {
                final Event ev;
                try {
                    ev = evd.await(WAIT);
                } catch (final DatException ex) {
                    if (ex.type() == StatusType.TIMEOUT_EXPIRED) {
                        continue;
                    }
                    break;
                }
                if (ev instanceof final ConnectionEvent ce) {
                    if (ce.number() == EventNumber.CONNECTION_EVENT_ESTABLISHED) {
                        if (mode == PeerProcess.Mode.ACCEPT) {
                            outcome.complete("ESTABLISHED " + (theirs.isEmpty() ? "-" : theirs));
                        }
                        continue;
                    }
                    break;
                }
                if (ev instanceof final DtoCompletionEvent dto && dto.operation() == DtoOperation.RECEIVE
                        && dto.status() == DtoStatus.SUCCESS && mode == PeerProcess.Mode.ECHO) {
                    final long n = dto.transferredLength();
                    MemorySegment.copy(recv, 0, send, 0, n);
                    ep.postRecv(recvLmr.triplet(0, BUFFER), 1);
                    ep.postSend(sendLmr.triplet(0, n), 2);
                    echoed++;
                }
            }
            outcome.complete(mode == PeerProcess.Mode.ECHO ? "ECHOED " + echoed : "DISCONNECTED");
        } catch (final RuntimeException ex) {
            outcome.complete("FAILED " + ex);
        } finally {
            for (final AutoCloseable c : new AutoCloseable[] {ep, recvLmr, sendLmr, evd, pz}) {
                try {
                    if (c != null) {
                        c.close();
                    }
                } catch (final Exception ex) {
                    System.err.println("peer: cleanup: " + ex);
                }
            }
            arena.close();
        }
    }
}
