package io.dat4j;

/**
 * The type of a DAT status: bits 29..16 of a {@code DAT_RETURN} ({@code DAT_RETURN_TYPE} in {@code dat_error.h}).
 * Each constant keeps its C value so that a ported program can compare it with what the C library would return.
 * Compare types, not raw codes: the same type comes with different subtypes.
 */
public enum StatusType {
    /** {@code DAT_SUCCESS}. */
    SUCCESS(0x00000000),
    /** {@code DAT_ABORT}: the operation was aborted by a close of the object it waited on. */
    ABORT(0x00010000),
    /** {@code DAT_CONN_QUAL_IN_USE}: the connection qualifier is already listened on. */
    CONN_QUAL_IN_USE(0x00020000),
    /** {@code DAT_INSUFFICIENT_RESOURCES}. */
    INSUFFICIENT_RESOURCES(0x00030000),
    /** {@code DAT_INTERNAL_ERROR}. */
    INTERNAL_ERROR(0x00040000),
    /** {@code DAT_INVALID_HANDLE}. */
    INVALID_HANDLE(0x00050000),
    /** {@code DAT_INVALID_PARAMETER}. */
    INVALID_PARAMETER(0x00060000),
    /** {@code DAT_INVALID_STATE}. */
    INVALID_STATE(0x00070000),
    /** {@code DAT_LENGTH_ERROR}. */
    LENGTH_ERROR(0x00080000),
    /** {@code DAT_MODEL_NOT_SUPPORTED}. */
    MODEL_NOT_SUPPORTED(0x00090000),
    /** {@code DAT_PROVIDER_NOT_FOUND} (also {@code DAT_NAME_NOT_FOUND}). */
    PROVIDER_NOT_FOUND(0x000A0000),
    /** {@code DAT_PRIVILEGES_VIOLATION}. */
    PRIVILEGES_VIOLATION(0x000B0000),
    /** {@code DAT_PROTECTION_VIOLATION}. */
    PROTECTION_VIOLATION(0x000C0000),
    /** {@code DAT_QUEUE_EMPTY}. */
    QUEUE_EMPTY(0x000D0000),
    /** {@code DAT_QUEUE_FULL}. */
    QUEUE_FULL(0x000E0000),
    /** {@code DAT_TIMEOUT_EXPIRED}. */
    TIMEOUT_EXPIRED(0x000F0000),
    /** {@code DAT_PROVIDER_ALREADY_REGISTERED}. */
    PROVIDER_ALREADY_REGISTERED(0x00100000),
    /** {@code DAT_PROVIDER_IN_USE}. */
    PROVIDER_IN_USE(0x00110000),
    /** {@code DAT_INVALID_ADDRESS}. */
    INVALID_ADDRESS(0x00120000),
    /** {@code DAT_INTERRUPTED_CALL}. */
    INTERRUPTED_CALL(0x00130000),
    /** {@code DAT_CONN_QUAL_UNAVAILABLE}. */
    CONN_QUAL_UNAVAILABLE(0x00140000),
    /** {@code DAT_RESERVED_LMR} (kDAPL only). */
    RESERVED_LMR(0x00150000),
    /** {@code DAT_PORT_IN_USE}. */
    PORT_IN_USE(0x00160000),
    /** {@code DAT_COMM_NOT_SUPPORTED}. */
    COMM_NOT_SUPPORTED(0x00170000),
    /** {@code DAT_EXTENSION_BASE}. */
    EXTENSION_BASE(0x10000000),
    /** {@code DAT_NOT_IMPLEMENTED}. */
    NOT_IMPLEMENTED(0x3FFF0000);

    /** {@code DAT_TYPE_MASK}. */
    public static final int MASK = 0x3fff0000;

    private final int value;

    StatusType(final int value) {
        this.value = value;
    }

    /** {@return the C value, already shifted into bits 29..16} */
    public int value() {
        return value;
    }

    /** {@return the C name, for example {@code DAT_INVALID_HANDLE}} */
    public String cName() {
        return "DAT_" + name();
    }

    /**
     * {@return the type whose value is {@code DAT_GET_TYPE(raw)}}
     *
     * @param raw a 32-bit {@code DAT_RETURN}
     * @throws IllegalArgumentException if the type bits name no known type
     */
    public static StatusType fromRaw(final int raw) {
        final int bits = raw & MASK;
        for (final StatusType t : values()) {
            if (t.value == bits) {
                return t;
            }
        }
        throw new IllegalArgumentException("no DAT status type 0x" + Integer.toHexString(bits));
    }
}
