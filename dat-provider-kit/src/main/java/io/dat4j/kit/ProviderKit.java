package io.dat4j.kit;

import io.dat4j.DatException;
import io.dat4j.InterfaceAdapter;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import io.dat4j.kit.internal.KitInterfaceAdapter;

/**
 * The transport-independent DAT semantics every provider shares, the Java counterpart of libdapl's common layer
 * ({@code dapl/common}): a provider implements a {@link Transport} (its {@code dapls_ib_*} hooks) and the kit gives
 * it a complete {@link InterfaceAdapter}: handle validation, argument and private-data checks, the EP state machine,
 * CR lifetime and accept/reject rules, EVDs, CNOs, PZ/LMR bookkeeping with "in use" refusals, close ordering, local
 * triplet checks and, for software transports, the {@link RegionTable} of remotely accessible memory.
 * See {@code docs/provider-kit.md}.
 */
public final class ProviderKit {

    private ProviderKit() {
    }

    /**
     * Opens an IA on a transport ({@code dat_ia_open}'s provider part).
     *
     * @param config the IA's name, limits, capabilities and EP defaults
     * @param factory opens the transport; called once, with the new IA
     * @return the IA; closing it closes every child, then the transport
     * @throws io.dat4j.DatException what the factory throws
     */
    public static InterfaceAdapter openInterfaceAdapter(final KitConfig config, final TransportFactory factory) {
        if (config == null || factory == null) {
            throw new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1,
                    "config and transport factory are required");
        }
        return KitInterfaceAdapter.open(config, factory);
    }
}
