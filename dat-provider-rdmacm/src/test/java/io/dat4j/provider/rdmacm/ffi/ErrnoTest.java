package io.dat4j.provider.rdmacm.ffi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dat4j.DatException;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@DisplayName("RA-02 errno to DAT status, as dapl_convert_errno maps it")
class ErrnoTest {

    @ParameterizedTest(name = "{0} ({1}) -> {2} {3}")
    @DisplayName("RA-02 a failed call is a DatException with the mapped status, the function, errno and its name")
    @CsvSource({
        "ETIMEDOUT, 110, TIMEOUT_EXPIRED, NO_SUBTYPE",
        "EADDRINUSE, 98, CONN_QUAL_IN_USE, NO_SUBTYPE",
        "ENOMEM, 12, INSUFFICIENT_RESOURCES, RESOURCE_MEMORY",
        "EAGAIN, 11, QUEUE_EMPTY, NO_SUBTYPE",
        "EINTR, 4, INTERRUPTED_CALL, NO_SUBTYPE",
        "ENETUNREACH, 101, INVALID_ADDRESS, INVALID_ADDRESS_UNREACHABLE",
        "ECONNREFUSED, 111, INVALID_STATE, INVALID_STATE_EP_NOTREADY",
        "EINVAL, 22, INVALID_PARAMETER, NO_SUBTYPE",
        "EOVERFLOW, 75, LENGTH_ERROR, NO_SUBTYPE",
        "ENODEV, 19, INTERNAL_ERROR, NO_SUBTYPE",
        "EACCES, 13, INTERNAL_ERROR, NO_SUBTYPE",
        "ECONNRESET, 104, INTERNAL_ERROR, NO_SUBTYPE"
    })
    void shouldMapErrnoLikeCUdapl(final String name, final int errno, final StatusType type,
            final StatusSubtype subtype) {
        final DatException e = new NativeCallException("rdma_bind_addr", errno);
        assertEquals(type, e.type());
        assertEquals(subtype, e.subtype());
        assertEquals(name, Errno.name(errno));
        assertEquals(e.status().strerror() + ": rdma_bind_addr(..) failed: errno " + errno + " (" + name + ")",
                e.getMessage());
    }

    @ParameterizedTest(name = "errno {0}")
    @DisplayName("RA-02 an errno the table does not name keeps its number and maps to INTERNAL_ERROR")
    @CsvSource({"0", "200", "-5"})
    void shouldKeepUnknownErrnoNumbers(final int errno) {
        final NativeCallException e = new NativeCallException("ibv_reg_mr", errno, "4096 bytes");
        assertEquals(StatusType.INTERNAL_ERROR, e.type());
        assertEquals(errno, e.errno());
        assertEquals("ibv_reg_mr", e.function());
        assertEquals("DAT_INTERNAL_ERROR: ibv_reg_mr(..) failed: errno " + errno + " (errno" + errno + "): 4096 bytes",
                e.getMessage());
    }
}
