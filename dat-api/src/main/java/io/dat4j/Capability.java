package io.dat4j;

/**
 * An optional feature of a provider. A provider declares what it supports
 * ({@link io.dat4j.spi.DatProvider#capabilities()}), and each IA what it supports on its device
 * ({@link InterfaceAdapter#supports}, {@link ProviderAttributes#capabilities()}; an IA may support less than its
 * provider, when a device lacks the feature). A call that needs a feature the IA lacks fails with
 * {@link StatusType#NOT_IMPLEMENTED}, and conformance rules that need it are skipped with the reason.
 */
public enum Capability {
    /** {@code dat_ep_post_rdma_read}. */
    RDMA_READ,
    /** {@code dat_ep_post_rdma_write}. */
    RDMA_WRITE,
    /** Shared receive queues, {@code dat_srq_*} and {@code dat_ep_create_with_srq}. */
    SRQ,
    /** Memory windows, {@code dat_rmr_*}. */
    RMR,
    /** Consumer notification objects, {@code dat_cno_*}. */
    CNO,
    /** {@code DAT_PSP_PROVIDER_FLAG}: the provider creates the EP of each request. */
    PROVIDER_CREATED_ENDPOINTS,
    /** Reserved service points, {@code dat_rsp_*}. */
    RSP,
    /** {@code dat_cr_handoff}. */
    CR_HANDOFF,
    /** {@code dat_ep_dup_connect}. */
    DUP_CONNECT,
    /** {@code dat_evd_resize}. */
    EVD_RESIZE,
    /** IPv6 addresses. */
    IPV6,
    /** Connections between two processes (not only within one JVM). */
    INTER_PROCESS,
    /** A graceful disconnect that lets outstanding operations complete. */
    GRACEFUL_DISCONNECT,
    /** Private data with {@code dat_cr_reject} reaches the active side. */
    REJECT_PRIVATE_DATA,
    /** The connect timeout of {@code dat_ep_connect} is honoured (TIMED_OUT event). */
    CONNECT_TIMEOUT,
    /**
     * A receive too small for the message that arrives completes with {@link DtoStatus#LOCAL_LENGTH}, as DAT specifies
     * ({@code DAT_DTO_ERR_LOCAL_LENGTH}). Without it the receive still completes in error, with another status: on
     * Soft-RoCE (rdma_rxe) {@link DtoStatus#LOCAL_EP}, because the device reports such a receive as a local QP
     * operation error, which also stands for other faults (see the rdmacm provider in docs/providers.md).
     */
    RECEIVE_LENGTH_ERROR
}
