package io.dat4j.kit.internal;

import io.dat4j.DatException;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;

/** Builders of the exceptions the kit throws, so every call words the same failure the same way. */
final class Checks {

    private static final StatusSubtype[] ARGS = {StatusSubtype.INVALID_ARG1, StatusSubtype.INVALID_ARG1,
        StatusSubtype.INVALID_ARG2, StatusSubtype.INVALID_ARG3, StatusSubtype.INVALID_ARG4, StatusSubtype.INVALID_ARG5,
        StatusSubtype.INVALID_ARG6, StatusSubtype.INVALID_ARG7, StatusSubtype.INVALID_ARG8, StatusSubtype.INVALID_ARG9,
        StatusSubtype.INVALID_ARG10};

    private Checks() {
    }

    static DatException invalidHandle(final StatusSubtype subtype, final String message) {
        return new DatException(StatusType.INVALID_HANDLE, subtype, message);
    }

    static DatException invalidArg(final int n, final String message) {
        return new DatException(StatusType.INVALID_PARAMETER, ARGS[Math.max(1, Math.min(10, n))], message);
    }

    static DatException invalidState(final StatusSubtype subtype, final String message) {
        return new DatException(StatusType.INVALID_STATE, subtype, message);
    }

    static DatException lengthError(final String message) {
        return new DatException(StatusType.LENGTH_ERROR, null, message);
    }

    static DatException notImplemented(final String what) {
        return new DatException(StatusType.NOT_IMPLEMENTED, null,
                what + " is not implemented by this provider (capability missing; see supports())");
    }

    /**
     * {@return a timeout in nanoseconds, {@link Long#MAX_VALUE} when it does not fit (as good as infinite)}
     *
     * @param d the timeout, not null
     */
    static long toNanos(final java.time.Duration d) {
        try {
            return d.toNanos();
        } catch (final ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }
}
