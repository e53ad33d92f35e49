package io.dat4j.provider.rdmacm.ffi;

import io.dat4j.DatException;

/**
 * A librdmacm or libibverbs call that failed: the function, the errno it left, and the DAT status C uDAPL would
 * return for that errno ({@link Errno#toStatus}). The message reads {@code rdma_bind_addr(..) failed: errno 98
 * (EADDRINUSE)}, after the status's own text.
 */
public final class NativeCallException extends DatException {

    private static final long serialVersionUID = 1L;

    private final String function;
    private final int errno;

    /**
     * Creates the exception.
     *
     * @param function the C function, for example {@code rdma_bind_addr}
     * @param errno the errno it left
     */
    public NativeCallException(final String function, final int errno) {
        this(function, errno, null);
    }

    /**
     * Creates the exception with a remark on what the call was for.
     *
     * @param function the C function
     * @param errno the errno it left
     * @param detail what the caller was doing (an address, a device), or null
     */
    public NativeCallException(final String function, final int errno, final String detail) {
        super(Errno.toStatus(errno), function + "(..) failed: errno " + errno + " (" + Errno.name(errno) + ")"
                + (detail == null ? "" : ": " + detail));
        this.function = function;
        this.errno = errno;
    }

    /** {@return the C function that failed} */
    public String function() {
        return function;
    }

    /** {@return the errno it left} */
    public int errno() {
        return errno;
    }
}
