package io.dat4j.provider.rdmacm;

import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_BAD_RESP_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_FATAL_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_GENERAL_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_INV_EECN_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_INV_EEC_STATE_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_LOC_ACCESS_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_LOC_EEC_OP_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_LOC_LEN_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_LOC_PROT_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_LOC_QP_OP_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_LOC_RDD_VIOL_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_MW_BIND_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_REM_ABORT_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_REM_ACCESS_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_REM_INV_RD_REQ_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_REM_INV_REQ_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_REM_OP_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_RESP_TIMEOUT_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_RETRY_EXC_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_RNR_RETRY_EXC_ERR;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_SUCCESS;
import static io.dat4j.provider.rdmacm.ffi.DataPath.IBV_WC_WR_FLUSH_ERR;

import io.dat4j.DtoStatus;

/**
 * A work completion status ({@code enum ibv_wc_status}) and the DAT status it gives, the same for every code as C
 * uDAPL's openib providers ({@code dapls_ib_get_dto_status}, {@code dapl/openib_common/cq.c}), so that a ported program
 * sees the statuses its C version saw on the same device. A code verbs may add later is {@link #UNKNOWN}, TRANSPORT
 * (libdapl reports {@code DAT_DTO_FAILURE}, which DAT 2.0's {@link DtoStatus} does not have).
 *
 * <p>The statuses follow what the device reports, not what the DAT specification would like: Soft-RoCE completes a
 * receive too small for its message with {@code IBV_WC_LOC_QP_OP_ERR}, which is LOCAL_EP here as in libdapl; the IA
 * then does not claim {@link io.dat4j.Capability#RECEIVE_LENGTH_ERROR} ({@link RdmaCmProvider#deviceCapabilities}).
 */
enum CompletionStatus {
    /** {@code IBV_WC_SUCCESS}. */
    SUCCESS(IBV_WC_SUCCESS, DtoStatus.SUCCESS),
    /** {@code IBV_WC_LOC_LEN_ERR}. */
    LOC_LEN_ERR(IBV_WC_LOC_LEN_ERR, DtoStatus.LOCAL_LENGTH),
    /** {@code IBV_WC_LOC_QP_OP_ERR}. */
    LOC_QP_OP_ERR(IBV_WC_LOC_QP_OP_ERR, DtoStatus.LOCAL_EP),
    /** {@code IBV_WC_LOC_EEC_OP_ERR}. */
    LOC_EEC_OP_ERR(IBV_WC_LOC_EEC_OP_ERR, DtoStatus.TRANSPORT),
    /** {@code IBV_WC_LOC_PROT_ERR}. */
    LOC_PROT_ERR(IBV_WC_LOC_PROT_ERR, DtoStatus.LOCAL_PROTECTION),
    /** {@code IBV_WC_WR_FLUSH_ERR}. */
    WR_FLUSH_ERR(IBV_WC_WR_FLUSH_ERR, DtoStatus.FLUSHED),
    /** {@code IBV_WC_MW_BIND_ERR}. */
    MW_BIND_ERR(IBV_WC_MW_BIND_ERR, DtoStatus.RMR_OPERATION_FAILED),
    /** {@code IBV_WC_BAD_RESP_ERR}. */
    BAD_RESP_ERR(IBV_WC_BAD_RESP_ERR, DtoStatus.BAD_RESPONSE),
    /** {@code IBV_WC_LOC_ACCESS_ERR}. */
    LOC_ACCESS_ERR(IBV_WC_LOC_ACCESS_ERR, DtoStatus.LOCAL_PROTECTION),
    /** {@code IBV_WC_REM_INV_REQ_ERR}. */
    REM_INV_REQ_ERR(IBV_WC_REM_INV_REQ_ERR, DtoStatus.REMOTE_RESPONDER),
    /** {@code IBV_WC_REM_ACCESS_ERR}. */
    REM_ACCESS_ERR(IBV_WC_REM_ACCESS_ERR, DtoStatus.REMOTE_ACCESS),
    /** {@code IBV_WC_REM_OP_ERR}. */
    REM_OP_ERR(IBV_WC_REM_OP_ERR, DtoStatus.REMOTE_RESPONDER),
    /** {@code IBV_WC_RETRY_EXC_ERR}. */
    RETRY_EXC_ERR(IBV_WC_RETRY_EXC_ERR, DtoStatus.TRANSPORT),
    /** {@code IBV_WC_RNR_RETRY_EXC_ERR}. */
    RNR_RETRY_EXC_ERR(IBV_WC_RNR_RETRY_EXC_ERR, DtoStatus.RECEIVER_NOT_READY),
    /** {@code IBV_WC_LOC_RDD_VIOL_ERR}. */
    LOC_RDD_VIOL_ERR(IBV_WC_LOC_RDD_VIOL_ERR, DtoStatus.LOCAL_PROTECTION),
    /** {@code IBV_WC_REM_INV_RD_REQ_ERR}. */
    REM_INV_RD_REQ_ERR(IBV_WC_REM_INV_RD_REQ_ERR, DtoStatus.REMOTE_RESPONDER),
    /** {@code IBV_WC_REM_ABORT_ERR}. */
    REM_ABORT_ERR(IBV_WC_REM_ABORT_ERR, DtoStatus.REMOTE_RESPONDER),
    /** {@code IBV_WC_INV_EECN_ERR}. */
    INV_EECN_ERR(IBV_WC_INV_EECN_ERR, DtoStatus.TRANSPORT),
    /** {@code IBV_WC_INV_EEC_STATE_ERR}. */
    INV_EEC_STATE_ERR(IBV_WC_INV_EEC_STATE_ERR, DtoStatus.TRANSPORT),
    /** {@code IBV_WC_FATAL_ERR}. */
    FATAL_ERR(IBV_WC_FATAL_ERR, DtoStatus.TRANSPORT),
    /** {@code IBV_WC_RESP_TIMEOUT_ERR}. */
    RESP_TIMEOUT_ERR(IBV_WC_RESP_TIMEOUT_ERR, DtoStatus.RECEIVER_NOT_READY),
    /** {@code IBV_WC_GENERAL_ERR}. */
    GENERAL_ERR(IBV_WC_GENERAL_ERR, DtoStatus.TRANSPORT),
    /** A code this provider does not know (one verbs may add later). */
    UNKNOWN(-1, DtoStatus.TRANSPORT);

    private static final CompletionStatus[] BY_CODE = new CompletionStatus[IBV_WC_GENERAL_ERR + 1];

    static {
        for (final CompletionStatus s : values()) {
            if (s != UNKNOWN) {
                BY_CODE[s.code] = s;
            }
        }
    }

    private final int code;
    private final DtoStatus dtoStatus;

    CompletionStatus(final int code, final DtoStatus dtoStatus) {
        this.code = code;
        this.dtoStatus = dtoStatus;
    }

    /**
     * {@return the status of a code, {@link #UNKNOWN} for one this provider does not know}
     *
     * @param wcStatus {@code ibv_wc.status}
     */
    static CompletionStatus of(final int wcStatus) {
        final CompletionStatus s = wcStatus >= 0 && wcStatus < BY_CODE.length ? BY_CODE[wcStatus] : null;
        return s == null ? UNKNOWN : s;
    }

    /** {@return the DAT status it gives} */
    DtoStatus dtoStatus() {
        return dtoStatus;
    }

    /**
     * {@return the code as verbs names it, for messages: "IBV_WC_LOC_QP_OP_ERR (2)", or the number alone}
     *
     * @param wcStatus {@code ibv_wc.status}
     */
    static String describe(final int wcStatus) {
        final CompletionStatus s = of(wcStatus);
        return s == UNKNOWN ? "ibv_wc_status " + wcStatus : "IBV_WC_" + s.name() + " (" + wcStatus + ")";
    }
}
