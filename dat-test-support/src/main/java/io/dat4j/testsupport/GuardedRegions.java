package io.dat4j.testsupport;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.Set;

/**
 * The memory a hostile peer aims at: one native segment {@code G | rw | G | ro | G | wo | G | freed | G | recv | G} of
 * the client IA of an {@link AdapterPair}, where G are {@value #G} guard bytes of {@value #GUARD} and every region is
 * {@value #R} bytes of a known pattern: rw with every privilege, ro remotely readable only, wo remotely writable only,
 * freed registered and freed again (its rmr_context and address stale), recv local only. {@link #checkMemory} fails
 * when a byte outside the writable regions (rw, wo, recv) moved. Not thread safe.
 */
public final class GuardedRegions {

    /** The guard byte. */
    public static final byte GUARD = (byte) 0xA5;
    /** Guard bytes before, between and after the regions. */
    public static final int G = 64;
    /** Bytes of each region. */
    public static final int R = 256;

    /** Where a forged record's rmr_context and address point. */
    public enum Target {
        /** The region with every privilege. */
        RW,
        /** The remotely read-only region. */
        RO,
        /** The remotely write-only region. */
        WO,
        /** The region freed after registration. */
        FREED,
        /** The local-only region (receives). */
        RECV,
        /** rmr_context 0 and the offset as the address. */
        ZERO,
        /** A random rmr_context and the offset as the address. */
        RANDOM
    }

    /** The whole segment, guards included. */
    public final MemorySegment mem;
    /** The region with every privilege. */
    public final LocalMemoryRegion rw;
    /** The local-only region, for receives. */
    public final LocalMemoryRegion recv;
    private final LocalMemoryRegion ro;
    private final LocalMemoryRegion wo;
    private final int freedRmr;
    private final long freedBase;
    private final byte[] expected;

    /**
     * Allocates the segment in the pair's arena, fills it and registers the regions on the client side.
     *
     * @param f the pair
     */
    public GuardedRegions(final AdapterPair f) {
        mem = f.arena.allocate(6L * G + 5L * R, 64);
        mem.fill(GUARD);
        for (int r = 0; r < 5; r++) {
            for (int i = 0; i < R; i++) {
                mem.set(JAVA_BYTE, base(r) + i, (byte) (i * 7 + r));
            }
        }
        rw = region(f, 0, MemoryPrivilege.ALL);
        ro = region(f, 1, EnumSet.of(MemoryPrivilege.LOCAL_READ, MemoryPrivilege.LOCAL_WRITE,
                MemoryPrivilege.REMOTE_READ));
        wo = region(f, 2, EnumSet.of(MemoryPrivilege.LOCAL_READ, MemoryPrivilege.LOCAL_WRITE,
                MemoryPrivilege.REMOTE_WRITE));
        final LocalMemoryRegion freed = region(f, 3, MemoryPrivilege.ALL);
        freedRmr = freed.rmrContext();
        freedBase = freed.registeredAddress();
        freed.close();
        recv = region(f, 4, MemoryPrivilege.LOCAL);
        expected = mem.toArray(JAVA_BYTE);
    }

    private static long base(final int r) {
        return G + (long) r * (G + R);
    }

    private LocalMemoryRegion region(final AdapterPair f, final int r, final Set<MemoryPrivilege> privileges) {
        return f.client.createLocalMemoryRegion(f.c.pz, mem.asSlice(base(r), R), privileges);
    }

    /**
     * {@return the rmr_context a record aimed at {@code t} carries}
     *
     * @param t the target
     * @param random the value for {@link Target#RANDOM}
     */
    public int rmr(final Target t, final long random) {
        return switch (t) {
            case RW -> rw.rmrContext();
            case RO -> ro.rmrContext();
            case WO -> wo.rmrContext();
            case FREED -> freedRmr;
            case RECV -> recv.rmrContext();
            case ZERO -> 0;
            case RANDOM -> (int) random;
        };
    }

    /**
     * {@return the address a record aimed at {@code t} carries}
     *
     * @param t the target
     * @param offset added to the target's registered address (to 0 for ZERO and RANDOM)
     */
    public long address(final Target t, final long offset) {
        return switch (t) {
            case RW -> rw.registeredAddress() + offset;
            case RO -> ro.registeredAddress() + offset;
            case WO -> wo.registeredAddress() + offset;
            case FREED -> freedBase + offset;
            case RECV -> recv.registeredAddress() + offset;
            case ZERO, RANDOM -> offset;
        };
    }

    /** Guards, the read-only region, the freed region and the receive region's guards hold their bytes. */
    public void checkMemory() {
        final byte[] now = mem.toArray(JAVA_BYTE);
        for (int i = 0; i < now.length; i++) {
            final long off = i;
            final boolean writable = inRegion(off, 0) || inRegion(off, 2) || inRegion(off, 4);
            if (!writable && now[i] != expected[i]) {
                throw new AssertionError("byte " + i + " outside every writable region changed from "
                        + expected[i] + " to " + now[i] + " (" + describe(off) + ")");
            }
        }
    }

    private static boolean inRegion(final long off, final int r) {
        return off >= base(r) && off < base(r) + R;
    }

    private static String describe(final long off) {
        final String[] names = {"rw", "ro", "wo", "freed", "recv"};
        for (int r = 0; r < 5; r++) {
            if (inRegion(off, r)) {
                return "inside " + names[r];
            }
        }
        return "guard";
    }
}
