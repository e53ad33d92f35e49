package io.dat4j.provider.shm.conformance.singlethread;

import io.dat4j.AdapterOptions;
import io.dat4j.Capability;
import io.dat4j.Dat;
import io.dat4j.InterfaceAdapter;
import io.dat4j.conformance.ProviderFixture;
import io.dat4j.kit.KitSettings;

/**
 * The shared-memory provider under the conformance suite in the kit's single-thread mode: every IA the suite opens is
 * {@code shm0} with {@value KitSettings#SINGLE_THREAD} {@code = true} in its {@link AdapterOptions}. The peer JVM of
 * the two-process rules opens {@code shm0} in the default, multi-threaded mode.
 */
final class ShmSingleThreadFixture implements ProviderFixture {

    /** The fixture every single-thread conformance class uses. */
    static final ProviderFixture FIXTURE = new ShmSingleThreadFixture();

    /** The options of each IA the suite opens. */
    static final AdapterOptions OPTIONS = AdapterOptions.builder().set(KitSettings.SINGLE_THREAD, "true").build();

    private ShmSingleThreadFixture() {
    }

    @Override
    public String interfaceAdapterName() {
        return "shm0";
    }

    /**
     * Opens {@code shm0} in single-thread mode.
     *
     * @return the IA
     * @throws IllegalStateException when the IA still claims {@link Capability#THREAD_SAFE}: the mode did not take,
     *         and the suite would run the multi-threaded rules instead of skipping them
     */
    @Override
    public InterfaceAdapter open() {
        final InterfaceAdapter ia = Dat.openInterfaceAdapter(interfaceAdapterName(), OPTIONS);
        if (ia.supports(Capability.THREAD_SAFE)) {
            ia.close();
            throw new IllegalStateException(interfaceAdapterName() + " opened with " + KitSettings.SINGLE_THREAD
                    + "=true claims " + Capability.THREAD_SAFE + ": the single-thread mode is not in force");
        }
        return ia;
    }
}
