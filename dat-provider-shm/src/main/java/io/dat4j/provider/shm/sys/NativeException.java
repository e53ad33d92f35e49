package io.dat4j.provider.shm.sys;

import java.io.IOException;

/** A C library call failed: the call, errno and its name, e.g. {@code memfd_create failed: errno 24 (EMFILE)}. */
public final class NativeException extends IOException {

    private static final long serialVersionUID = 1L;

    private final int errno;

    /**
     * Creates the exception.
     *
     * @param call what was called
     * @param errno the captured errno
     */
    public NativeException(final String call, final int errno) {
        super(call + " failed: errno " + errno + " (" + name(errno) + ")");
        this.errno = errno;
    }

    /** {@return the captured errno} */
    public int errno() {
        return errno;
    }

    /**
     * {@return the symbolic name of an errno value, or "errno N"}
     *
     * @param errno the value
     */
    public static String name(final int errno) {
        return switch (errno) {
            case 1 -> "EPERM";
            case 2 -> "ENOENT";
            case 3 -> "ESRCH";
            case 4 -> "EINTR";
            case 9 -> "EBADF";
            case 11 -> "EAGAIN";
            case 12 -> "ENOMEM";
            case 13 -> "EACCES";
            case 14 -> "EFAULT";
            case 22 -> "EINVAL";
            case 23 -> "ENFILE";
            case 24 -> "EMFILE";
            case 28 -> "ENOSPC";
            case 38 -> "ENOSYS";
            case 110 -> "ETIMEDOUT";
            default -> "errno " + errno;
        };
    }
}
