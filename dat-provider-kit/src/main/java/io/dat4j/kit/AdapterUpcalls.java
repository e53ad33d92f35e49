package io.dat4j.kit;

import io.dat4j.AsyncErrorReason;
import io.dat4j.EventNumber;
import io.dat4j.Handle;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;

/**
 * What a {@link Transport} may ask of its IA, a separate object from the consumer's {@link InterfaceAdapter} handle.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads; every method takes only the async EVD's lock or
 * none, so a transport may call them holding its own locks (see "Threading and locks" in
 * {@code docs/provider-kit.md}).
 */
public interface AdapterUpcalls {

    /** {@return the IA} */
    InterfaceAdapter interfaceAdapter();

    /** {@return the IA's table of remotely accessible regions, for checking incoming RDMA} */
    RegionTable regions();

    /**
     * {@return the transport's view of a consumer's LMR}, for a provider call that takes an LMR handle
     *
     * @param lmr an LMR handle
     * @throws io.dat4j.DatException {@code INVALID_HANDLE LMR} when it is null, freed, or not of this IA
     */
    RegisteredRegion region(LocalMemoryRegion lmr);

    /**
     * {@return the IA's rate-limited log} for faults a remote party causes on connections no service point accepted
     * (the IA's own connects); see {@link ServicePointUpcalls#remoteFaults()} for the others
     */
    RemoteFaultLog remoteFaults();

    /**
     * Posts an async error to the IA's async EVD ({@code DAT_ASYNC_ERROR_*}).
     *
     * @param number an async error number
     * @param source the object it is about
     * @param reason what happened, for a person
     */
    void asyncError(EventNumber number, Handle source, String reason);

    /**
     * Posts an async event with an explicit reason code ({@code reason} of {@code DAT_ASYNCH_ERROR_EVENT_DATA}).
     *
     * @param number an async error number
     * @param source the object it is about
     * @param reasonCode the C reason, specific to the source's type
     * @param reason what happened, for a person
     */
    void asyncError(EventNumber number, Handle source, AsyncErrorReason reasonCode, String reason);

    /**
     * {@return the IA's single-thread gate} ({@link ConsumerGate#OFF} unless the IA opened with
     * {@value KitSettings#SINGLE_THREAD}): the transport's own threads enter it before they touch the kit or the data
     * path.
     */
    default ConsumerGate gate() {
        return ConsumerGate.OFF;
    }
}
