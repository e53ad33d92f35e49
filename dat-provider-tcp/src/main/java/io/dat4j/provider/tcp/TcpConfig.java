package io.dat4j.provider.tcp;

import io.dat4j.DatException;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.kit.KitSettings;
import io.dat4j.kit.Settings;
import java.net.InetAddress;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The configuration of one TCP IA, built once when it opens ({@link #from(Settings)}) from the options passed through
 * the API, the system properties and the dat.conf line's ia_params (first match wins, see {@link Settings}), then
 * handed to its transport, I/O loops and connections. Nothing reads a property afterwards.
 *
 * @param bindToken the first ia_params token as written (address or network device), for the IA's name
 * @param bind the address to listen on and connect from
 * @param portOffset added to every connection qualifier to make the TCP port (second ia_params token; 0..65534)
 * @param ioThreads I/O threads of the IA ({@value #IO_THREADS}, 1..8, default 2)
 * @param inlineWrites a posting thread writes small requests itself ({@value #INLINE_WRITES}, default true)
 * @param consumerProgress an EVD waiter runs its connections' I/O loop itself ({@value #CONSUMER_PROGRESS}, default
 *        true)
 * @param driveGraceNanos how long a loop no consumer drove stays with consumers ({@value #DRIVE_GRACE}, µs, default
 *        2000)
 * @param ackDelayNanos how long a deferred ACK waits for a frame to ride on ({@value #ACK_DELAY}, µs, default 500)
 * @param busyPollNanos how long a driving consumer spins before it blocks ({@value #BUSY_POLL}, µs, default 0)
 * @param ackTimeoutMillis one attempt of the transport timeout ({@value #ACK_TIMEOUT}, ms, default 2000, 0 off)
 * @param sendCopyMax requests up to this size are copied into one gathering write ({@value #SEND_COPY_MAX}, bytes,
 *        default 16384)
 * @param fullReadSkips frames ending in a full read that leave the socket to the selector ({@value #FULL_READ_SKIPS},
 *        default 15)
 * @param ackBytes ACKs owed for this much payload are written at once ({@value #ACK_BYTES}, bytes, default 32768)
 * @param ackHoldNanos with ACK coalescing, the longest ACKs that no frame asked for are held ({@value #ACK_HOLD}, µs,
 *        default 1000; a backstop, see {@link AckPolicy})
 * @param nativeSockets connected sockets may be adopted (made blocking, read and written through libc) so that a
 *        driving consumer waits in one blocking recv, where available ({@value #NATIVE_SOCKETS}, default true; false:
 *        NIO only; {@link SocketIo})
 */
record TcpConfig(String bindToken, InetAddress bind, int portOffset, int ioThreads, boolean inlineWrites,
        boolean consumerProgress, long driveGraceNanos, long ackDelayNanos, long busyPollNanos, long ackTimeoutMillis,
        int sendCopyMax, int fullReadSkips, long ackBytes, long ackHoldNanos, boolean nativeSockets) {

    /** Setting: I/O threads per IA. */
    static final String IO_THREADS = "dat4j.tcp.ioThreads";
    /** Setting: posting threads write small requests themselves. */
    static final String INLINE_WRITES = "dat4j.tcp.inlineWrites";
    /** Setting: consumers waiting on an EVD run the loop themselves. */
    static final String CONSUMER_PROGRESS = "dat4j.tcp.consumerProgress";
    /** Setting: microseconds without a driving consumer after which the I/O thread takes over. */
    static final String DRIVE_GRACE = "dat4j.tcp.driveGraceMicros";
    /** Setting: microseconds a deferred ACK may wait for a frame to ride on. */
    static final String ACK_DELAY = "dat4j.tcp.ackDelayMicros";
    /** Setting: microseconds a driving consumer spins on non-blocking selections before it blocks. */
    static final String BUSY_POLL = "dat4j.tcp.busyPollMicros";
    /** Setting: one attempt of the transport timeout, milliseconds. */
    static final String ACK_TIMEOUT = "dat4j.tcp.ackTimeoutMillis";
    /** Setting: largest request copied into one gathering write, bytes. */
    static final String SEND_COPY_MAX = "dat4j.tcp.sendCopyMax";
    /** Setting: frames ending in a full read that leave the socket to the selector. */
    static final String FULL_READ_SKIPS = "dat4j.tcp.fullReadSkips";
    /** Setting: payload bytes after which owed ACKs are written at once. */
    static final String ACK_BYTES = "dat4j.tcp.ackBytes";
    /** Setting: microseconds ACKs that no frame asked for may be held (ACK coalescing's backstop). */
    static final String ACK_HOLD = "dat4j.tcp.ackHoldMicros";
    /** Setting: connected sockets may be adopted (Linux, native access), so that a driving consumer waits in recv. */
    static final String NATIVE_SOCKETS = "dat4j.tcp.nativeSockets";

    /** Default of {@value #SEND_COPY_MAX}. */
    static final int SEND_COPY_MAX_DEFAULT = 16 * 1024;
    /** Default of {@value #FULL_READ_SKIPS}. */
    static final int FULL_READ_SKIPS_DEFAULT = 15;

    /** Every key of the provider's namespace. */
    static final Set<String> KEYS = Set.of(IO_THREADS, INLINE_WRITES, CONSUMER_PROGRESS, DRIVE_GRACE, ACK_DELAY,
            BUSY_POLL, ACK_TIMEOUT, SEND_COPY_MAX, FULL_READ_SKIPS, ACK_BYTES, ACK_HOLD, NATIVE_SOCKETS);

    private static final long DAY_MICROS = 86_400_000_000L;

    /**
     * {@return the configuration of an IA}
     *
     * @param s the IA's settings; its positional ia_params are {@code "<ip|netdev> [port-offset]"}
     * @throws DatException {@code INVALID_PARAMETER} for ia_params, keys or values it cannot use
     */
    static TcpConfig from(final Settings s) {
        final Set<String> known = new HashSet<>(KEYS);
        known.addAll(KitSettings.KEYS);
        s.checkKnown(known, "dat4j.tcp.", "dat4j.kit.");
        final List<String> p = s.positional();
        if (p.isEmpty() || p.size() > 2) {
            throw badParams(s, "expected \"<ip|netdev> [port-offset]\" (and dat4j.tcp.<name>=value settings)");
        }
        final InetAddress bind = TcpProvider.bindAddress(s, p.get(0));
        int offset = 0;
        if (p.size() == 2) {
            try {
                offset = Integer.parseInt(p.get(1));
            } catch (final NumberFormatException e) {
                throw badParams(s, "port offset '" + p.get(1) + "' is not a number");
            }
            if (offset < 0 || offset > 65534) {
                throw badParams(s, "port offset must be 0..65534");
            }
        }
        return new TcpConfig(p.get(0), bind, offset,
                s.intValue(IO_THREADS, TcpProvider.IO_THREADS_DEFAULT, 1, 8),
                s.flag(INLINE_WRITES, true),
                s.flag(CONSUMER_PROGRESS, true),
                micros(s.longValue(DRIVE_GRACE, 2000, 1, DAY_MICROS)),
                micros(s.longValue(ACK_DELAY, 500, 1, DAY_MICROS)),
                micros(s.longValue(BUSY_POLL, 0, 0, DAY_MICROS)),
                s.longValue(ACK_TIMEOUT, TcpProvider.ACK_TIMEOUT_DEFAULT, 0, TcpProvider.ACK_TIMEOUT_MAX),
                s.intValue(SEND_COPY_MAX, SEND_COPY_MAX_DEFAULT, 0, OutboundWriter.STAGE_MAX),
                s.intValue(FULL_READ_SKIPS, FULL_READ_SKIPS_DEFAULT, 0, 1 << 20),
                s.longValue(ACK_BYTES, 32 * 1024, 0, Long.MAX_VALUE),
                micros(s.longValue(ACK_HOLD, 1000, 1, DAY_MICROS)),
                s.flag(NATIVE_SOCKETS, true));
    }

    private static long micros(final long us) {
        return TimeUnit.MICROSECONDS.toNanos(us);
    }

    /** {@return one attempt of the transport timeout in nanoseconds} */
    long ackTimeoutNanos() {
        return ackTimeoutMillis * 1_000_000L;
    }

    static DatException badParams(final Settings s, final String why) {
        return new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1,
                "IA '" + s.iaName() + "': ia_params " + s.positional() + ": " + why);
    }
}
