package io.dat4j.provider.rdmacm.ffi;

import io.dat4j.DatStatus;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import java.util.Map;

/**
 * Linux errno values (x86_64, {@code asm-generic/errno*.h}) and their DAT status, as C uDAPL maps them in
 * {@code dapl_convert_errno} ({@code dapl/openib_common/dapl_ib_common.h}). The layout test checks every value here
 * against {@code errno.h}.
 */
public final class Errno {

    /** {@code EPERM}. */
    public static final int EPERM = 1;
    /** {@code ENOENT}. */
    public static final int ENOENT = 2;
    /** {@code EINTR}. */
    public static final int EINTR = 4;
    /** {@code EIO}. */
    public static final int EIO = 5;
    /** {@code ENXIO}. */
    public static final int ENXIO = 6;
    /** {@code EBADF}. */
    public static final int EBADF = 9;
    /** {@code EAGAIN} (also {@code EWOULDBLOCK}). */
    public static final int EAGAIN = 11;
    /** {@code ENOMEM}. */
    public static final int ENOMEM = 12;
    /** {@code EACCES}. */
    public static final int EACCES = 13;
    /** {@code EFAULT}. */
    public static final int EFAULT = 14;
    /** {@code EBUSY}. */
    public static final int EBUSY = 16;
    /** {@code EEXIST}. */
    public static final int EEXIST = 17;
    /** {@code ENODEV}. */
    public static final int ENODEV = 19;
    /** {@code EINVAL}. */
    public static final int EINVAL = 22;
    /** {@code ENFILE}. */
    public static final int ENFILE = 23;
    /** {@code EMFILE}. */
    public static final int EMFILE = 24;
    /** {@code ENOSPC}. */
    public static final int ENOSPC = 28;
    /** {@code ERANGE}. */
    public static final int ERANGE = 34;
    /** {@code ENOSYS}. */
    public static final int ENOSYS = 38;
    /** {@code ENODATA}. */
    public static final int ENODATA = 61;
    /** {@code EPROTO}. */
    public static final int EPROTO = 71;
    /** {@code EOVERFLOW}. */
    public static final int EOVERFLOW = 75;
    /** {@code EMSGSIZE}. */
    public static final int EMSGSIZE = 90;
    /** {@code EPROTONOSUPPORT}. */
    public static final int EPROTONOSUPPORT = 93;
    /** {@code EOPNOTSUPP}. */
    public static final int EOPNOTSUPP = 95;
    /** {@code EAFNOSUPPORT}. */
    public static final int EAFNOSUPPORT = 97;
    /** {@code EADDRINUSE}. */
    public static final int EADDRINUSE = 98;
    /** {@code EADDRNOTAVAIL}. */
    public static final int EADDRNOTAVAIL = 99;
    /** {@code ENETDOWN}. */
    public static final int ENETDOWN = 100;
    /** {@code ENETUNREACH}. */
    public static final int ENETUNREACH = 101;
    /** {@code ECONNABORTED}. */
    public static final int ECONNABORTED = 103;
    /** {@code ECONNRESET}. */
    public static final int ECONNRESET = 104;
    /** {@code ENOBUFS}. */
    public static final int ENOBUFS = 105;
    /** {@code EISCONN}. */
    public static final int EISCONN = 106;
    /** {@code ENOTCONN}. */
    public static final int ENOTCONN = 107;
    /** {@code ETIMEDOUT}. */
    public static final int ETIMEDOUT = 110;
    /** {@code ECONNREFUSED}. */
    public static final int ECONNREFUSED = 111;
    /** {@code EHOSTUNREACH}. */
    public static final int EHOSTUNREACH = 113;
    /** {@code EALREADY}. */
    public static final int EALREADY = 114;
    /** {@code EINPROGRESS}. */
    public static final int EINPROGRESS = 115;
    /** {@code ECANCELED}. */
    public static final int ECANCELED = 125;

    private static final Map<Integer, String> NAMES = Map.ofEntries(Map.entry(EPERM, "EPERM"),
            Map.entry(ENOENT, "ENOENT"), Map.entry(EINTR, "EINTR"), Map.entry(EIO, "EIO"), Map.entry(ENXIO, "ENXIO"),
            Map.entry(EBADF, "EBADF"), Map.entry(EAGAIN, "EAGAIN"), Map.entry(ENOMEM, "ENOMEM"),
            Map.entry(EACCES, "EACCES"), Map.entry(EFAULT, "EFAULT"), Map.entry(EBUSY, "EBUSY"),
            Map.entry(EEXIST, "EEXIST"), Map.entry(ENODEV, "ENODEV"), Map.entry(EINVAL, "EINVAL"),
            Map.entry(ENFILE, "ENFILE"), Map.entry(EMFILE, "EMFILE"), Map.entry(ENOSPC, "ENOSPC"),
            Map.entry(ERANGE, "ERANGE"), Map.entry(ENOSYS, "ENOSYS"), Map.entry(ENODATA, "ENODATA"),
            Map.entry(EPROTO, "EPROTO"), Map.entry(EOVERFLOW, "EOVERFLOW"), Map.entry(EMSGSIZE, "EMSGSIZE"),
            Map.entry(EPROTONOSUPPORT, "EPROTONOSUPPORT"), Map.entry(EOPNOTSUPP, "EOPNOTSUPP"),
            Map.entry(EAFNOSUPPORT, "EAFNOSUPPORT"), Map.entry(EADDRINUSE, "EADDRINUSE"),
            Map.entry(EADDRNOTAVAIL, "EADDRNOTAVAIL"), Map.entry(ENETDOWN, "ENETDOWN"),
            Map.entry(ENETUNREACH, "ENETUNREACH"), Map.entry(ECONNABORTED, "ECONNABORTED"),
            Map.entry(ECONNRESET, "ECONNRESET"), Map.entry(ENOBUFS, "ENOBUFS"), Map.entry(EISCONN, "EISCONN"),
            Map.entry(ENOTCONN, "ENOTCONN"), Map.entry(ETIMEDOUT, "ETIMEDOUT"),
            Map.entry(ECONNREFUSED, "ECONNREFUSED"), Map.entry(EHOSTUNREACH, "EHOSTUNREACH"),
            Map.entry(EALREADY, "EALREADY"), Map.entry(EINPROGRESS, "EINPROGRESS"),
            Map.entry(ECANCELED, "ECANCELED"));

    private Errno() {
    }

    /** {@return every errno this table names, value to name} */
    public static Map<Integer, String> names() {
        return NAMES;
    }

    /**
     * {@return the symbolic name of an errno, for example {@code EADDRINUSE}, or {@code errno<N>} if unknown}
     *
     * @param errno the value
     */
    public static String name(final int errno) {
        final String n = NAMES.get(errno);
        return n == null ? "errno" + errno : n;
    }

    /**
     * {@return the DAT status C uDAPL gives an errno} ({@code dapl_convert_errno}): ETIMEDOUT is TIMEOUT_EXPIRED,
     * EADDRINUSE CONN_QUAL_IN_USE, ENOMEM INSUFFICIENT_RESOURCES, EAGAIN QUEUE_EMPTY, EINTR INTERRUPTED_CALL,
     * ENETUNREACH INVALID_ADDRESS UNREACHABLE, ECONNREFUSED INVALID_STATE EP_NOTREADY, EINVAL INVALID_PARAMETER,
     * EOVERFLOW LENGTH_ERROR, anything else INTERNAL_ERROR.
     *
     * @param errno the value
     */
    public static DatStatus toStatus(final int errno) {
        return switch (errno) {
            case ETIMEDOUT -> DatStatus.error(StatusType.TIMEOUT_EXPIRED, null);
            case EADDRINUSE -> DatStatus.error(StatusType.CONN_QUAL_IN_USE, null);
            case ENOMEM -> DatStatus.error(StatusType.INSUFFICIENT_RESOURCES, StatusSubtype.RESOURCE_MEMORY);
            case EAGAIN -> DatStatus.error(StatusType.QUEUE_EMPTY, null);
            case EINTR -> DatStatus.error(StatusType.INTERRUPTED_CALL, null);
            case ENETUNREACH -> DatStatus.error(StatusType.INVALID_ADDRESS, StatusSubtype.INVALID_ADDRESS_UNREACHABLE);
            case ECONNREFUSED -> DatStatus.error(StatusType.INVALID_STATE, StatusSubtype.INVALID_STATE_EP_NOTREADY);
            case EINVAL -> DatStatus.error(StatusType.INVALID_PARAMETER, null);
            case EOVERFLOW -> DatStatus.error(StatusType.LENGTH_ERROR, null);
            default -> DatStatus.error(StatusType.INTERNAL_ERROR, null);
        };
    }
}
