package io.dat4j.provider.shm;

import io.dat4j.DatException;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.kit.KitSettings;
import io.dat4j.kit.Settings;
import io.dat4j.provider.shm.sys.ConnectionLayout;
import io.dat4j.provider.shm.sys.Rendezvous;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The configuration of one shared-memory IA, built once when it opens ({@link #from(Settings)}) from the options
 * passed through the API, the system properties and the dat.conf line's ia_params (first match wins, see {@link
 * Settings}; for example ia_params {@code "dat4j.shm.cma=off"}), then handed to its transport and connections. Nothing
 * reads a property afterwards. A value out of range fails the open with {@code INVALID_PARAMETER} naming the key, its
 * value and where it came from; an unknown {@code dat4j.shm.} key in the options or ia_params too.
 *
 * @param directory {@value #DIR}: the rendezvous directory (default {@code /tmp/dat4j-shm-<uid>}); both sides of a
 *        connection must use the same one
 * @param ringBytes {@value #RING_BYTES}: bytes of each ring of a connection this IA accepts, a power of two 4 KiB..64
 *        MiB (default 256 KiB)
 * @param grantSlots {@value #GRANT_SLOTS}: CMA grant slots per side of a connection this IA accepts, 0 or a power of
 *        two up to 65536 (default 1024); regions beyond them are reached through the ring
 * @param cma {@value #CMA}: {@code auto} (default: copy RDMA with process_vm_readv/writev when the kernel allows it,
 *        probed once per peer) or {@code off} (never, and publish no grants: every RDMA goes through the ring and is
 *        checked and copied by the target)
 * @param allowPtrace {@value #ALLOW_PTRACE}: {@code true} to call {@code prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY)}
 *        when the IA opens, so that under Yama ptrace_scope 1 peers may copy into this process (default false; it lets
 *        every process of this user attach to this one)
 * @param busyPollMicros {@value #BUSY_POLL}: opt-in busy polling: a thread waiting on an EVD polls its connections this
 *        long before it sleeps on the futex (default 0: it sleeps at once; polling keeps a core busy while waiting,
 *        and on a host with fewer free cores than polling threads it delays the peer it waits for)
 * @param ackTimeoutMillis {@value #ACK_TIMEOUT}: one attempt of the transport timeout (default 2000; 0 off): a
 *        connection waiting for a peer that shows no progress for this long times the EP's retry_count + 1 fails
 *        with {@code DAT_DTO_ERR_TRANSPORT} and BROKEN
 * @param revokeMillis {@value #REVOKE}: how long freeing an LMR (or closing a connection) waits for a peer's CMA copy
 *        into or out of it to end (default 10000, as the kit waits for its own copies); a peer that holds a grant
 *        longer gets its connection broken
 * @param sendRendezvousBytes {@value #SEND_RENDEZVOUS}: a SEND of at least this many bytes is pulled by the receiver
 *        with one {@code process_vm_readv} straight into its receive (rendezvous, SEND_RDV in docs/shm-wire.md) instead
 *        of streaming through the ring, on connections where the receiver proved this process's id and has CMA on
 *        (default 65536; 0: this IA neither sends nor pulls rendezvous SENDs)
 */
public record ShmConfig(Path directory, long ringBytes, int grantSlots, boolean cma, boolean allowPtrace,
        long busyPollMicros, long ackTimeoutMillis, long revokeMillis, long sendRendezvousBytes) {

    /** Setting: the rendezvous directory. */
    public static final String DIR = "dat4j.shm.dir";
    /** Setting: bytes of each ring of a connection this IA accepts. */
    public static final String RING_BYTES = "dat4j.shm.ringBytes";
    /** Setting: CMA grant slots per side of a connection this IA accepts. */
    public static final String GRANT_SLOTS = "dat4j.shm.grantSlots";
    /** Setting: {@code auto} or {@code off}. */
    public static final String CMA = "dat4j.shm.cma";
    /** Setting: let every process of this user attach (Yama ptrace_scope 1). */
    public static final String ALLOW_PTRACE = "dat4j.shm.allowPtrace";
    /** Setting: microseconds an EVD waiter polls before it sleeps. */
    public static final String BUSY_POLL = "dat4j.shm.busyPollMicros";
    /** Setting: one attempt of the transport timeout, milliseconds. */
    public static final String ACK_TIMEOUT = "dat4j.shm.ackTimeoutMillis";
    /** Setting: how long a free waits for a peer's CMA copy, milliseconds. */
    public static final String REVOKE = "dat4j.shm.revokeMillis";
    /** Setting: the smallest SEND the receiver pulls with CMA, bytes (0: never). */
    public static final String SEND_RENDEZVOUS = "dat4j.shm.sendRendezvousBytes";
    /** Every key of the provider's namespace. */
    public static final Set<String> KEYS = Set.of(DIR, RING_BYTES, GRANT_SLOTS, CMA, ALLOW_PTRACE, BUSY_POLL,
            ACK_TIMEOUT, REVOKE, SEND_RENDEZVOUS);

    /** Default ring bytes. */
    public static final long RING_BYTES_DEFAULT = 256 << 10;
    /** Default grant slots. */
    public static final int GRANT_SLOTS_DEFAULT = 1024;
    /** Default transport timeout attempt, ms. */
    public static final long ACK_TIMEOUT_DEFAULT = 2000;
    /** Default wait for a peer's CMA copy before a free goes on, ms. */
    public static final long REVOKE_DEFAULT = 10_000;
    /** Default smallest SEND pulled with CMA (rendezvous), bytes. */
    public static final long SEND_RENDEZVOUS_DEFAULT = 64 << 10;

    /** The defaults (for tests and tools that build a transport without an IA). */
    public static ShmConfig defaults() {
        return new ShmConfig(Rendezvous.defaultDirectory(), RING_BYTES_DEFAULT, GRANT_SLOTS_DEFAULT, true, false, 0,
                ACK_TIMEOUT_DEFAULT, REVOKE_DEFAULT, SEND_RENDEZVOUS_DEFAULT);
    }

    /**
     * {@return the configuration of an IA}
     *
     * @param s the IA's settings; the provider takes no positional ia_params
     * @throws DatException {@code INVALID_PARAMETER} for ia_params, keys or values it cannot use
     */
    public static ShmConfig from(final Settings s) {
        final Set<String> known = new HashSet<>(KEYS);
        known.addAll(KitSettings.KEYS);
        s.checkKnown(known, "dat4j.shm.", "dat4j.kit.");
        if (!s.positional().isEmpty()) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1, "IA '" + s.iaName()
                    + "': ia_params " + s.positional() + ": the shared-memory provider takes only dat4j.shm.<name>="
                    + "value settings, known: " + KEYS);
        }
        final String dir = s.string(DIR, "");
        final Path directory = dir.isBlank() ? Rendezvous.defaultDirectory() : Path.of(dir.strip());
        final long ring = s.longValue(RING_BYTES, RING_BYTES_DEFAULT, ConnectionLayout.MIN_RING,
                ConnectionLayout.MAX_RING);
        if (Long.bitCount(ring) != 1) {
            throw s.invalid(RING_BYTES, "a power of two");
        }
        final int grants = s.intValue(GRANT_SLOTS, GRANT_SLOTS_DEFAULT, 0, ConnectionLayout.MAX_GRANTS);
        if (grants != 0 && Integer.bitCount(grants) != 1) {
            throw s.invalid(GRANT_SLOTS, "0 or a power of two");
        }
        final String cma = s.string(CMA, "auto").strip();
        if (!cma.equalsIgnoreCase("auto") && !cma.equalsIgnoreCase("off")) {
            throw s.invalid(CMA, "auto or off");
        }
        return new ShmConfig(directory, ring, grants, cma.equalsIgnoreCase("auto"), s.flag(ALLOW_PTRACE, false),
                s.longValue(BUSY_POLL, 0, 0, 60_000_000), s.longValue(ACK_TIMEOUT, ACK_TIMEOUT_DEFAULT, 0, 86_400_000),
                s.longValue(REVOKE, REVOKE_DEFAULT, 0, 3_600_000),
                s.longValue(SEND_RENDEZVOUS, SEND_RENDEZVOUS_DEFAULT, 0, 1L << 30));
    }

    /** {@return the busy-poll time in nanoseconds} */
    public long busyPollNanos() {
        return busyPollMicros * 1000L;
    }

    /** {@return the configuration as provider attributes (strings), keyed by the short names} */
    public Map<String, String> asAttributes() {
        return Map.of("dir", directory.toString(), "ringBytes", Long.toString(ringBytes), "grantSlots",
                Integer.toString(grantSlots), "cma", cma ? "auto" : "off", "allowPtrace",
                Boolean.toString(allowPtrace), "busyPollMicros", Long.toString(busyPollMicros),
                "ackTimeoutMillis", Long.toString(ackTimeoutMillis), "revokeMillis", Long.toString(revokeMillis),
                "sendRendezvousBytes", Long.toString(sendRendezvousBytes), "wire", "dat4j-shm/3");
    }

    @Override
    public String toString() {
        return "ShmConfig" + asAttributes();
    }
}
