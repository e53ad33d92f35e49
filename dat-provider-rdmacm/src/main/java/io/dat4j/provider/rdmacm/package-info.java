/**
 * The rdmacm provider (C counterpart: {@code libdaplofa}, openib_cma), built on the provider kit ({@code io.dat4j.kit}).
 * {@link io.dat4j.provider.rdmacm.RdmaCm} tells whether librdmacm, an RDMA device and the permission to use it are
 * present, and why not; {@link io.dat4j.provider.rdmacm.RdmaCmProvider} is the provider.
 *
 * <p>How DAT maps onto librdmacm and verbs here, and which class does what (threads and locks: "Threading and locks"
 * in {@code docs/provider-kit.md}):
 * <ul>
 * <li>IA ({@code RdmaCmTransport}): an {@code rdma_cm_id} bound to the IA address (ia_params {@code "<netdev> 0"},
 * {@code "<dev> <port>"} or {@code "<ip> 0"}) pins the device. Three threads per IA, all ended when the IA closes: CM
 * events ({@code CmEventChannel}: non-blocking channel fd, {@code poll} with a 50 ms timeout, every event copied and
 * acked at once), CQ notifications turned into {@code EventSink.signal()} for the EVDs whose waiter parks ({@code CompletionNotifier}:
 * a waiter normally reads its CQ's own completion channel itself, {@code CompletionQueue.progress}), and a timer
 * (connect timeouts, GRACEFUL drains, breaks after errors). Device async events: {@code DeviceAsyncEvents}.</li>
 * <li>PZ: an {@code ibv_pd} each; LMR: {@code ibv_reg_mr} in its PZ's PD, whose rkey is the {@code rmr_context}.</li>
 * <li>PSP/RSP ({@code RdmaCmListener}, {@code RdmaCmRequest}): a listening id on the qualifier's port (qualifiers above
 * 0xffff map as openib_cma's {@code SID_TO_PORT}); {@code psp_create_any} lets the kernel pick the port.</li>
 * <li>EP: the identifier's life cycle ({@code RdmaCmEndpoint}: connect, accept, CM events, timeouts, disconnect; the
 * EP's state is the kit's, the transport keeps only the identifier's CM step), an RC QP made at connect after
 * ROUTE_RESOLVED or taken from the request at accept (RA-01), in the EP's PZ's PD, with the work posted to it
 * ({@code QueuePair}; receives posted earlier wait and are posted when the QP exists), and the wait of a GRACEFUL
 * disconnect for outstanding requests ({@code GracefulDisconnect}). Connection parameters as
 * {@link io.dat4j.provider.rdmacm.ConnectionPolicy} says (rdma_connect(3), rdma_accept(3)); private data limits REQ
 * 56, REP 196, REJ 144 (148 less a header that tells PEER from NON_PEER rejects).</li>
 * <li>EVD: a CQ on the IA's completion channel for each EVD that takes DTO events ({@code CompletionQueue}); work
 * completions go to their EP's operations through {@code CompletionDemultiplexer}, with the DAT status of each
 * {@code ibv_wc_status} ({@code CompletionStatus}).</li>
 * <li>SRQ: an {@code ibv_srq} in the PZ's PD ({@code RdmaCmSharedReceiveQueue}).</li>
 * </ul>
 */
package io.dat4j.provider.rdmacm;
