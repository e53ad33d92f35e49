package io.dat4j.provider.rdmacm;

/**
 * Why the rdmacm provider cannot be used on this machine ({@link RdmaCm#unavailabilityCause()}), with a
 * {@link Reason} a program can test and a message a person can act on.
 */
public final class RdmaCmUnavailableException extends Exception {

    private static final long serialVersionUID = 1L;

    /** The kinds of unavailability, each with its own remedy. */
    public enum Reason {
        /** {@code -Ddat4j.rdmacm.disabled=true} (or the earlier {@code -Ddat.rdmacm.disabled=true}). */
        DISABLED,
        /** librdmacm or libibverbs cannot be loaded. */
        NO_LIBRARY,
        /** The libraries load, but there is no RDMA device (ENODEV, empty device list). */
        NO_DEVICE,
        /** A device exists, but this process may not open it (EACCES/EPERM on /dev/infiniband). */
        NO_PERMISSION,
        /** The JVM denies native access to the provider's module. */
        NO_NATIVE_ACCESS,
        /** Anything else the probe hit; the cause says what. */
        PROBE_FAILED
    }

    /** Why the provider is unavailable (serialized). */
    private final Reason reason;

    /**
     * Creates the exception.
     *
     * @param reason the kind
     * @param message what is missing and what to do
     * @param cause the underlying failure, or null
     */
    public RdmaCmUnavailableException(final Reason reason, final String message, final Throwable cause) {
        super(reason + ": " + message, cause);
        this.reason = reason;
    }

    /** {@return the kind of unavailability} */
    public Reason reason() {
        return reason;
    }
}
