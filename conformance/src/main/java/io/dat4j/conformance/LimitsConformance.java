package io.dat4j.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dat4j.Capability;
import io.dat4j.DatException;
import io.dat4j.Endpoint;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.Handle;
import io.dat4j.InterfaceAdapter;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.ResourceTracker;
import io.dat4j.conformance.support.Rule;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * The dapltest limit cases ({@code -T L}): build {@code -w} sets of objects, then create one kind of object until the
 * provider refuses or {@code -m} is reached (the {@code lim} script's {@code -w 8 -m 100}). A case passes when every
 * object up to the advertised limit (or {@code -m}) is created, a refusal is a clean {@code INSUFFICIENT_RESOURCES}
 * (or the status the case names), and every object frees.
 *
 * <p>{@code -m} is the system property {@value #MAX_PROP_NAME} (default {@value #MAX_DEFAULT}).
 */
public abstract class LimitsConformance extends ConformanceBase {

    /** System property: the most objects a limit case creates ({@code dapltest -m}). */
    public static final String MAX_PROP_NAME = "dat.conformance.limit.max";
    /** The default of {@value #MAX_PROP_NAME}, as in the {@code lim} script. */
    public static final int MAX_DEFAULT = 100;
    private static final int SETS = 8;
    private static final Set<StatusType> CLEAN = EnumSet.of(StatusType.INSUFFICIENT_RESOURCES);

    /** For subclasses. */
    protected LimitsConformance() {
    }

    private static int max() {
        return Integer.getInteger(MAX_PROP_NAME, MAX_DEFAULT);
    }

    /**
     * Creates objects until refused or {@code limit}; checks the refusal and that at least {@code expected} were
     * created; frees them all.
     */
    private static int exhaust(final String what, final int limit, final int expected,
            final IntFunction<? extends Handle> create, final Set<StatusType> clean) {
        final List<Handle> made = new ArrayList<>();
        try {
            for (int i = 0; i < limit; i++) {
                try {
                    made.add(ResourceTracker.track(create.apply(i)));
                } catch (final DatException e) {
                    if (!clean.contains(e.type())) {
                        fail(what + ": object " + (i + 1) + " was refused with " + e.status() + "; expected "
                                + clean, e);
                    }
                    break;
                }
            }
            assertTrue(made.size() >= Math.min(limit, expected), what + ": only " + made.size()
                    + " created, the provider advertises " + expected);
            return made.size();
        } finally {
            for (int i = made.size() - 1; i >= 0; i--) {
                try {
                    made.get(i).close();
                } catch (final DatException e) {
                    fail(what + ": freeing object " + (i + 1) + " failed with " + e.status(), e);
                }
            }
        }
    }

    private InterfaceAdapterAttributes attrs() {
        return rig().ia().attributes();
    }

    @Rule(id = "LIMIT-SETS", level = Level.REQUIRED,
            text = "dapltest -T L -w 8: eight sets of {IA, PZ, EVD, EP} are built and all free cleanly")
    void sets() {
        for (int w = 0; w < SETS; w++) {
            final InterfaceAdapter ia = rig().open();
            rig().side(ia, null);
        }
    }

    @Rule(id = "LIMIT-IA", level = Level.REQUIRED, timeoutSeconds = 120,
            text = "limit_ia: IAs open until refused (INSUFFICIENT_RESOURCES) or -m, and all close")
    void limitIa() {
        exhaust("limit_ia", Math.min(max(), 32), 1, i -> rig().fixture().open(), CLEAN);
    }

    @Rule(id = "LIMIT-PZ", level = Level.REQUIRED,
            text = "limit_pz: PZs are created up to max_pzs (or -m), a refusal is INSUFFICIENT_RESOURCES, all free")
    void limitPz() {
        exhaust("limit_pz", max(), attrs().maxProtectionZones(), i -> rig().ia().createProtectionZone(), CLEAN);
    }

    @Rule(id = "LIMIT-CNO", level = Level.CAPABILITY, requires = Capability.CNO,
            text = "limit_cno: CNOs are created until refused (INSUFFICIENT_RESOURCES) or -m, all free")
    void limitCno() {
        exhaust("limit_cno", max(), 1, i -> rig().ia().createConsumerNotifier(), CLEAN);
    }

    @Rule(id = "LIMIT-EVD", level = Level.REQUIRED,
            text = "limit_evd: EVDs are created up to max_evds (or -m), a refusal is INSUFFICIENT_RESOURCES, all "
                    + "free")
    void limitEvd() {
        exhaust("limit_evd", max(), attrs().maxEventDispatchers() - 1,
                i -> rig().ia().createEventDispatcher(8, null, EnumSet.of(EventStream.DTO)), CLEAN);
    }

    @Rule(id = "LIMIT-EP", level = Level.REQUIRED,
            text = "limit_ep: EPs are created up to max_eps (or -m), a refusal is INSUFFICIENT_RESOURCES, all free")
    void limitEp() {
        final InterfaceAdapter ia = rig().ia();
        final ProtectionZone pz = rig().pz(ia);
        final EventDispatcher dto = rig().evd(ia, 64, EventStream.DTO);
        final EventDispatcher conn = rig().evd(ia, 64, EventStream.CONNECTION);
        exhaust("limit_ep", max(), attrs().maxEndpoints(), i -> ia.createEndpoint(pz, dto, dto, conn, null), CLEAN);
    }

    @Rule(id = "LIMIT-RSP", level = Level.CAPABILITY, requires = Capability.RSP,
            text = "limit_rsp: RSPs (one EP each) are created until refused or -m, and all free")
    void limitRsp() {
        final InterfaceAdapter ia = rig().ia();
        final ProtectionZone pz = rig().pz(ia);
        final EventDispatcher cr = rig().evd(ia, 64, EventStream.CR);
        final EventDispatcher dto = rig().evd(ia, 64, EventStream.DTO);
        final EventDispatcher conn = rig().evd(ia, 64, EventStream.CONNECTION);
        final List<Endpoint> eps = new ArrayList<>();
        exhaust("limit_rsp", max(), 1, i -> {
            final Endpoint ep = ResourceTracker.track(ia.createEndpoint(pz, dto, dto, conn, null));
            eps.add(ep);
            final io.dat4j.PublicServicePoint probe = ResourceTracker.track(ia.createPublicServicePointAny(cr,
                    ServicePointFlag.CONSUMER));
            final long q = probe.connectionQualifier();
            probe.close();
            return Rig.onFreedQualifier(() -> ia.createReservedServicePoint(q, ep, cr));
        }, EnumSet.of(StatusType.INSUFFICIENT_RESOURCES, StatusType.CONN_QUAL_IN_USE));
        for (final Endpoint ep : eps) {
            ep.close();
        }
    }

    @Rule(id = "LIMIT-PSP", level = Level.REQUIRED,
            text = "limit_psp: PSPs are created until refused (INSUFFICIENT_RESOURCES or CONN_QUAL_UNAVAILABLE) or -m, "
                    + "and all free")
    void limitPsp() {
        final EventDispatcher cr = rig().evd(rig().ia(), 64, EventStream.CR);
        exhaust("limit_psp", max(), 1, i -> rig().ia().createPublicServicePointAny(cr, ServicePointFlag.CONSUMER),
                EnumSet.of(StatusType.INSUFFICIENT_RESOURCES, StatusType.CONN_QUAL_UNAVAILABLE));
    }

    @Rule(id = "LIMIT-LMR", level = Level.REQUIRED,
            text = "limit_lmr: 4 KiB LMRs are registered up to max_lmrs (or -m), a refusal is "
                    + "INSUFFICIENT_RESOURCES, all free")
    void limitLmr() {
        final InterfaceAdapter ia = rig().ia();
        final ProtectionZone pz = rig().pz(ia);
        final java.lang.foreign.MemorySegment mem = rig().allocate(4096L * max());
        exhaust("limit_lmr", max(), attrs().maxLocalMemoryRegions(),
                i -> ia.createLocalMemoryRegion(pz, mem.asSlice(4096L * i, 4096), MemoryPrivilege.ALL), CLEAN);
    }

    @Rule(id = "LIMIT-RPOST", level = Level.REQUIRED,
            text = "limit_rpost: receives are posted up to the EP's max_recv_dtos; one more fails with "
                    + "INSUFFICIENT_RESOURCES or QUEUE_FULL")
    void limitRecvPost() {
        final Rig.Side s = rig().side(rig().ia(), io.dat4j.EndpointAttributes.builder()
                .maxRecvDtos(Math.min(max(), attrs().maxDtoPerEndpoint())).build());
        final int n = s.ep().query().attributes().maxRecvDtos();
        final Rig.Buffer b = rig().buffer(s, 64, MemoryPrivilege.LOCAL);
        for (int i = 0; i < n; i++) {
            final int cookie = i;
            Checks.assertSucceeds("post_recv " + (i + 1) + " of " + n, () -> s.ep().postRecv(b.triplet(), cookie));
        }
        Checks.assertStatus("post_recv beyond max_recv_dtos", () -> s.ep().postRecv(b.triplet(), n),
                StatusType.INSUFFICIENT_RESOURCES, StatusType.QUEUE_FULL);
    }

    @Rule(id = "LIMIT-SIZE-LMR", level = Level.REQUIRED, timeoutSeconds = 120,
            text = "limit_size_lmr: LMRs of doubling size register up to max_lmr_block_size (capped at 256 MiB); a "
                    + "refusal is a clean INSUFFICIENT_RESOURCES or LENGTH_ERROR")
    void limitSizeLmr() {
        final InterfaceAdapter ia = rig().ia();
        final ProtectionZone pz = rig().pz(ia);
        final long cap = Math.min(256L << 20, attrs().maxLocalMemoryRegionSize());
        for (long size = 4096; size <= cap; size *= 2) {
            final java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofShared();
            try {
                final java.lang.foreign.MemorySegment seg;
                try {
                    seg = arena.allocate(size, 4096);
                } catch (final OutOfMemoryError e) {
                    break;
                }
                try {
                    ia.createLocalMemoryRegion(pz, seg, MemoryPrivilege.LOCAL).close();
                } catch (final DatException e) {
                    assertTrue(e.type() == StatusType.INSUFFICIENT_RESOURCES || e.type() == StatusType.LENGTH_ERROR,
                            "limit_size_lmr: " + size + " bytes refused with " + e.status());
                    assertTrue(size > attrs().maxLocalMemoryRegionSize() / 2, "limit_size_lmr: " + size
                            + " bytes refused although max_lmr_block_size is " + attrs().maxLocalMemoryRegionSize());
                    break;
                }
            } finally {
                arena.close();
            }
        }
        if (attrs().maxLocalMemoryRegionSize() < Long.MAX_VALUE / 2
                && attrs().maxLocalMemoryRegionSize() < (1L << 30)) {
            final long over = attrs().maxLocalMemoryRegionSize() + 4096;
            final java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofShared();
            try {
                final java.lang.foreign.MemorySegment seg = arena.allocate(over, 4096);
                Checks.assertStatus("lmr_create above max_lmr_block_size", () -> ResourceTracker.track(
                        ia.createLocalMemoryRegion(pz, seg, MemoryPrivilege.LOCAL)),
                        StatusType.INSUFFICIENT_RESOURCES, StatusType.LENGTH_ERROR, StatusType.INVALID_PARAMETER);
            } finally {
                arena.close();
            }
        }
    }

    @Rule(id = "LIMIT-ATTR", level = Level.REQUIRED,
            text = "Asking for more than the IA advertises fails cleanly: an EP with max_recv_dtos above "
                    + "max_dto_per_ep, or max_recv_iov above max_iov_segments_per_dto")
    void attributesAboveLimits() {
        final InterfaceAdapter ia = rig().ia();
        final ProtectionZone pz = rig().pz(ia);
        final EventDispatcher dto = rig().evd(ia, 8, EventStream.DTO);
        final EventDispatcher conn = rig().evd(ia, 8, EventStream.CONNECTION);
        final int dtos = attrs().maxDtoPerEndpoint();
        final int iov = attrs().maxIovSegmentsPerDto();
        if (dtos < Integer.MAX_VALUE) {
            Checks.assertStatus("ep_create with max_recv_dtos above max_dto_per_ep", () -> ResourceTracker.track(
                    ia.createEndpoint(pz, dto, dto, conn, io.dat4j.EndpointAttributes.builder()
                            .maxRecvDtos(dtos + 1).build())), StatusType.INVALID_PARAMETER,
                    StatusType.INSUFFICIENT_RESOURCES);
        }
        if (iov < Integer.MAX_VALUE) {
            Checks.assertStatus("ep_create with max_recv_iov above max_iov_segments_per_dto", () ->
                    ResourceTracker.track(ia.createEndpoint(pz, dto, dto, conn, io.dat4j.EndpointAttributes.builder()
                            .maxRecvIov(iov + 1).build())), StatusType.INVALID_PARAMETER,
                    StatusType.INSUFFICIENT_RESOURCES);
        }
    }
}
