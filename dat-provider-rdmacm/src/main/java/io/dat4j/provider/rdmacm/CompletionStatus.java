package io.dat4j.provider.rdmacm;

import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_BAD_RESP_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_FATAL_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_GENERAL_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_INV_EECN_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_INV_EEC_STATE_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_LOC_ACCESS_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_LOC_EEC_OP_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_LOC_LEN_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_LOC_PROT_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_LOC_QP_OP_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_LOC_RDD_VIOL_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_MW_BIND_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_REM_ABORT_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_REM_ACCESS_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_REM_INV_RD_REQ_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_REM_INV_REQ_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_REM_OP_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_RESP_TIMEOUT_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_RETRY_EXC_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_RNR_RETRY_EXC_ERR;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_SUCCESS;
import static io.dat4j.provider.rdmacm.ffi.LibRdmaCm.IBV_WC_WR_FLUSH_ERR;

import io.dat4j.DtoStatus;

/**
 * The DAT status of a work completion status ({@code enum ibv_wc_status}), the same for every code as C uDAPL's
 * openib providers ({@code dapls_ib_get_dto_status}, {@code dapl/openib_common/cq.c}), so that a ported program sees
 * the statuses its C version saw on the same device. A code verbs may add later is TRANSPORT (libdapl reports
 * {@code DAT_DTO_FAILURE}, which DAT 2.0's {@link DtoStatus} does not have).
 *
 * <p>The statuses follow what the device reports, not what the DAT specification would like: Soft-RoCE completes a
 * receive too small for its message with {@code IBV_WC_LOC_QP_OP_ERR}, which is LOCAL_EP here as in libdapl; the IA
 * then does not claim {@link io.dat4j.Capability#RECEIVE_LENGTH_ERROR} ({@link RdmaCmProvider#deviceCapabilities}).
 */
final class CompletionStatus {

    private CompletionStatus() {
    }

    /**
     * {@return the DAT status of a work completion status}
     *
     * @param wcStatus {@code ibv_wc.status}
     */
    static DtoStatus of(final int wcStatus) {
        return switch (wcStatus) {
            case IBV_WC_SUCCESS -> DtoStatus.SUCCESS;
            case IBV_WC_LOC_LEN_ERR -> DtoStatus.LOCAL_LENGTH;
            case IBV_WC_LOC_QP_OP_ERR -> DtoStatus.LOCAL_EP;
            case IBV_WC_LOC_PROT_ERR, IBV_WC_LOC_ACCESS_ERR, IBV_WC_LOC_RDD_VIOL_ERR -> DtoStatus.LOCAL_PROTECTION;
            case IBV_WC_WR_FLUSH_ERR -> DtoStatus.FLUSHED;
            case IBV_WC_MW_BIND_ERR -> DtoStatus.RMR_OPERATION_FAILED;
            case IBV_WC_BAD_RESP_ERR -> DtoStatus.BAD_RESPONSE;
            case IBV_WC_REM_ACCESS_ERR -> DtoStatus.REMOTE_ACCESS;
            case IBV_WC_REM_INV_REQ_ERR, IBV_WC_REM_OP_ERR, IBV_WC_REM_INV_RD_REQ_ERR, IBV_WC_REM_ABORT_ERR ->
                    DtoStatus.REMOTE_RESPONDER;
            case IBV_WC_RNR_RETRY_EXC_ERR, IBV_WC_RESP_TIMEOUT_ERR -> DtoStatus.RECEIVER_NOT_READY;
            case IBV_WC_LOC_EEC_OP_ERR, IBV_WC_RETRY_EXC_ERR, IBV_WC_INV_EECN_ERR, IBV_WC_INV_EEC_STATE_ERR,
                    IBV_WC_FATAL_ERR, IBV_WC_GENERAL_ERR -> DtoStatus.TRANSPORT;
            default -> DtoStatus.TRANSPORT;
        };
    }
}
