package io.dat4j.provider.shm;

import io.dat4j.DatException;
import io.dat4j.RegistryEntry;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.provider.shm.sys.ConnectionLayout;
import io.dat4j.provider.shm.sys.Rendezvous;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The settings of one shared-memory IA, read when it opens: from the dat.conf line's ia_params
 * ({@code "key=value ..."}), else the system property {@code dat4j.shm.<key>}, else the default. A value out of range
 * fails the open with {@code INVALID_PARAMETER} and a message naming the setting and the range.
 *
 * @param directory {@code dir}: the rendezvous directory (default {@code /tmp/dat4j-shm-<uid>}); both sides of a
 *        connection must use the same one
 * @param ringBytes {@code ringBytes}: bytes of each ring of a connection this IA accepts, a power of two 4 KiB..64 MiB
 *        (default 256 KiB)
 * @param grantSlots {@code grantSlots}: CMA grant slots per side of a connection this IA accepts, 0 or a power of two
 *        up to 65536 (default 1024); regions beyond them are reached through the ring
 * @param cma {@code cma}: {@code auto} (default: copy RDMA with process_vm_readv/writev when the kernel allows it,
 *        probed once per peer) or {@code off} (never, and publish no grants: every RDMA goes through the ring and is
 *        checked and copied by the target)
 * @param allowPtrace {@code allowPtrace}: {@code true} to call {@code prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY)} when
 *        the IA opens, so that under Yama ptrace_scope 1 peers may copy into this process (default false; it lets
 *        every process of this user attach to this one)
 * @param busyPollMicros {@code busyPollMicros}: opt-in busy polling: a thread waiting on an EVD polls its connections
 *        this long before it sleeps on the futex (default 0: it sleeps at once; polling keeps a core busy while
 *        waiting, and on a host with fewer free cores than polling threads it delays the peer it waits for)
 * @param ackTimeoutMillis {@code ackTimeoutMillis}: one attempt of the transport timeout (default 2000; 0 off): a
 *        connection waiting for a peer that shows no progress for this long times the EP's retry_count + 1 fails
 *        with {@code DAT_DTO_ERR_TRANSPORT} and BROKEN
 * @param revokeMillis {@code revokeMillis}: how long freeing an LMR (or closing a connection) waits for a peer's CMA
 *        copy into or out of it to end (default 10000, as the kit waits for its own copies); a peer that holds a
 *        grant longer gets its connection broken
 */
public record ShmSettings(Path directory, long ringBytes, int grantSlots, boolean cma, boolean allowPtrace,
        long busyPollMicros, long ackTimeoutMillis, long revokeMillis) {

    /** Prefix of the system properties. */
    public static final String PREFIX = "dat4j.shm.";
    /** Default ring bytes. */
    public static final long RING_BYTES_DEFAULT = 256 << 10;
    /** Default grant slots. */
    public static final int GRANT_SLOTS_DEFAULT = 1024;
    /** Default transport timeout attempt, ms. */
    public static final long ACK_TIMEOUT_DEFAULT = 2000;
    /** Default wait for a peer's CMA copy before a free goes on, ms. */
    public static final long REVOKE_DEFAULT = 10_000;

    private static final String[] KEYS = {"dir", "ringBytes", "grantSlots", "cma", "allowPtrace", "busyPollMicros",
        "ackTimeoutMillis", "revokeMillis"};

    /**
     * Reads the settings of an IA.
     *
     * @param entry the registry entry being opened
     * @return the settings
     * @throws DatException INVALID_PARAMETER ARG1 for an unknown key or a value out of range
     */
    public static ShmSettings of(final RegistryEntry entry) {
        final Map<String, String> params = new HashMap<>();
        final String p = entry.iaParams() == null ? "" : entry.iaParams().strip();
        if (!p.isEmpty()) {
            for (final String token : p.split("\\s+")) {
                final int eq = token.indexOf('=');
                final String key = eq < 0 ? token : token.substring(0, eq);
                if (eq <= 0 || !known(key)) {
                    throw bad(entry, "ia_params \"" + p + "\": '" + token + "' is not key=value with a key of "
                            + String.join(", ", KEYS));
                }
                params.put(key, token.substring(eq + 1));
            }
        }
        final String dir = value(params, "dir");
        final Path directory = dir == null || dir.isBlank() ? Rendezvous.defaultDirectory() : Path.of(dir);
        final long ring = number(entry, params, "ringBytes", RING_BYTES_DEFAULT, ConnectionLayout.MIN_RING,
                ConnectionLayout.MAX_RING);
        if (Long.bitCount(ring) != 1) {
            throw bad(entry, "ringBytes " + ring + " is not a power of two");
        }
        final long grants = number(entry, params, "grantSlots", GRANT_SLOTS_DEFAULT, 0, ConnectionLayout.MAX_GRANTS);
        if (grants != 0 && Long.bitCount(grants) != 1) {
            throw bad(entry, "grantSlots " + grants + " is neither 0 nor a power of two");
        }
        final String cma = value(params, "cma");
        if (cma != null && !cma.equalsIgnoreCase("auto") && !cma.equalsIgnoreCase("off")) {
            throw bad(entry, "cma=" + cma + ": auto or off");
        }
        final String ptrace = value(params, "allowPtrace");
        if (ptrace != null && !ptrace.equalsIgnoreCase("true") && !ptrace.equalsIgnoreCase("false")) {
            throw bad(entry, "allowPtrace=" + ptrace + ": true or false");
        }
        return new ShmSettings(directory, ring, (int) grants, cma == null || cma.equalsIgnoreCase("auto"),
                "true".equalsIgnoreCase(ptrace), number(entry, params, "busyPollMicros", 0, 0, 60_000_000),
                number(entry, params, "ackTimeoutMillis", ACK_TIMEOUT_DEFAULT, 0, 86_400_000),
                number(entry, params, "revokeMillis", REVOKE_DEFAULT, 0, 3_600_000));
    }

    private static boolean known(final String key) {
        for (final String k : KEYS) {
            if (k.equals(key)) {
                return true;
            }
        }
        return false;
    }

    private static String value(final Map<String, String> params, final String key) {
        final String v = params.get(key);
        return v != null ? v.strip() : System.getProperty(PREFIX + key);
    }

    private static long number(final RegistryEntry e, final Map<String, String> params, final String key,
            final long dflt, final long min, final long max) {
        final String v = value(params, key);
        if (v == null || v.isBlank()) {
            return dflt;
        }
        try {
            final long n = Long.parseLong(v.strip().replace("_", ""));
            if (n >= min && n <= max) {
                return n;
            }
        } catch (final NumberFormatException x) {
            // reported below
        }
        throw bad(e, key + "=\"" + v + "\" (ia_params or system property " + PREFIX + key + ") is not a number "
                + min + ".." + max);
    }

    private static DatException bad(final RegistryEntry e, final String why) {
        return new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1, "IA '" + e.iaName() + "': "
                + why);
    }

    /** {@return the busy-poll time in nanoseconds} */
    public long busyPollNanos() {
        return busyPollMicros * 1000L;
    }

    /** {@return the settings as provider attributes (strings)} */
    public Map<String, String> asAttributes() {
        return Map.of("dir", directory.toString(), "ringBytes", Long.toString(ringBytes), "grantSlots",
                Integer.toString(grantSlots), "cma", cma ? "auto" : "off", "allowPtrace",
                Boolean.toString(allowPtrace), "busyPollMicros", Long.toString(busyPollMicros),
                "ackTimeoutMillis", Long.toString(ackTimeoutMillis), "revokeMillis", Long.toString(revokeMillis),
                "wire", "dat4j-shm/1");
    }

    @Override
    public String toString() {
        return "ShmSettings" + asAttributes();
    }
}
