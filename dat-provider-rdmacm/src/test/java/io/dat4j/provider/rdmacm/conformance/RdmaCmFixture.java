package io.dat4j.provider.rdmacm.conformance;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dat4j.InterfaceAdapter;
import io.dat4j.conformance.ProviderFixture;
import io.dat4j.provider.rdmacm.RdmaCm;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The rdmacm provider under the conformance suite: the provider's default IA of the network device that carries the
 * RDMA device ({@code ofa-v2-<netdev>}, ia_params {@code "<netdev> 0"}), reached at {@code $SOFTROCE_IP} (rxe does
 * not route 127.0.0.1). Without a device (or outside the guest) {@link #fixture()} aborts each rule with the reason.
 * It declares no known failures: what Soft-RoCE lacks is a capability its IAs do not claim
 * ({@link io.dat4j.Capability#RECEIVE_LENGTH_ERROR}), so the rules that need it are skipped with that reason.
 */
final class RdmaCmFixture implements ProviderFixture {

    private static volatile RdmaCmFixture fixture;

    private final String iaName;
    private final InetAddress address;

    private RdmaCmFixture(final String iaName, final InetAddress address) {
        this.iaName = iaName;
        this.address = address;
    }

    /**
     * {@return the fixture of the guest's device}
     *
     * @throws org.opentest4j.TestAbortedException when there is no RDMA device or no SOFTROCE_IP/SOFTROCE_NETDEV
     */
    static ProviderFixture fixture() {
        RdmaCmFixture f = fixture;
        if (f != null) {
            return f;
        }
        assumeTrue(RdmaCm.isAvailable(), () -> "no RDMA device (run src/test/softroce/run-guest-tests.sh): "
                + RdmaCm.unavailabilityCause().getMessage());
        final String ip = System.getenv("SOFTROCE_IP");
        final String netdev = System.getenv("SOFTROCE_NETDEV");
        assumeTrue(ip != null && netdev != null, "no SOFTROCE_IP/SOFTROCE_NETDEV: not in the Soft-RoCE guest");
        try {
            f = new RdmaCmFixture("ofa-v2-" + netdev, InetAddress.getByName(ip));
        } catch (final UnknownHostException e) {
            throw new IllegalStateException("SOFTROCE_IP=" + ip, e);
        }
        fixture = f;
        return f;
    }

    @Override
    public String interfaceAdapterName() {
        return iaName;
    }

    @Override
    public InetAddress connectAddress(final InterfaceAdapter listener) {
        return address;
    }
}
