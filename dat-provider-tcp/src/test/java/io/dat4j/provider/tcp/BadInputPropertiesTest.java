package io.dat4j.provider.tcp;

import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectFlag;
import io.dat4j.ConnectionRequest;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EndpointState;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.Handle;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import io.dat4j.Qos;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Bad input, generated: every public call of the API with null, closed and foreign (another IA's) handles, calls in
 * the wrong state, negative and huge sizes, oversize private data and bad timeouts must fail with the documented DAT
 * status: a {@link DatException} of the expected type, never another exception, never a hang (each call runs with a
 * 20 s bound). The tries are bounded so the class runs in well under a minute.
 */
class BadInputPropertiesTest {

    /** What a generated case does wrong to one handle argument. */
    enum HandleFault { NULL, CLOSED, FOREIGN }

    private static final Duration SHORT = Duration.ofSeconds(10);
    private static ExecutorService runner;
    private static Fixture f;
    /** A connected pair kept for the whole class: [client, server]; bad posts must not disturb it. */
    private static Endpoint[] pair;
    private static LocalMemoryRegion local;
    private static LocalMemoryRegion remote;
    private static final List<Handle> perTry = new ArrayList<>();

    /** A generated bad call: what it does, and the status type it must fail with. */
    record Case(String name, StatusType expected, Function<Fixture, Object> call) {
        @Override
        public String toString() {
            return name + " -> " + expected;
        }
    }

    @BeforeContainer
    static void open() {
        runner = Executors.newSingleThreadExecutor(r -> {
            final Thread t = new Thread(r, "bad-input-runner");
            t.setDaemon(true);
            return t;
        });
        f = new Fixture();
        pair = f.connect();
        local = f.lmr(f.c, 4096);
        remote = f.lmr(f.s, 4096);
    }

    @AfterContainer
    static void close() {
        if (f != null) {
            // the shared connection survived every bad post: one good RDMA write still works
            pair[0].postRdmaWrite(List.of(local.triplet(0, 64)), 1, remote.remoteTriplet(0, 64),
                    CompletionFlag.DEFAULT);
            final DtoCompletionEvent e = (DtoCompletionEvent) Fixture.next(f.c.evd);
            f.close();
            runner.shutdownNow();
            if (e.status() != DtoStatus.SUCCESS) {
                throw new AssertionError("the shared connection was disturbed: " + e);
            }
        }
    }

    @AfterTry
    void closeTryObjects() {
        for (int i = perTry.size() - 1; i >= 0; i--) {
            try {
                perTry.get(i).close();
            } catch (final DatException e) {
                // a child of an already closed parent, or a bound EP: the IA close at the end frees it
            }
        }
        perTry.clear();
        // events of the tries (CRs, connection events) must not pile up on the shared EVDs
        while (f.s.conn.poll() != null || f.c.conn.poll() != null) {
            // drain
        }
        while (f.s.evd.poll() != null || f.c.evd.poll() != null) {
            // drain
        }
    }

    private static <T extends Handle> T keep(final T h) {
        perTry.add(h);
        return h;
    }

    /** Runs the call with a bound, and checks it fails with the expected status type (and nothing else). */
    private static void check(final Case c) {
        final Future<Object> fut = runner.submit(() -> c.call().apply(f));
        final Object result;
        try {
            result = fut.get(20, TimeUnit.SECONDS);
        } catch (final TimeoutException e) {
            fut.cancel(true);
            throw new AssertionError(c + ": the call hung for 20 s");
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } catch (final java.util.concurrent.ExecutionException e) {
            final Throwable t = e.getCause();
            if (t instanceof DatException de) {
                if (de.type() != c.expected()) {
                    throw new AssertionError(c + ": got " + de.status() + " (" + de.getMessage() + ")", de);
                }
                if (de.getMessage() == null || de.getMessage().isBlank()) {
                    throw new AssertionError(c + ": no message");
                }
                return;
            }
            throw new AssertionError(c + ": threw " + t + " instead of a DatException", t);
        }
        throw new AssertionError(c + ": succeeded (returned " + result + ") instead of failing");
    }

    // ------------------------------------------------------------------ handles

    private static EventDispatcher evd(final HandleFault fault, final Fixture fx) {
        return switch (fault) {
            case NULL -> null;
            case CLOSED -> {
                final EventDispatcher e = fx.server.createEventDispatcher(8, null, EventStream.DEFAULT);
                e.close();
                yield e;
            }
            case FOREIGN -> keep(fx.client.createEventDispatcher(8, null, EventStream.DEFAULT));
        };
    }

    private static ProtectionZone pz(final HandleFault fault, final Fixture fx) {
        return switch (fault) {
            case NULL -> null;
            case CLOSED -> {
                final ProtectionZone p = fx.server.createProtectionZone();
                p.close();
                yield p;
            }
            case FOREIGN -> fx.c.pz;
        };
    }

    private static Endpoint ep(final HandleFault fault, final Fixture fx) {
        return switch (fault) {
            case NULL -> null;
            case CLOSED -> {
                final Endpoint e = fx.s.ep(null);
                e.close();
                yield e;
            }
            case FOREIGN -> keep(fx.c.ep(null));
        };
    }

    @Provide
    Arbitrary<Case> badHandles() {
        final Arbitrary<HandleFault> any = Arbitraries.of(HandleFault.class);
        final Arbitrary<HandleFault> notNull = Arbitraries.of(HandleFault.CLOSED, HandleFault.FOREIGN);
        final Arbitrary<Integer> port = Arbitraries.integers().between(20_000, 60_000);
        final List<Arbitrary<Case>> cases = List.of(
                any.map(h -> new Case("dat_lmr_create pz=" + h, StatusType.INVALID_HANDLE,
                        fx -> fx.server.createLocalMemoryRegion(pz(h, fx), fx.arena.allocate(64),
                                MemoryPrivilege.ALL))),
                any.map(h -> new Case("dat_ep_create pz=" + h, StatusType.INVALID_HANDLE,
                        fx -> keep(fx.server.createEndpoint(pz(h, fx), fx.s.evd, fx.s.evd, fx.s.conn, null)))),
                notNull.map(h -> new Case("dat_ep_create recv_evd=" + h, StatusType.INVALID_HANDLE,
                        fx -> keep(fx.server.createEndpoint(fx.s.pz, evd(h, fx), fx.s.evd, fx.s.conn, null)))),
                notNull.map(h -> new Case("dat_ep_create request_evd=" + h, StatusType.INVALID_HANDLE,
                        fx -> keep(fx.server.createEndpoint(fx.s.pz, fx.s.evd, evd(h, fx), fx.s.conn, null)))),
                any.map(h -> new Case("dat_ep_create connect_evd=" + h, StatusType.INVALID_HANDLE,
                        fx -> keep(fx.server.createEndpoint(fx.s.pz, fx.s.evd, fx.s.evd, evd(h, fx), null)))),
                Combinators.combine(any, port).as((h, p) -> new Case("dat_psp_create evd=" + h,
                        StatusType.INVALID_HANDLE, fx -> keep(fx.server.createPublicServicePoint(p, evd(h, fx),
                                ServicePointFlag.CONSUMER)))),
                any.map(h -> new Case("dat_psp_create_any evd=" + h, StatusType.INVALID_HANDLE,
                        fx -> keep(fx.server.createPublicServicePointAny(evd(h, fx), ServicePointFlag.CONSUMER)))),
                Combinators.combine(any, port).as((h, p) -> new Case("dat_rsp_create ep=" + h,
                        StatusType.INVALID_HANDLE, fx -> keep(fx.server.createReservedServicePoint(p, ep(h, fx),
                                fx.s.conn)))),
                Combinators.combine(any, port).as((h, p) -> new Case("dat_rsp_create evd=" + h,
                        StatusType.INVALID_HANDLE, fx -> keep(fx.server.createReservedServicePoint(p,
                                keep(fx.s.ep(null)), evd(h, fx))))),
                any.map(h -> new Case("dat_ep_dup_connect ep=" + h, StatusType.INVALID_HANDLE, fx -> {
                    keep(fx.s.ep(null)).dupConnect(ep(h, fx), SHORT, null);
                    return null;
                })),
                any.map(h -> new Case("dat_cr_accept ep=" + h, StatusType.INVALID_HANDLE, fx -> {
                    final ConnectionRequest cr = pendingRequest(fx);
                    cr.accept(ep(h, fx), null);
                    return null;
                })),
                notNull.map(h -> new Case("dat_evd_modify_cno cno=" + h, StatusType.INVALID_HANDLE, fx -> {
                    final io.dat4j.ConsumerNotifier cno = h == HandleFault.CLOSED ? fx.server
                            .createConsumerNotifier() : keep(fx.client.createConsumerNotifier());
                    if (h == HandleFault.CLOSED) {
                        cno.close();
                    }
                    keep(fx.server.createEventDispatcher(8, null, EventStream.DEFAULT)).modifyNotifier(cno);
                    return null;
                })));
        return Arbitraries.oneOf(cases);
    }

    /** A CR on a fresh PSP of the server, from a fresh client EP; both closed after the try. */
    private static ConnectionRequest pendingRequest(final Fixture fx) {
        final EventDispatcher crEvd = keep(fx.server.createEventDispatcher(8, null, Set.of(EventStream.CR)));
        final PublicServicePoint psp = keep(fx.server.createPublicServicePointAny(crEvd, ServicePointFlag.CONSUMER));
        final Endpoint ce = keep(fx.c.ep(null));
        ce.connect(InetAddress.getLoopbackAddress(), psp.connectionQualifier(), SHORT, null);
        final ConnectionRequest cr = ((ConnectionRequestEvent) crEvd.await(SHORT)).request();
        perTry.add(0, cr);
        return cr;
    }

    @Property(tries = 120)
    void everyBadHandleArgumentGetsInvalidHandle(@ForAll("badHandles") final Case c) {
        check(c);
    }

    // ------------------------------------------------------------------ closed receivers

    @Provide
    Arbitrary<Case> closedReceivers() {
        final List<Case> cases = new ArrayList<>();
        final StatusType h = StatusType.INVALID_HANDLE;
        cases.add(new Case("closed IA: dat_pz_create", h, fx -> closedIa().createProtectionZone()));
        cases.add(new Case("closed IA: dat_evd_create", h, fx -> closedIa().createEventDispatcher(8, null,
                EventStream.DEFAULT)));
        cases.add(new Case("closed IA: dat_ia_query", h, fx -> closedIa().attributes()));
        cases.add(new Case("closed IA: dat_psp_create_any", h, fx -> {
            final InterfaceAdapter ia = Fixture.open("closed", "127.0.0.1");
            final EventDispatcher e = ia.createEventDispatcher(8, null, EventStream.DEFAULT);
            ia.close();
            return ia.createPublicServicePointAny(e, ServicePointFlag.CONSUMER);
        }));
        cases.add(new Case("closed EVD: dat_evd_dequeue", h, fx -> closedEvd(fx).dequeue()));
        cases.add(new Case("closed EVD: dat_evd_wait", h, fx -> closedEvd(fx).await(SHORT)));
        cases.add(new Case("closed EVD: dat_evd_resize", h, fx -> {
            closedEvd(fx).resize(16);
            return null;
        }));
        cases.add(new Case("closed EVD: dat_evd_post_se", h, fx -> {
            closedEvd(fx).postSoftwareEvent("x");
            return null;
        }));
        cases.add(new Case("closed EVD: dat_evd_enable", h, fx -> {
            closedEvd(fx).enable();
            return null;
        }));
        cases.add(new Case("closed EVD: dat_evd_query", h, fx -> closedEvd(fx).query()));
        cases.add(new Case("closed EP: dat_ep_connect", h, fx -> {
            closedEp(fx).connect(InetAddress.getLoopbackAddress(), 4000, SHORT, null);
            return null;
        }));
        cases.add(new Case("closed EP: dat_ep_post_recv", h, fx -> {
            closedEp(fx).postRecv(local.triplet(0, 8), 1);
            return null;
        }));
        cases.add(new Case("closed EP: dat_ep_post_send", h, fx -> {
            closedEp(fx).postSend(local.triplet(0, 8), 1);
            return null;
        }));
        cases.add(new Case("closed EP: dat_ep_post_rdma_write", h, fx -> {
            closedEp(fx).postRdmaWrite(List.of(), 1, remote.remoteTriplet(0, 0), CompletionFlag.DEFAULT);
            return null;
        }));
        cases.add(new Case("closed EP: dat_ep_reset", h, fx -> {
            closedEp(fx).reset();
            return null;
        }));
        cases.add(new Case("closed EP: dat_ep_disconnect", h, fx -> {
            closedEp(fx).disconnect(CloseMode.ABRUPT);
            return null;
        }));
        cases.add(new Case("closed EP: dat_ep_modify", h, fx -> {
            closedEp(fx).modify(EndpointAttributes.DEFAULTS);
            return null;
        }));
        cases.add(new Case("closed EP: dat_ep_query", h, fx -> closedEp(fx).query()));
        cases.add(new Case("closed LMR: triplet", h, fx -> closedLmr(fx).triplet(0, 8)));
        cases.add(new Case("closed LMR: remote triplet", h, fx -> closedLmr(fx).remoteTriplet(0, 8)));
        cases.add(new Case("closed PSP: dat_psp_query", h, fx -> {
            final PublicServicePoint p = fx.server.createPublicServicePointAny(fx.s.conn, ServicePointFlag.CONSUMER);
            p.close();
            return p.connectionQualifier();
        }));
        cases.add(new Case("closed CNO: dat_cno_wait", h, fx -> {
            final io.dat4j.ConsumerNotifier cno = fx.server.createConsumerNotifier();
            cno.close();
            return cno.await(SHORT);
        }));
        cases.add(new Case("dead CR: dat_cr_accept twice", h, fx -> {
            final ConnectionRequest cr = pendingRequest(fx);
            cr.reject(null);
            cr.accept(keep(fx.s.ep(null)), null);
            return null;
        }));
        return Arbitraries.of(cases);
    }

    private static InterfaceAdapter closedIa() {
        final InterfaceAdapter ia = Fixture.open("closed", "127.0.0.1");
        ia.close();
        return ia;
    }

    private static EventDispatcher closedEvd(final Fixture fx) {
        final EventDispatcher e = fx.server.createEventDispatcher(8, null, EventStream.DEFAULT);
        e.close();
        return e;
    }

    private static Endpoint closedEp(final Fixture fx) {
        final Endpoint e = fx.s.ep(null);
        e.close();
        return e;
    }

    private static LocalMemoryRegion closedLmr(final Fixture fx) {
        final LocalMemoryRegion l = fx.lmr(fx.s, 64);
        l.close();
        return l;
    }

    @Property(tries = 60)
    void everyCallOnAClosedHandleGetsInvalidHandle(@ForAll("closedReceivers") final Case c) {
        check(c);
    }

    // ------------------------------------------------------------------ sizes, lengths, timeouts

    private static Arbitrary<Long> outside(final long min, final long max) {
        return Arbitraries.oneOf(Arbitraries.longs().between(Long.MIN_VALUE, min - 1),
                Arbitraries.longs().between(max + 1, Long.MAX_VALUE),
                Arbitraries.of(min - 1, max + 1, Long.MIN_VALUE, Long.MAX_VALUE, (long) Integer.MIN_VALUE,
                        (long) Integer.MAX_VALUE + 1));
    }

    /** {@return true for the values that let the provider choose: DEFAULT_VALUE and dat.h's VALUE_UNKNOWN} */
    private static boolean unset(final long n) {
        return n == EndpointAttributes.DEFAULT_VALUE || n == EndpointAttributes.VALUE_UNKNOWN;
    }

    private static Arbitrary<Integer> outsideInt(final int min, final int max) {
        return Arbitraries.oneOf(Arbitraries.integers().between(Integer.MIN_VALUE, min - 1),
                Arbitraries.integers().between(max + 1, Integer.MAX_VALUE),
                Arbitraries.of(min - 1, max + 1, Integer.MIN_VALUE, Integer.MAX_VALUE));
    }

    private static Arbitrary<Duration> badTimeouts() {
        return Arbitraries.oneOf(Arbitraries.just(Duration.ZERO), Arbitraries.just(null),
                Arbitraries.longs().between(Long.MIN_VALUE / 2, -1).map(Duration::ofNanos));
    }

    private static Arbitrary<byte[]> oversize() {
        return Arbitraries.integers().between(TcpProvider.MAX_PRIVATE_DATA + 1, 70_000).map(byte[]::new);
    }

    @Provide
    Arbitrary<Case> badSizes() {
        final StatusType p = StatusType.INVALID_PARAMETER;
        final StatusType len = StatusType.LENGTH_ERROR;
        final int maxEvd = 1 << 20;
        final List<Arbitrary<Case>> cases = List.of(
                outsideInt(1, maxEvd).map(n -> new Case("dat_evd_create qlen=" + n, p,
                        fx -> keep(fx.server.createEventDispatcher(n, null, EventStream.DEFAULT)))),
                Arbitraries.of(0, 1).map(n -> new Case("dat_evd_create streams=" + (n == 0 ? "null" : "{}"), p,
                        fx -> keep(fx.server.createEventDispatcher(8, null, n == 0 ? null
                                : EnumSet.noneOf(EventStream.class))))),
                outsideInt(1, 8).map(n -> new Case("dat_evd_wait threshold=" + n, p,
                        fx -> keep(fx.server.createEventDispatcher(8, null, EventStream.DEFAULT)).await(SHORT, n))),
                Arbitraries.longs().between(Long.MIN_VALUE / 2, -1).map(n -> new Case("dat_evd_wait timeout=" + n
                        + "ns", p, fx -> keep(fx.server.createEventDispatcher(8, null, EventStream.DEFAULT))
                        .await(Duration.ofNanos(n), 1))),
                Arbitraries.integers().between(Integer.MIN_VALUE, 0).map(n -> new Case("dat_evd_resize " + n, p,
                        fx -> {
                            keep(fx.server.createEventDispatcher(8, null, EventStream.DEFAULT)).resize(n);
                            return null;
                        })),
                Combinators.combine(outside(0, 4096), Arbitraries.longs().between(0, 4096)).as((o, l) -> new Case(
                        "triplet offset=" + o + " length=" + l, len, fx -> local.triplet(o, l))),
                Combinators.combine(Arbitraries.longs().between(0, 4096), outside(0, 4096)).as((o, l) -> new Case(
                        "remote triplet offset=" + o + " length=" + l, len, fx -> local.remoteTriplet(o, l))),
                Arbitraries.longs().between(1, 4096).map(o -> new Case("triplet offset+length past the end by "
                        + o, len, fx -> local.triplet(o, 4096))),
                Arbitraries.of(0, 1, 2).map(n -> new Case("dat_lmr_create bad segment/privileges #" + n, p,
                        fx -> fx.server.createLocalMemoryRegion(fx.s.pz, n == 0 ? null
                                : n == 1 ? MemorySegment.ofArray(new byte[64]) : fx.arena.allocate(64),
                                n == 2 ? null : MemoryPrivilege.ALL))),
                badTimeouts().map(t -> new Case("dat_ep_connect timeout=" + t, p, fx -> {
                    keep(fx.c.ep(null)).connect(InetAddress.getLoopbackAddress(), 4000, t, null);
                    return null;
                })),
                outside(1, 65_535).map(q -> new Case("dat_ep_connect qualifier=" + q, p, fx -> {
                    keep(fx.c.ep(null)).connect(InetAddress.getLoopbackAddress(), q, SHORT, null);
                    return null;
                })),
                Arbitraries.just(new Case("dat_ep_connect address=null", p, fx -> {
                    keep(fx.c.ep(null)).connect(null, 4000, SHORT, null);
                    return null;
                })),
                Arbitraries.of(Qos.HIGH_THROUGHPUT, Qos.LOW_LATENCY, Qos.ECONOMY, Qos.PREMIUM).map(q -> new Case(
                        "dat_ep_connect qos=" + q, StatusType.MODEL_NOT_SUPPORTED, fx -> {
                            keep(fx.c.ep(null)).connect(InetAddress.getLoopbackAddress(), 4000, SHORT, null, q,
                                    ConnectFlag.DEFAULT);
                            return null;
                        })),
                oversize().map(b -> new Case("dat_ep_connect pdata=" + b.length, len, fx -> {
                    keep(fx.c.ep(null)).connect(InetAddress.getLoopbackAddress(), 4000, SHORT, b);
                    return null;
                })),
                oversize().map(b -> new Case("dat_cr_accept pdata=" + b.length, len, fx -> {
                    pendingRequest(fx).accept(keep(fx.s.ep(null)), b);
                    return null;
                })),
                oversize().map(b -> new Case("dat_cr_reject pdata=" + b.length, len, fx -> {
                    pendingRequest(fx).reject(b);
                    return null;
                })),
                outsideInt(0, TcpProvider.MAX_QUEUE_DEPTH).filter(n -> !unset(n)).map(n -> new Case(
                        "dat_ep_create max_recv_dtos=" + n, p, fx -> keep(fx.s.ep(EndpointAttributes.builder()
                                .maxRecvDtos(n).build())))),
                outside(0, 1L << 26).filter(n -> !unset(n)).map(n -> new Case(
                        "dat_ep_create max_message_size=" + n, p, fx -> keep(fx.s.ep(EndpointAttributes.builder()
                                .maxMessageSize(n).build())))),
                outsideInt(0, 64).filter(n -> !unset(n)).map(n -> new Case(
                        "dat_ep_create max_rdma_read_in=" + n, p, fx -> keep(fx.s.ep(EndpointAttributes.builder()
                                .maxRdmaReadIn(n).build())))),
                Arbitraries.longs().between(Long.MIN_VALUE, -1).map(n -> new Case("dat_ep_post_send length=" + n,
                        p, fx -> {
                            pair[0].postSend(List.of(new LocalMemoryTriplet(local.lmrContext(),
                                    local.registeredAddress(), n)), 1, CompletionFlag.DEFAULT);
                            return null;
                        })),
                Arbitraries.integers().between(5, 100).map(n -> new Case("dat_ep_post_send segments=" + n, p,
                        fx -> {
                            pair[0].postSend(java.util.Collections.nCopies(n, local.triplet(0, 1)), 1,
                                    CompletionFlag.DEFAULT);
                            return null;
                        })),
                Arbitraries.of(0, 1).map(n -> new Case("dat_ep_post_send " + (n == 0 ? "null list" : "null segment"),
                        p, fx -> {
                            pair[0].postSend(n == 0 ? null : java.util.Arrays.asList((LocalMemoryTriplet) null), 1,
                                    CompletionFlag.DEFAULT);
                            return null;
                        })),
                Arbitraries.longs().between((1L << 26) + 1, Long.MAX_VALUE).map(n -> new Case(
                        "dat_ep_post_send total=" + n, len, fx -> {
                            pair[0].postSend(List.of(new LocalMemoryTriplet(local.lmrContext(),
                                    local.registeredAddress(), n)), 1, CompletionFlag.DEFAULT);
                            return null;
                        })),
                Arbitraries.longs().between(0, 63).map(n -> new Case("dat_ep_post_rdma_write remote " + n
                        + " < local 64", len, fx -> {
                            pair[0].postRdmaWrite(List.of(local.triplet(0, 64)), 1,
                                    new RemoteMemoryTriplet(remote.rmrContext(), remote.registeredAddress(), n),
                                    CompletionFlag.DEFAULT);
                            return null;
                        })),
                Arbitraries.longs().between((1L << 30) + 1, Long.MAX_VALUE).map(n -> new Case(
                        "dat_ep_post_rdma_read total=" + n, len, fx -> {
                            pair[0].postRdmaRead(List.of(new LocalMemoryTriplet(local.lmrContext(),
                                    local.registeredAddress(), n)), 1, new RemoteMemoryTriplet(remote.rmrContext(),
                                            remote.registeredAddress(), n), CompletionFlag.DEFAULT);
                            return null;
                        })));
        return Arbitraries.oneOf(cases);
    }

    @Property(tries = 200)
    void everyBadSizeLengthOrTimeoutGetsItsStatus(@ForAll("badSizes") final Case c) {
        check(c);
    }

    // ------------------------------------------------------------------ wrong states

    /** An EP brought to a state: UNCONNECTED, CONNECTED (a fresh pair) or DISCONNECTED. */
    private static Endpoint inState(final EndpointState state, final Fixture fx) {
        final Endpoint e;
        switch (state) {
            case UNCONNECTED -> e = keep(fx.c.ep(null));
            case CONNECTED, DISCONNECTED -> {
                final Endpoint[] p = fx.connect();
                keep(p[1]);
                e = keep(p[0]);
                if (state == EndpointState.DISCONNECTED) {
                    e.disconnect(CloseMode.ABRUPT);
                    awaitState(e, EndpointState.DISCONNECTED);
                }
            }
            default -> throw new IllegalArgumentException(state.toString());
        }
        return e;
    }

    private static void awaitState(final Endpoint e, final EndpointState s) {
        final long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (e.state() != s) {
            if (System.nanoTime() > end) {
                throw new AssertionError("EP stayed " + e.state() + ", expected " + s);
            }
            Thread.onSpinWait();
        }
    }

    @Provide
    Arbitrary<Case> wrongStates() {
        final StatusType st = StatusType.INVALID_STATE;
        final List<Case> cases = new ArrayList<>();
        for (final EndpointState s : List.of(EndpointState.UNCONNECTED, EndpointState.DISCONNECTED)) {
            cases.add(new Case(s + ": dat_ep_post_send", st, fx -> {
                inState(s, fx).postSend(local.triplet(0, 8), 1);
                return null;
            }));
            cases.add(new Case(s + ": dat_ep_post_rdma_write", st, fx -> {
                inState(s, fx).postRdmaWrite(List.of(local.triplet(0, 8)), 1, remote.remoteTriplet(0, 8),
                        CompletionFlag.DEFAULT);
                return null;
            }));
            cases.add(new Case(s + ": dat_ep_post_rdma_read", st, fx -> {
                inState(s, fx).postRdmaRead(List.of(local.triplet(0, 8)), 1, remote.remoteTriplet(0, 8),
                        CompletionFlag.DEFAULT);
                return null;
            }));
        }
        cases.add(new Case("CONNECTED: dat_ep_connect", st, fx -> {
            inState(EndpointState.CONNECTED, fx).connect(InetAddress.getLoopbackAddress(), 4000, SHORT, null);
            return null;
        }));
        cases.add(new Case("CONNECTED: dat_ep_modify", st, fx -> {
            inState(EndpointState.CONNECTED, fx).modify(EndpointAttributes.DEFAULTS);
            return null;
        }));
        cases.add(new Case("CONNECTED: dat_ep_reset", st, fx -> {
            inState(EndpointState.CONNECTED, fx).reset();
            return null;
        }));
        cases.add(new Case("CONNECTED: dat_rsp_create", st, fx -> keep(fx.client.createReservedServicePoint(4001,
                inState(EndpointState.CONNECTED, fx), fx.c.conn))));
        cases.add(new Case("DISCONNECTED: dat_ep_connect", st, fx -> {
            inState(EndpointState.DISCONNECTED, fx).connect(InetAddress.getLoopbackAddress(), 4000, SHORT, null);
            return null;
        }));
        cases.add(new Case("PZ in use: dat_pz_free", st, fx -> {
            final ProtectionZone z = keep(fx.server.createProtectionZone());
            keep(fx.server.createLocalMemoryRegion(z, fx.arena.allocate(64), MemoryPrivilege.LOCAL));
            z.close();
            return null;
        }));
        cases.add(new Case("EVD in use: dat_evd_free", st, fx -> {
            final EventDispatcher e = fx.server.createEventDispatcher(8, null, EventStream.DEFAULT);
            keep(fx.server.createEndpoint(fx.s.pz, e, e, e, null));
            perTry.add(e);
            e.close();
            return null;
        }));
        cases.add(new Case("IA with children: dat_ia_close GRACEFUL", st, fx -> {
            final InterfaceAdapter ia = keep(Fixture.open("graceful", "127.0.0.1"));
            ia.createProtectionZone();
            ia.close(CloseMode.GRACEFUL);
            return null;
        }));
        cases.add(new Case("unwaitable EVD: dat_evd_wait", st, fx -> {
            final EventDispatcher e = keep(fx.server.createEventDispatcher(8, null, EventStream.DEFAULT));
            e.setUnwaitable();
            return e.await(SHORT);
        }));
        cases.add(new Case("empty EVD: dat_evd_dequeue", StatusType.QUEUE_EMPTY,
                fx -> keep(fx.server.createEventDispatcher(8, null, EventStream.DEFAULT)).dequeue()));
        cases.add(new Case("empty EVD: dat_evd_wait zero timeout", StatusType.TIMEOUT_EXPIRED,
                fx -> keep(fx.server.createEventDispatcher(8, null, EventStream.DEFAULT)).await(Duration.ZERO)));
        cases.add(new Case("full EVD: dat_evd_post_se", StatusType.QUEUE_FULL, fx -> {
            final EventDispatcher e = keep(fx.server.createEventDispatcher(2, null, Set.of(EventStream.SOFTWARE)));
            for (int i = 0; i < 3; i++) {
                e.postSoftwareEvent(i);
            }
            return null;
        }));
        cases.add(new Case("EVD without SOFTWARE: dat_evd_post_se", StatusType.INVALID_PARAMETER, fx -> {
            keep(fx.server.createEventDispatcher(2, null, Set.of(EventStream.DTO))).postSoftwareEvent(1);
            return null;
        }));
        cases.add(new Case("qualifier in use: dat_psp_create", StatusType.CONN_QUAL_IN_USE, fx -> {
            final PublicServicePoint p = keep(fx.server.createPublicServicePointAny(fx.s.conn,
                    ServicePointFlag.CONSUMER));
            return keep(fx.server.createPublicServicePoint(p.connectionQualifier(), fx.s.conn,
                    ServicePointFlag.CONSUMER));
        }));
        cases.add(new Case("no RMR capability: dat_rmr_create", StatusType.NOT_IMPLEMENTED,
                fx -> fx.server.createRemoteMemoryRegion(fx.s.pz)));
        cases.add(new Case("null attributes: dat_srq_create", StatusType.INVALID_PARAMETER,
                fx -> fx.server.createSharedReceiveQueue(fx.s.pz, null)));
        return Arbitraries.of(cases);
    }

    @Property(tries = 60)
    void everyCallInTheWrongStateGetsItsStatus(@ForAll("wrongStates") final Case c) {
        check(c);
    }

    /** A bad post that passes the synchronous checks completes in order with its status, the EP survives. */
    @Property(tries = 40)
    void badLocalTripletsCompleteWithLocalProtection(@ForAll("badTriplets") final LocalMemoryTriplet t) {
        pair[0].postRecv(List.of(t), 5, CompletionFlag.DEFAULT);
        final Event e = Fixture.next(f.c.evd);
        if (!(e instanceof DtoCompletionEvent d) || d.status() != DtoStatus.LOCAL_PROTECTION || d.cookie() != 5) {
            throw new AssertionError(t + ": expected LOCAL_PROTECTION for cookie 5, got " + e);
        }
        if (pair[0].state() != EndpointState.CONNECTED) {
            throw new AssertionError("the EP left CONNECTED after a bad triplet: " + pair[0].state());
        }
    }

    @Provide
    Arbitrary<LocalMemoryTriplet> badTriplets() {
        final long base = local.registeredAddress();
        return Arbitraries.oneOf(
                Arbitraries.integers().filter(c -> c != local.lmrContext() && c != remote.lmrContext())
                        .map(c -> new LocalMemoryTriplet(c, base, 8)),
                Arbitraries.longs().between(1, 4096).map(o -> new LocalMemoryTriplet(local.lmrContext(),
                        base + o, 4096)),
                Arbitraries.longs().between(1, Long.MAX_VALUE).map(o -> new LocalMemoryTriplet(local.lmrContext(),
                        base - o, 8)),
                Arbitraries.longs().between(1, 1L << 20).map(o -> new LocalMemoryTriplet(local.lmrContext(),
                        Long.MAX_VALUE - o, 1L << 21)));
    }
}
