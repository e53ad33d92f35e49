package io.dat4j.provider.rdmacm;

import io.dat4j.DatException;
import io.dat4j.StatusType;
import io.dat4j.internal.logging.Logging;
import io.dat4j.provider.rdmacm.ffi.CmCalls;
import io.dat4j.provider.rdmacm.ffi.Errno;
import io.dat4j.provider.rdmacm.ffi.NativeCallException;
import io.dat4j.provider.rdmacm.ffi.NativeSymbols;
import io.dat4j.provider.rdmacm.ffi.VerbsCalls;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.util.List;
import org.apache.logging.log4j.Logger;

/**
 * The availability gate of the rdmacm provider, probed once on first use: is librdmacm there, is there an RDMA device,
 * may this process use it. Nothing native is loaded before the first call.
 *
 * <p>The probe loads {@code librdmacm.so.1} and {@code libibverbs.so.1} by soname, creates and destroys an event
 * channel ({@code rdma_create_event_channel}: ENODEV means no device, EACCES/EPERM no permission on
 * {@code /dev/infiniband/rdma_cm}) and lists the verbs devices ({@code ibv_get_device_list}; empty means no device).
 * {@code -D}{@value #DISABLED_PROP_NAME}{@code =true} turns the provider off without touching native code; the
 * earlier name {@value #LEGACY_DISABLED_PROP_NAME} still works (a switch of the whole JVM, read when the provider is
 * first asked, not an IA setting).
 *
 * <p>Thread safety: safe for use by multiple concurrent threads.
 */
public final class RdmaCm {

    /** System property that disables the provider ({@code true}). */
    public static final String DISABLED_PROP_NAME = "dat4j.rdmacm.disabled";
    /** The earlier name of {@link #DISABLED_PROP_NAME}, still honoured: scripts and deployments set it. */
    public static final String LEGACY_DISABLED_PROP_NAME = "dat.rdmacm.disabled";
    /** The librdmacm soname. */
    public static final String LIBRDMACM = "librdmacm.so.1";
    /** The libibverbs soname. */
    public static final String LIBIBVERBS = "libibverbs.so.1";

    private static final Logger LOG = Logging.logger(RdmaCm.class);

    private RdmaCm() {
    }

    private static final class Probe {
        private static final RdmaCmUnavailableException CAUSE = probe(
                Boolean.getBoolean(DISABLED_PROP_NAME) || Boolean.getBoolean(LEGACY_DISABLED_PROP_NAME),
                LIBRDMACM, LIBIBVERBS);
        private static final List<String> DEVICES = CAUSE == null ? VerbsCalls.deviceNames() : List.of();
    }

    /** {@return true if librdmacm is loaded and an RDMA device can be used} */
    public static boolean isAvailable() {
        return Probe.CAUSE == null;
    }

    /** {@return why the provider cannot be used, or null if it can} */
    public static RdmaCmUnavailableException unavailabilityCause() {
        return Probe.CAUSE;
    }

    /**
     * Checks availability.
     *
     * @throws DatException {@code PROVIDER_NOT_FOUND} with the reason and the cause attached
     */
    public static void ensureAvailability() {
        final RdmaCmUnavailableException cause = Probe.CAUSE;
        if (cause != null) {
            throw new DatException(StatusType.PROVIDER_NOT_FOUND, null,
                    "the rdmacm provider is unavailable: " + cause.getMessage(), cause);
        }
    }

    /** {@return the RDMA device names seen at the probe ({@code ibv_get_device_list}); empty if unavailable} */
    public static List<String> deviceNames() {
        return Probe.DEVICES;
    }

    /**
     * Runs the probe; package-private so that tests can name a library that does not exist.
     *
     * @param disabled the kill switch
     * @param rdmacm the librdmacm soname or path
     * @param verbs the libibverbs soname or path
     * @return the reason it is unavailable, or null
     */
    static RdmaCmUnavailableException probe(final boolean disabled, final String rdmacm, final String verbs) {
        final RdmaCmUnavailableException cause = doProbe(disabled, rdmacm, verbs);
        if (cause == null) {
            LOG.debug("rdmacm provider available");
        } else {
            LOG.debug("rdmacm provider unavailable: {}", cause.getMessage());
        }
        return cause;
    }

    private static RdmaCmUnavailableException doProbe(final boolean disabled, final String rdmacm,
            final String verbs) {
        if (disabled) {
            return new RdmaCmUnavailableException(RdmaCmUnavailableException.Reason.DISABLED,
                    "disabled by -D" + DISABLED_PROP_NAME + "=true", null);
        }
        for (final String lib : List.of(rdmacm, verbs)) {
            try {
                SymbolLookup.libraryLookup(lib, Arena.global());
            } catch (final IllegalArgumentException e) {
                return new RdmaCmUnavailableException(RdmaCmUnavailableException.Reason.NO_LIBRARY,
                        lib + " cannot be loaded (install librdmacm1 and libibverbs1, e.g. apt-get install"
                                + " librdmacm1 ibverbs-providers): " + e.getMessage(), e);
            } catch (final IllegalCallerException e) {
                return new RdmaCmUnavailableException(RdmaCmUnavailableException.Reason.NO_NATIVE_ACCESS,
                        "native access is denied to module " + RdmaCm.class.getModule().getName()
                                + "; run with --enable-native-access=" + moduleOrAllUnnamed(), e);
            }
        }
        try {
            NativeSymbols.link();
            final MemorySegment channel = CmCalls.createEventChannel();
            CmCalls.destroyEventChannel(channel);
            final List<String> devices = VerbsCalls.deviceNames();
            if (devices.isEmpty()) {
                return new RdmaCmUnavailableException(RdmaCmUnavailableException.Reason.NO_DEVICE,
                        "no RDMA device: ibv_get_device_list found none (load a driver, or create a Soft-RoCE"
                                + " device with 'rdma link add rxe0 type rxe netdev eth0')", null);
            }
            return null;
        } catch (final NativeCallException e) {
            return switch (e.errno()) {
                case Errno.ENODEV, Errno.ENOENT, Errno.ENOSYS, Errno.ENXIO -> new RdmaCmUnavailableException(
                        RdmaCmUnavailableException.Reason.NO_DEVICE,
                        "no RDMA device: " + e.function() + " failed with " + Errno.name(e.errno())
                                + " (no /dev/infiniband/rdma_cm; load rdma_ucm and a device driver, or create a"
                                + " Soft-RoCE device with 'rdma link add rxe0 type rxe netdev eth0')", e);
                case Errno.EACCES, Errno.EPERM -> new RdmaCmUnavailableException(
                        RdmaCmUnavailableException.Reason.NO_PERMISSION,
                        "no permission to use /dev/infiniband/*: " + e.function() + " failed with "
                                + Errno.name(e.errno()) + " (grant rw access to /dev/infiniband/rdma_cm and"
                                + " uverbs*, e.g. through the rdma group, and raise the memlock limit)", e);
                default -> new RdmaCmUnavailableException(RdmaCmUnavailableException.Reason.PROBE_FAILED,
                        "probing librdmacm failed: " + e.getMessage(), e);
            };
        } catch (final IllegalCallerException e) {
            return new RdmaCmUnavailableException(RdmaCmUnavailableException.Reason.NO_NATIVE_ACCESS,
                    "native access is denied; run with --enable-native-access=" + moduleOrAllUnnamed(), e);
        } catch (final RuntimeException | LinkageError e) {
            return new RdmaCmUnavailableException(RdmaCmUnavailableException.Reason.PROBE_FAILED,
                    "probing librdmacm failed: " + e, e);
        }
    }

    private static String moduleOrAllUnnamed() {
        final Module m = RdmaCm.class.getModule();
        return m.isNamed() ? m.getName() : "ALL-UNNAMED";
    }
}
