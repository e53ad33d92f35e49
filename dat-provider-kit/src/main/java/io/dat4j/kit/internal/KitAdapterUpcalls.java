package io.dat4j.kit.internal;

import io.dat4j.AsyncErrorReason;
import io.dat4j.EventNumber;
import io.dat4j.Handle;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.StatusSubtype;
import io.dat4j.kit.AdapterUpcalls;
import io.dat4j.kit.ConsumerGate;
import io.dat4j.kit.RegionTable;
import io.dat4j.kit.RegisteredRegion;
import io.dat4j.kit.RemoteFaultLog;

/**
 * What the transport may ask of its IA ({@link AdapterUpcalls}): a separate object from the consumer's handle
 * ({@link KitInterfaceAdapter}), so that the handle cannot be cast to it.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; takes the async EVD's lock at most (see "Threading
 * and locks" in {@code docs/provider-kit.md}).
 */
final class KitAdapterUpcalls implements AdapterUpcalls {

    private final KitInterfaceAdapter ia;

    KitAdapterUpcalls(final KitInterfaceAdapter ia) {
        this.ia = ia;
    }

    @Override
    public InterfaceAdapter interfaceAdapter() {
        return ia;
    }

    @Override
    public ConsumerGate gate() {
        return ia.gate;
    }

    @Override
    public RegionTable regions() {
        return ia.regions();
    }

    @Override
    public RemoteFaultLog remoteFaults() {
        return ia.remoteFaults();
    }

    @Override
    public RegisteredRegion region(final LocalMemoryRegion lmr) {
        if (!(lmr instanceof KitMemoryRegion k) || k.owner() != ia) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_LMR, "the LMR is null or of another IA");
        }
        k.checkOpen();
        return k.region();
    }

    @Override
    public void asyncError(final EventNumber number, final Handle source, final String reason) {
        ia.asyncError(number, source, AsyncErrorReason.of(number, source), reason);
    }

    @Override
    public void asyncError(final EventNumber number, final Handle source, final AsyncErrorReason reasonCode,
            final String reason) {
        ia.asyncError(number, source, reasonCode, reason);
    }

    @Override
    public String toString() {
        return "upcalls of " + ia;
    }
}
