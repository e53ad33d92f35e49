/**
 * The DAT 2.0 (uDAPL) programming model in Java: interface adapters, event dispatchers, endpoints, service points,
 * connection requests and registered memory, with the DAT status codes, event numbers and flags of the C headers.
 * Each {@code dat_*} call has one Java counterpart; {@code docs/porting.md} maps them all. Every failed call throws a
 * {@link io.dat4j.DatException} carrying the DAT status.
 *
 * <h2>Where to start</h2>
 *
 * <p>{@link io.dat4j.Dat#openInterfaceAdapter(String)} opens an interface adapter (IA) by its registry name
 * ({@code dat_ia_open}): {@code tcp-lo} and {@code tcp0} always exist (the pure-Java TCP provider, on loopback and on
 * every interface), a {@code dat.conf} line or an RDMA device adds more ({@link io.dat4j.Dat#listProviders()}, or
 * {@code dat providers} on the command line). Everything else is created from the IA, and closing the IA frees it
 * all:
 *
 * <pre>{@code
 * try (Arena arena = Arena.ofShared();
 *      InterfaceAdapter ia = Dat.openInterfaceAdapter("tcp-lo")) {
 *     ProtectionZone pz = ia.createProtectionZone();
 *     EventDispatcher dto = ia.createEventDispatcher(64, null, Set.of(EventStream.DTO));
 *     EventDispatcher conn = ia.createEventDispatcher(8, null, Set.of(EventStream.CONNECTION));
 *     LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, arena.allocate(4096), MemoryPrivilege.ALL);
 *     Endpoint ep = ia.createEndpoint(pz, dto, dto, conn, null);
 *     ep.postRecv(lmr.triplet(0, 2048), 1);
 *     ep.connect(InetAddress.getLoopbackAddress(), 45248, Duration.ofSeconds(5), new byte[0]);
 *     Event established = conn.await(Duration.ofSeconds(5));      // CONNECTION_EVENT_ESTABLISHED
 *     ep.postSend(lmr.triplet(2048, 64), 2);
 *     Event sent = dto.await(Duration.ofSeconds(5));               // a DtoCompletionEvent
 * }
 * }</pre>
 *
 * <p>The README's "A first program" is a complete client of {@code dat test -s}; the {@code examples} module ports C
 * dtest side by side with the original.
 *
 * <h2>The object model</h2>
 *
 * <ul>
 *   <li>{@link io.dat4j.InterfaceAdapter} ({@code DAT_IA_HANDLE}): the root. It owns an async
 *       {@link io.dat4j.EventDispatcher} for errors that belong to no operation.</li>
 *   <li>{@link io.dat4j.ProtectionZone} ({@code DAT_PZ_HANDLE}): memory and endpoints of one zone may work together;
 *       a peer's access is checked against the zone of the region it names.</li>
 *   <li>{@link io.dat4j.LocalMemoryRegion} ({@code DAT_LMR_HANDLE}): registered native memory (a
 *       {@link java.lang.foreign.MemorySegment}). Local operations name it by {@link io.dat4j.LocalMemoryTriplet};
 *       a peer names it by a {@link io.dat4j.RemoteMemoryTriplet} built from its {@code rmr_context}, within the
 *       {@link io.dat4j.MemoryPrivilege}s it was registered with. {@link io.dat4j.RemoteMemoryRegion} is a memory
 *       window bound to part of one.</li>
 *   <li>{@link io.dat4j.EventDispatcher} ({@code DAT_EVD_HANDLE}): a bounded queue of {@link io.dat4j.Event}s of the
 *       {@link io.dat4j.EventStream}s it was created for: data transfer completions
 *       ({@link io.dat4j.DtoCompletionEvent}), connection events ({@link io.dat4j.ConnectionEvent}), connection
 *       requests ({@link io.dat4j.ConnectionRequestEvent}), async errors, software events. Consumers
 *       {@link io.dat4j.EventDispatcher#poll() poll} or {@link io.dat4j.EventDispatcher#await(java.time.Duration)
 *       wait}; a {@link io.dat4j.ConsumerNotifier} waits on several.</li>
 *   <li>{@link io.dat4j.Endpoint} ({@code DAT_EP_HANDLE}): one end of a reliable connection, with a receive queue and
 *       a request queue (sends, RDMA reads and writes). Its completions go to the EVDs given at creation; its state
 *       ({@link io.dat4j.EndpointState}) follows the DAT state machine.</li>
 *   <li>{@link io.dat4j.PublicServicePoint} and {@link io.dat4j.ReservedServicePoint} ({@code DAT_PSP_HANDLE},
 *       {@code DAT_RSP_HANDLE}): the passive side listens on a connection qualifier; each request arrives as a
 *       {@link io.dat4j.ConnectionRequest} to accept with an endpoint or to reject.</li>
 *   <li>{@link io.dat4j.SharedReceiveQueue} ({@code DAT_SRQ_HANDLE}): receives shared by several endpoints.</li>
 * </ul>
 *
 * <p>Which optional features an IA has is a {@link io.dat4j.Capability} ({@link io.dat4j.InterfaceAdapter#supports});
 * limits are in {@link io.dat4j.InterfaceAdapterAttributes}.
 *
 * <h2>Closing</h2>
 *
 * <p>Every handle is {@link java.lang.AutoCloseable} ({@code dat_*_free}); close is idempotent. A parent refuses to
 * close while it has children ({@code INVALID_STATE ..._IN_USE}), except the IA, whose {@code close()} is
 * {@code dat_ia_close} with {@code DAT_CLOSE_ABRUPT_FLAG}: it closes every child first. Closing an endpoint flushes
 * its posted operations (they complete with {@link io.dat4j.DtoStatus#FLUSHED}); closing an EVD releases a waiting
 * thread with {@code ABORT}; memory given to an LMR must outlive it.
 *
 * <h2>The threading contract</h2>
 *
 * <ul>
 *   <li>Every method of every handle may be called from any thread, unless its class says otherwise; handles need
 *       no external locking.</li>
 *   <li>An {@link io.dat4j.EventDispatcher} has at most one waiting thread at a time, as in C: a second
 *       {@code await} fails with {@code INVALID_STATE EVD_WAITER}. Polling needs no such care.</li>
 *   <li>Posting ({@code postSend}, {@code postRecv}, {@code postRdmaRead}, {@code postRdmaWrite}) never blocks: a
 *       full queue fails at once with {@code INSUFFICIENT_RESOURCES}. Completions of one queue arrive in posting
 *       order.</li>
 *   <li>Every blocking call takes a timeout ({@link io.dat4j.EventDispatcher#INFINITE} to wait for ever) and is
 *       released by closing the handle it waits on.</li>
 *   <li>No callback runs application code on a provider thread: events are only ever delivered to the thread that
 *       polls or waits.</li>
 *   <li>Memory registered in an LMR may be read and written by the provider (and, within its privileges, by the
 *       peer) from the time an operation is posted until its completion is dequeued; the application must not
 *       change a send buffer or read a receive buffer in between.</li>
 * </ul>
 *
 * <p>Providers implement {@link io.dat4j.spi.DatProvider}; see the {@code io.dat4j.spi} package and
 * {@code docs/provider-kit.md}.
 */
package io.dat4j;
