package io.dat4j;

/**
 * The one exception of the DAT API: a failed call and its {@link DatStatus}. Unchecked, like every Java counterpart of
 * a call that returns a {@code DAT_RETURN} other than {@code DAT_SUCCESS}.
 *
 * <p>Compare {@link #type()} rather than {@link #status()}: a type comes with different subtypes.
 */
public class DatException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The DAT status the call failed with (serialized). */
    private final DatStatus status;

    /**
     * Creates an exception.
     *
     * @param status the DAT status
     * @param message what went wrong and what to do about it
     */
    public DatException(final DatStatus status, final String message) {
        this(status, message, null);
    }

    /**
     * Creates an exception with a cause.
     *
     * @param status the DAT status
     * @param message what went wrong and what to do about it
     * @param cause the underlying failure, or null
     */
    public DatException(final DatStatus status, final String message, final Throwable cause) {
        super(status.strerror() + ": " + message, cause);
        this.status = status;
    }

    /**
     * Creates an exception for {@code DAT_ERROR(type, subtype)}.
     *
     * @param type the status type
     * @param subtype the subtype, or null
     * @param message what went wrong and what to do about it
     */
    public DatException(final StatusType type, final StatusSubtype subtype, final String message) {
        this(DatStatus.error(type, subtype), message, null);
    }

    /**
     * Creates an exception for {@code DAT_ERROR(type, subtype)} with a cause.
     *
     * @param type the status type
     * @param subtype the subtype, or null
     * @param message what went wrong and what to do about it
     * @param cause the underlying failure, or null
     */
    public DatException(final StatusType type, final StatusSubtype subtype, final String message,
            final Throwable cause) {
        this(DatStatus.error(type, subtype), message, cause);
    }

    /** {@return the DAT status} */
    public DatStatus status() {
        return status;
    }

    /** {@return the status type, {@code DAT_GET_TYPE}} */
    public StatusType type() {
        return status.type();
    }

    /** {@return the status subtype, {@code DAT_GET_SUBTYPE}} */
    public StatusSubtype subtype() {
        return status.subtype();
    }

    /** {@return the raw 32-bit {@code DAT_RETURN}} */
    public int raw() {
        return status.raw();
    }
}
