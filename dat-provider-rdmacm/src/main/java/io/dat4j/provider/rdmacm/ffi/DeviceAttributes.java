package io.dat4j.provider.rdmacm.ffi;

/**
 * The limits of an RDMA device the provider uses, from {@code struct ibv_device_attr} ({@code ibv_query_device}).
 *
 * @param firmwareVersion {@code fw_ver}
 * @param vendorId {@code vendor_id}
 * @param maxMrSize {@code max_mr_size}
 * @param maxQp {@code max_qp}
 * @param maxQpWr {@code max_qp_wr}
 * @param maxSge {@code max_sge}
 * @param maxCq {@code max_cq}
 * @param maxCqe {@code max_cqe}
 * @param maxMr {@code max_mr}
 * @param maxPd {@code max_pd}
 * @param maxQpRdAtom {@code max_qp_rd_atom}: incoming RDMA reads per QP (responder resources)
 * @param maxQpInitRdAtom {@code max_qp_init_rd_atom}: outgoing RDMA reads per QP (initiator depth)
 * @param maxSrq {@code max_srq}
 * @param maxSrqWr {@code max_srq_wr}: receives one SRQ holds
 * @param physPortCount {@code phys_port_cnt}
 */
public record DeviceAttributes(String firmwareVersion, int vendorId, long maxMrSize, int maxQp, int maxQpWr,
        int maxSge, int maxCq, int maxCqe, int maxMr, int maxPd, int maxQpRdAtom, int maxQpInitRdAtom, int maxSrq,
        int maxSrqWr, int physPortCount) {
}
