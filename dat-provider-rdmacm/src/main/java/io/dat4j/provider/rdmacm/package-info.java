/**
 * The rdmacm provider (C counterpart: {@code libdaplofa}, openib_cma), built on the provider kit of
 * {@code io.dat4j.spi}. {@link io.dat4j.provider.rdmacm.RdmaCm} tells whether librdmacm, an RDMA device and the
 * permission to use it are present, and why not; {@link io.dat4j.provider.rdmacm.RdmaCmProvider} is the provider.
 *
 * <p>How DAT maps onto librdmacm and verbs here:
 * <ul>
 * <li>IA: an {@code rdma_cm_id} bound to the IA address (ia_params {@code "<netdev> 0"}, {@code "<dev> <port>"} or
 * {@code "<ip> 0"}) pins the device; one {@code ibv_pd}, one completion channel, one CM event channel. Three threads
 * per IA: CM events (non-blocking channel fd, {@code poll} with a 50 ms timeout, every event copied and acked at
 * once), completion events (CQ notifications to {@code EventSink.signal()}), and connect timeouts. All end
 * when the IA closes.</li>
 * <li>PSP/RSP: a listening id on the qualifier's port (qualifiers above 0xffff map as openib_cma's
 * {@code SID_TO_PORT}); {@code psp_create_any} lets the kernel pick the port.</li>
 * <li>EP: an id and an RC QP, made at connect after ROUTE_RESOLVED or taken from the request at accept (RA-01);
 * receives posted earlier wait and are posted when the QP exists. Connection parameters as
 * {@link io.dat4j.provider.rdmacm.ConnectionPolicy} says (rdma_connect(3), rdma_accept(3)); private data limits
 * REQ 56, REP 196, REJ 144 (148 less a header that tells PEER from NON_PEER rejects).</li>
 * <li>EVD: a CQ on the IA's completion channel for each EVD that takes DTO events; LMR: {@code ibv_reg_mr}, whose
 * rkey is the {@code rmr_context}.</li>
 * <li>PZ: the kit keeps PZ semantics (checks of local triplets); all PZs of an IA share the IA's {@code ibv_pd}, so
 * the hardware does not separate PZs (the kit has no PZ hook, and its provider-created EPs take triplets of any PZ).</li>
 * </ul>
 */
package io.dat4j.provider.rdmacm;
