package io.dat4j;

import java.net.InetSocketAddress;

/**
 * The IA attributes of {@code dat_ia_query} ({@code DAT_IA_ATTR}): the limits every call is checked against.
 *
 * @param adapterName the adapter (device) name
 * @param vendorName the vendor
 * @param address the IA address
 * @param maxEndpoints {@code max_eps}
 * @param maxDtoPerEndpoint {@code max_dto_per_ep}
 * @param maxRdmaReadPerEndpointIn {@code max_rdma_read_per_ep_in}
 * @param maxRdmaReadPerEndpointOut {@code max_rdma_read_per_ep_out}
 * @param maxEventDispatchers {@code max_evds}
 * @param maxEventDispatcherQueueLength {@code max_evd_qlen}
 * @param maxIovSegmentsPerDto {@code max_iov_segments_per_dto}
 * @param maxLocalMemoryRegions {@code max_lmrs}
 * @param maxLocalMemoryRegionSize {@code max_lmr_block_size}
 * @param maxProtectionZones {@code max_pzs}
 * @param maxMessageSize {@code max_message_size}
 * @param maxRdmaSize {@code max_rdma_size}
 * @param maxRemoteMemoryRegions {@code max_rmrs}
 * @param maxSharedReceiveQueues {@code max_srqs}
 * @param maxEndpointsPerSrq {@code max_ep_per_srq}: EPs one SRQ may feed ({@code dat_ep_create_with_srq})
 * @param maxRecvPerSrq {@code max_recv_per_srq}: the largest SRQ ({@code SrqAttributes.maxRecvDtos}, create and
 *        resize)
 * @param maxRdmaReadIovSegments {@code max_iov_segments_per_rdma_read}
 * @param maxRdmaWriteIovSegments {@code max_iov_segments_per_rdma_write}
 */
public record InterfaceAdapterAttributes(String adapterName, String vendorName, InetSocketAddress address,
        int maxEndpoints, int maxDtoPerEndpoint, int maxRdmaReadPerEndpointIn, int maxRdmaReadPerEndpointOut,
        int maxEventDispatchers, int maxEventDispatcherQueueLength, int maxIovSegmentsPerDto,
        int maxLocalMemoryRegions, long maxLocalMemoryRegionSize, int maxProtectionZones, long maxMessageSize,
        long maxRdmaSize, int maxRemoteMemoryRegions, int maxSharedReceiveQueues, int maxEndpointsPerSrq,
        int maxRecvPerSrq, int maxRdmaReadIovSegments, int maxRdmaWriteIovSegments) {

    /**
     * The attributes of a provider that states no SRQ limits of its own: an SRQ may feed up to {@code maxEndpoints}
     * EPs and hold up to {@code maxDtoPerEndpoint} receives.
     *
     * @param adapterName the adapter (device) name
     * @param vendorName the vendor
     * @param address the IA address
     * @param maxEndpoints {@code max_eps}
     * @param maxDtoPerEndpoint {@code max_dto_per_ep}
     * @param maxRdmaReadPerEndpointIn {@code max_rdma_read_per_ep_in}
     * @param maxRdmaReadPerEndpointOut {@code max_rdma_read_per_ep_out}
     * @param maxEventDispatchers {@code max_evds}
     * @param maxEventDispatcherQueueLength {@code max_evd_qlen}
     * @param maxIovSegmentsPerDto {@code max_iov_segments_per_dto}
     * @param maxLocalMemoryRegions {@code max_lmrs}
     * @param maxLocalMemoryRegionSize {@code max_lmr_block_size}
     * @param maxProtectionZones {@code max_pzs}
     * @param maxMessageSize {@code max_message_size}
     * @param maxRdmaSize {@code max_rdma_size}
     * @param maxRemoteMemoryRegions {@code max_rmrs}
     * @param maxSharedReceiveQueues {@code max_srqs}
     * @param maxRdmaReadIovSegments {@code max_iov_segments_per_rdma_read}
     * @param maxRdmaWriteIovSegments {@code max_iov_segments_per_rdma_write}
     */
    public InterfaceAdapterAttributes(final String adapterName, final String vendorName,
            final InetSocketAddress address, final int maxEndpoints, final int maxDtoPerEndpoint,
            final int maxRdmaReadPerEndpointIn, final int maxRdmaReadPerEndpointOut, final int maxEventDispatchers,
            final int maxEventDispatcherQueueLength, final int maxIovSegmentsPerDto, final int maxLocalMemoryRegions,
            final long maxLocalMemoryRegionSize, final int maxProtectionZones, final long maxMessageSize,
            final long maxRdmaSize, final int maxRemoteMemoryRegions, final int maxSharedReceiveQueues,
            final int maxRdmaReadIovSegments, final int maxRdmaWriteIovSegments) {
        this(adapterName, vendorName, address, maxEndpoints, maxDtoPerEndpoint, maxRdmaReadPerEndpointIn,
                maxRdmaReadPerEndpointOut, maxEventDispatchers, maxEventDispatcherQueueLength, maxIovSegmentsPerDto,
                maxLocalMemoryRegions, maxLocalMemoryRegionSize, maxProtectionZones, maxMessageSize, maxRdmaSize,
                maxRemoteMemoryRegions, maxSharedReceiveQueues, maxEndpoints, maxDtoPerEndpoint,
                maxRdmaReadIovSegments, maxRdmaWriteIovSegments);
    }
}
