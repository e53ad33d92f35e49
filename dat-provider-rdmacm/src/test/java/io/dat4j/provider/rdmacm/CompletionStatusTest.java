package io.dat4j.provider.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.Capability;
import io.dat4j.DtoStatus;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@DisplayName("Work completion statuses as libdapl reports them, and where an IA reports LOCAL_LENGTH")
class CompletionStatusTest {

    /**
     * Every {@code enum ibv_wc_status} value (numbers from verbs.h; LayoutTest checks the constants against the
     * header) with the DAT status dapl-2.1.10's {@code dapls_ib_get_dto_status} gives it.
     */
    @ParameterizedTest(name = "ibv_wc_status {0} ({1}) is {2}")
    @CsvSource({
        "0, SUCCESS, SUCCESS",
        "1, LOC_LEN_ERR, LOCAL_LENGTH",
        "2, LOC_QP_OP_ERR, LOCAL_EP",
        "3, LOC_EEC_OP_ERR, TRANSPORT",
        "4, LOC_PROT_ERR, LOCAL_PROTECTION",
        "5, WR_FLUSH_ERR, FLUSHED",
        "6, MW_BIND_ERR, RMR_OPERATION_FAILED",
        "7, BAD_RESP_ERR, BAD_RESPONSE",
        "8, LOC_ACCESS_ERR, LOCAL_PROTECTION",
        "9, REM_INV_REQ_ERR, REMOTE_RESPONDER",
        "10, REM_ACCESS_ERR, REMOTE_ACCESS",
        "11, REM_OP_ERR, REMOTE_RESPONDER",
        "12, RETRY_EXC_ERR, TRANSPORT",
        "13, RNR_RETRY_EXC_ERR, RECEIVER_NOT_READY",
        "14, LOC_RDD_VIOL_ERR, LOCAL_PROTECTION",
        "15, REM_INV_RD_REQ_ERR, REMOTE_RESPONDER",
        "16, REM_ABORT_ERR, REMOTE_RESPONDER",
        "17, INV_EECN_ERR, TRANSPORT",
        "18, INV_EEC_STATE_ERR, TRANSPORT",
        "19, FATAL_ERR, TRANSPORT",
        "20, RESP_TIMEOUT_ERR, RECEIVER_NOT_READY",
        "21, GENERAL_ERR, TRANSPORT",
        "22, (a code verbs may add), TRANSPORT",
        "-1, (not a code), TRANSPORT"})
    void shouldMapAsLibdapl(final int wcStatus, final String name, final DtoStatus expected) {
        final CompletionStatus status = CompletionStatus.of(wcStatus);
        assertEquals(expected, status.dtoStatus(), name);
        assertEquals(name.startsWith("(") ? "UNKNOWN" : name, status.name(), "the enum constant of " + wcStatus);
    }

    @Test
    @DisplayName("an IA on Soft-RoCE does not claim RECEIVE_LENGTH_ERROR (rxe reports a short receive as"
            + " LOC_QP_OP_ERR); other devices do")
    void shouldNotClaimReceiveLengthErrorOnRxe() {
        final Set<Capability> provider = new RdmaCmProvider().capabilities();
        assertTrue(provider.contains(Capability.RECEIVE_LENGTH_ERROR), "the provider claims it for some devices");
        final Set<Capability> rxe = RdmaCmProvider.deviceCapabilities(provider, 0xffffff);
        assertFalse(rxe.contains(Capability.RECEIVE_LENGTH_ERROR), "rxe: " + rxe);
        final EnumSet<Capability> rest = EnumSet.copyOf(provider);
        rest.remove(Capability.RECEIVE_LENGTH_ERROR);
        assertEquals(rest, rxe, "rxe lacks only that one");
        // Mellanox (0x02c9) and any other vendor: what the provider claims
        assertEquals(provider, RdmaCmProvider.deviceCapabilities(provider, 0x02c9));
        assertEquals(Set.of(), RdmaCmProvider.deviceCapabilities(Set.of(), 0xffffff));
    }
}
