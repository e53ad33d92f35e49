package io.dat4j.kit;

/**
 * Opens the {@link Transport} of a new IA ({@code dapls_ib_open_hca}); given to
 * {@link ProviderKit#openInterfaceAdapter}.
 */
@FunctionalInterface
public interface TransportFactory {

    /**
     * Opens the transport.
     *
     * @param adapter the kit's IA, for upcalls (region table, async errors)
     * @return the transport
     * @throws io.dat4j.DatException when the device or address cannot be used
     */
    Transport open(AdapterUpcalls adapter);
}
