package io.dat4j;

import java.net.InetSocketAddress;

/**
 * What {@code dat_ep_query} returns ({@code DAT_EP_PARAM}).
 *
 * @param interfaceAdapter the IA
 * @param state the state
 * @param localAddress the local IA address and port, or null before connection
 * @param localPortQualifier the local qualifier, 0 when unknown
 * @param remoteAddress the peer's address and port, or null when not connected
 * @param remotePortQualifier the peer's qualifier, 0 when unknown
 * @param protectionZone the PZ
 * @param recvEvd the recv EVD, or null
 * @param requestEvd the request EVD, or null
 * @param connectEvd the connect EVD
 * @param sharedReceiveQueue the SRQ, or null
 * @param attributes the attributes in force (provider defaults resolved, RDMA read depths as negotiated)
 */
public record EndpointParameters(InterfaceAdapter interfaceAdapter, EndpointState state,
        InetSocketAddress localAddress, long localPortQualifier, InetSocketAddress remoteAddress,
        long remotePortQualifier, ProtectionZone protectionZone, EventDispatcher recvEvd,
        EventDispatcher requestEvd, EventDispatcher connectEvd, SharedReceiveQueue sharedReceiveQueue,
        EndpointAttributes attributes) {
}
