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
    /**
     * Calls on one IA and its objects may be made from several threads at once (C's provider attribute
     * {@code is_thread_safe}; a dat.conf line's {@code threadsafe}). An IA without it, such as one opened in the kit's
     * single-thread mode ({@code dat4j.kit.singleThread=true}), takes its calls from one thread at a time, with a
     * happens-before between calls from different threads; conformance rules that call it from two threads at once
     * are skipped.
     */
    THREAD_SAFE,
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
    RECEIVE_LENGTH_ERROR,
    /**
     * IB extension {@code dat_ib_post_rdma_write_immed} ({@link Endpoint#postRdmaWriteImmediate}): an RDMA write that
     * also consumes one receive of the peer, which completes as {@link DtoOperation#RECEIVE_IMMEDIATE} with the
     * 32-bit immediate data ({@code DAT_IB_IMMED_DATA}; C's provider attribute {@code DAT_IB_IMMED_DATA}).
     */
    RDMA_WRITE_IMMEDIATE,
    /**
     * IB extension {@code dat_ib_post_fetch_and_add} ({@link Endpoint#postFetchAndAdd}): a 64-bit fetch-and-add on
     * a peer's region registered with {@link MemoryPrivilege#REMOTE_ATOMIC} (C's provider attribute
     * {@code DAT_IB_FETCH_AND_ADD}).
     */
    FETCH_AND_ADD,
    /**
     * IB extension {@code dat_ib_post_cmp_and_swap} ({@link Endpoint#postCompareAndSwap}): a 64-bit
     * compare-and-swap on a peer's region registered with {@link MemoryPrivilege#REMOTE_ATOMIC} (C's provider
     * attribute {@code DAT_IB_CMP_AND_SWAP}).
     */
    COMPARE_AND_SWAP
}
