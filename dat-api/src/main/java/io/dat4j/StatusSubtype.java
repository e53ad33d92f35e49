package io.dat4j;

/**
 * The subtype of a DAT status: bits 15..0 of a {@code DAT_RETURN} ({@code DAT_RETURN_SUBTYPE} in {@code dat_error.h}).
 * The C enum is one flat sequence starting at 0, so {@link #value()} is the constant's position; a test compares every
 * value with the installed header.
 */
public enum StatusSubtype {
    /** {@code DAT_NO_SUBTYPE} (0). */
    NO_SUBTYPE,
    /** {@code DAT_SUB_INTERRUPTED} (1). */
    SUB_INTERRUPTED,
    /** {@code DAT_RESOURCE_MEMORY} (2). */
    RESOURCE_MEMORY,
    /** {@code DAT_RESOURCE_DEVICE} (3). */
    RESOURCE_DEVICE,
    /** {@code DAT_RESOURCE_TEP} (4). */
    RESOURCE_TEP,
    /** {@code DAT_RESOURCE_TEVD} (5). */
    RESOURCE_TEVD,
    /** {@code DAT_RESOURCE_PROTECTION_DOMAIN} (6). */
    RESOURCE_PROTECTION_DOMAIN,
    /** {@code DAT_RESOURCE_MEMORY_REGION} (7). */
    RESOURCE_MEMORY_REGION,
    /** {@code DAT_RESOURCE_ERROR_HANDLER} (8). */
    RESOURCE_ERROR_HANDLER,
    /** {@code DAT_RESOURCE_CREDITS} (9). */
    RESOURCE_CREDITS,
    /** {@code DAT_RESOURCE_SRQ} (10). */
    RESOURCE_SRQ,
    /** {@code DAT_INVALID_HANDLE_IA} (11). */
    INVALID_HANDLE_IA,
    /** {@code DAT_INVALID_HANDLE_EP} (12). */
    INVALID_HANDLE_EP,
    /** {@code DAT_INVALID_HANDLE_LMR} (13). */
    INVALID_HANDLE_LMR,
    /** {@code DAT_INVALID_HANDLE_RMR} (14). */
    INVALID_HANDLE_RMR,
    /** {@code DAT_INVALID_HANDLE_PZ} (15). */
    INVALID_HANDLE_PZ,
    /** {@code DAT_INVALID_HANDLE_PSP} (16). */
    INVALID_HANDLE_PSP,
    /** {@code DAT_INVALID_HANDLE_RSP} (17). */
    INVALID_HANDLE_RSP,
    /** {@code DAT_INVALID_HANDLE_CR} (18). */
    INVALID_HANDLE_CR,
    /** {@code DAT_INVALID_HANDLE_CNO} (19). */
    INVALID_HANDLE_CNO,
    /** {@code DAT_INVALID_HANDLE_EVD_CR} (20). */
    INVALID_HANDLE_EVD_CR,
    /** {@code DAT_INVALID_HANDLE_EVD_REQUEST} (21). */
    INVALID_HANDLE_EVD_REQUEST,
    /** {@code DAT_INVALID_HANDLE_EVD_RECV} (22). */
    INVALID_HANDLE_EVD_RECV,
    /** {@code DAT_INVALID_HANDLE_EVD_CONN} (23). */
    INVALID_HANDLE_EVD_CONN,
    /** {@code DAT_INVALID_HANDLE_EVD_ASYNC} (24). */
    INVALID_HANDLE_EVD_ASYNC,
    /** {@code DAT_INVALID_HANDLE_SRQ} (25). */
    INVALID_HANDLE_SRQ,
    /** {@code DAT_INVALID_HANDLE_CSP} (26). */
    INVALID_HANDLE_CSP,
    /** {@code DAT_INVALID_HANDLE1} (27). */
    INVALID_HANDLE1,
    /** {@code DAT_INVALID_HANDLE2} (28). */
    INVALID_HANDLE2,
    /** {@code DAT_INVALID_HANDLE3} (29). */
    INVALID_HANDLE3,
    /** {@code DAT_INVALID_HANDLE4} (30). */
    INVALID_HANDLE4,
    /** {@code DAT_INVALID_HANDLE5} (31). */
    INVALID_HANDLE5,
    /** {@code DAT_INVALID_HANDLE6} (32). */
    INVALID_HANDLE6,
    /** {@code DAT_INVALID_HANDLE7} (33). */
    INVALID_HANDLE7,
    /** {@code DAT_INVALID_HANDLE8} (34). */
    INVALID_HANDLE8,
    /** {@code DAT_INVALID_HANDLE9} (35). */
    INVALID_HANDLE9,
    /** {@code DAT_INVALID_HANDLE10} (36). */
    INVALID_HANDLE10,
    /** {@code DAT_INVALID_ARG1} (37). */
    INVALID_ARG1,
    /** {@code DAT_INVALID_ARG2} (38). */
    INVALID_ARG2,
    /** {@code DAT_INVALID_ARG3} (39). */
    INVALID_ARG3,
    /** {@code DAT_INVALID_ARG4} (40). */
    INVALID_ARG4,
    /** {@code DAT_INVALID_ARG5} (41). */
    INVALID_ARG5,
    /** {@code DAT_INVALID_ARG6} (42). */
    INVALID_ARG6,
    /** {@code DAT_INVALID_ARG7} (43). */
    INVALID_ARG7,
    /** {@code DAT_INVALID_ARG8} (44). */
    INVALID_ARG8,
    /** {@code DAT_INVALID_ARG9} (45). */
    INVALID_ARG9,
    /** {@code DAT_INVALID_ARG10} (46). */
    INVALID_ARG10,
    /** {@code DAT_INVALID_STATE_EP_UNCONNECTED} (47). */
    INVALID_STATE_EP_UNCONNECTED,
    /** {@code DAT_INVALID_STATE_EP_ACTCONNPENDING} (48). */
    INVALID_STATE_EP_ACTCONNPENDING,
    /** {@code DAT_INVALID_STATE_EP_PASSCONNPENDING} (49). */
    INVALID_STATE_EP_PASSCONNPENDING,
    /** {@code DAT_INVALID_STATE_EP_TENTCONNPENDING} (50). */
    INVALID_STATE_EP_TENTCONNPENDING,
    /** {@code DAT_INVALID_STATE_EP_CONNECTED} (51). */
    INVALID_STATE_EP_CONNECTED,
    /** {@code DAT_INVALID_STATE_EP_DISCONNECTED} (52). */
    INVALID_STATE_EP_DISCONNECTED,
    /** {@code DAT_INVALID_STATE_EP_RESERVED} (53). */
    INVALID_STATE_EP_RESERVED,
    /** {@code DAT_INVALID_STATE_EP_COMPLPENDING} (54). */
    INVALID_STATE_EP_COMPLPENDING,
    /** {@code DAT_INVALID_STATE_EP_DISCPENDING} (55). */
    INVALID_STATE_EP_DISCPENDING,
    /** {@code DAT_INVALID_STATE_EP_PROVIDERCONTROL} (56). */
    INVALID_STATE_EP_PROVIDERCONTROL,
    /** {@code DAT_INVALID_STATE_EP_NOTREADY} (57). */
    INVALID_STATE_EP_NOTREADY,
    /** {@code DAT_INVALID_STATE_EP_RECV_WATERMARK} (58). */
    INVALID_STATE_EP_RECV_WATERMARK,
    /** {@code DAT_INVALID_STATE_EP_PZ} (59). */
    INVALID_STATE_EP_PZ,
    /** {@code DAT_INVALID_STATE_EP_EVD_REQUEST} (60). */
    INVALID_STATE_EP_EVD_REQUEST,
    /** {@code DAT_INVALID_STATE_EP_EVD_RECV} (61). */
    INVALID_STATE_EP_EVD_RECV,
    /** {@code DAT_INVALID_STATE_EP_EVD_CONNECT} (62). */
    INVALID_STATE_EP_EVD_CONNECT,
    /** {@code DAT_INVALID_STATE_EP_UNCONFIGURED} (63). */
    INVALID_STATE_EP_UNCONFIGURED,
    /** {@code DAT_INVALID_STATE_EP_UNCONFRESERVED} (64). */
    INVALID_STATE_EP_UNCONFRESERVED,
    /** {@code DAT_INVALID_STATE_EP_UNCONFPASSIVE} (65). */
    INVALID_STATE_EP_UNCONFPASSIVE,
    /** {@code DAT_INVALID_STATE_EP_UNCONFTENTATIVE} (66). */
    INVALID_STATE_EP_UNCONFTENTATIVE,
    /** {@code DAT_INVALID_STATE_CNO_IN_USE} (67). */
    INVALID_STATE_CNO_IN_USE,
    /** {@code DAT_INVALID_STATE_CNO_DEAD} (68). */
    INVALID_STATE_CNO_DEAD,
    /** {@code DAT_INVALID_STATE_EVD_OPEN} (69). */
    INVALID_STATE_EVD_OPEN,
    /** {@code DAT_INVALID_STATE_EVD_ENABLED} (70). */
    INVALID_STATE_EVD_ENABLED,
    /** {@code DAT_INVALID_STATE_EVD_DISABLED} (71). */
    INVALID_STATE_EVD_DISABLED,
    /** {@code DAT_INVALID_STATE_EVD_WAITABLE} (72). */
    INVALID_STATE_EVD_WAITABLE,
    /** {@code DAT_INVALID_STATE_EVD_UNWAITABLE} (73). */
    INVALID_STATE_EVD_UNWAITABLE,
    /** {@code DAT_INVALID_STATE_EVD_IN_USE} (74). */
    INVALID_STATE_EVD_IN_USE,
    /** {@code DAT_INVALID_STATE_EVD_CONFIG_NOTIFY} (75). */
    INVALID_STATE_EVD_CONFIG_NOTIFY,
    /** {@code DAT_INVALID_STATE_EVD_CONFIG_SOLICITED} (76). */
    INVALID_STATE_EVD_CONFIG_SOLICITED,
    /** {@code DAT_INVALID_STATE_EVD_CONFIG_THRESHOLD} (77). */
    INVALID_STATE_EVD_CONFIG_THRESHOLD,
    /** {@code DAT_INVALID_STATE_EVD_WAITER} (78). */
    INVALID_STATE_EVD_WAITER,
    /** {@code DAT_INVALID_STATE_EVD_ASYNC} (79). */
    INVALID_STATE_EVD_ASYNC,
    /** {@code DAT_INVALID_STATE_IA_IN_USE} (80). */
    INVALID_STATE_IA_IN_USE,
    /** {@code DAT_INVALID_STATE_LMR_IN_USE} (81). */
    INVALID_STATE_LMR_IN_USE,
    /** {@code DAT_INVALID_STATE_LMR_FREE} (82). */
    INVALID_STATE_LMR_FREE,
    /** {@code DAT_INVALID_STATE_PZ_IN_USE} (83). */
    INVALID_STATE_PZ_IN_USE,
    /** {@code DAT_INVALID_STATE_PZ_FREE} (84). */
    INVALID_STATE_PZ_FREE,
    /** {@code DAT_INVALID_STATE_SRQ_OPERATIONAL} (85). */
    INVALID_STATE_SRQ_OPERATIONAL,
    /** {@code DAT_INVALID_STATE_SRQ_ERROR} (86). */
    INVALID_STATE_SRQ_ERROR,
    /** {@code DAT_INVALID_STATE_SRQ_IN_USE} (87). */
    INVALID_STATE_SRQ_IN_USE,
    /** {@code DAT_INVALID_STATE_SRQ_SHUTDOWN} (88). */
    INVALID_STATE_SRQ_SHUTDOWN,
    /** {@code DAT_PRIVILEGES_READ} (89). */
    PRIVILEGES_READ,
    /** {@code DAT_PRIVILEGES_WRITE} (90). */
    PRIVILEGES_WRITE,
    /** {@code DAT_PRIVILEGES_RDMA_READ} (91). */
    PRIVILEGES_RDMA_READ,
    /** {@code DAT_PRIVILEGES_RDMA_WRITE} (92). */
    PRIVILEGES_RDMA_WRITE,
    /** {@code DAT_PROTECTION_READ} (93). */
    PROTECTION_READ,
    /** {@code DAT_PROTECTION_WRITE} (94). */
    PROTECTION_WRITE,
    /** {@code DAT_PROTECTION_RDMA_READ} (95). */
    PROTECTION_RDMA_READ,
    /** {@code DAT_PROTECTION_RDMA_WRITE} (96). */
    PROTECTION_RDMA_WRITE,
    /** {@code DAT_INVALID_ADDRESS_UNSUPPORTED} (97). */
    INVALID_ADDRESS_UNSUPPORTED,
    /** {@code DAT_INVALID_ADDRESS_UNREACHABLE} (98). */
    INVALID_ADDRESS_UNREACHABLE,
    /** {@code DAT_INVALID_ADDRESS_MALFORMED} (99). */
    INVALID_ADDRESS_MALFORMED,
    /** {@code DAT_NAME_NOT_REGISTERED} (100). */
    NAME_NOT_REGISTERED,
    /** {@code DAT_MAJOR_NOT_FOUND} (101). */
    MAJOR_NOT_FOUND,
    /** {@code DAT_MINOR_NOT_FOUND} (102). */
    MINOR_NOT_FOUND,
    /** {@code DAT_THREAD_SAFETY_NOT_FOUND} (103). */
    THREAD_SAFETY_NOT_FOUND;

    /** {@code DAT_SUBTYPE_MASK}. */
    public static final int MASK = 0x0000ffff;

    private static final StatusSubtype[] VALUES = values();

    /** {@return the C value of this subtype} */
    public int value() {
        return ordinal();
    }

    /** {@return the C name, for example {@code DAT_INVALID_HANDLE_EP}} */
    public String cName() {
        return "DAT_" + name();
    }

    /**
     * {@return the subtype whose value is {@code DAT_GET_SUBTYPE(raw)}, or {@code null} if the bits name none}
     *
     * @param raw a 32-bit {@code DAT_RETURN}
     */
    public static StatusSubtype fromRaw(final int raw) {
        final int bits = raw & MASK;
        return bits < VALUES.length ? VALUES[bits] : null;
    }
}
