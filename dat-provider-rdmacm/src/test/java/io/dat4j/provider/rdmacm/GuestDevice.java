package io.dat4j.provider.rdmacm;

import io.dat4j.RegistryEntry;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Assumptions;

/**
 * The RDMA device of the Soft-RoCE guest as the device tests use it: its netdev's address ({@code SOFTROCE_IP}), the
 * netdev ({@code SOFTROCE_NETDEV}) and the dat.conf line C uDAPL would have for it ({@code ofa-v2-<netdev>}).
 *
 * @param ip the address the device answers on
 * @param netdev the netdev under the device
 * @param entry the registry line that opens an IA on it
 */
public record GuestDevice(InetAddress ip, String netdev, RegistryEntry entry) {

    /**
     * {@return the guest's device}; skips the calling test class (a JUnit assumption) where there is no RDMA device
     * or the guest's variables are not set
     *
     * @throws UnknownHostException when {@code SOFTROCE_IP} is not an address
     */
    public static GuestDevice require() throws UnknownHostException {
        Assumptions.assumeTrue(RdmaCm.isAvailable(), () -> "needs an RDMA device (run src/test/softroce/"
                + "run-guest-tests.sh): " + RdmaCm.unavailabilityCause().getMessage());
        final String addr = System.getenv("SOFTROCE_IP");
        final String netdev = System.getenv("SOFTROCE_NETDEV");
        Assumptions.assumeTrue(addr != null && netdev != null, "needs SOFTROCE_IP and SOFTROCE_NETDEV");
        return new GuestDevice(InetAddress.getByName(addr), netdev, new RegistryEntry("ofa-v2-" + netdev, "u2.0",
                true, true, "libdaplofa.so.2", "dapl.2.0", netdev + " 0", ""));
    }

    /** Asserts that no thread of the provider ({@code dat4j-rdmacm-*}: CM, CQ, timer) is left after its IAs closed. */
    public static void assertNoProviderThreads() {
        final java.util.List<String> left = Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive)
                .map(Thread::getName).filter(n -> n.startsWith("dat4j-rdmacm")).toList();
        org.junit.jupiter.api.Assertions.assertTrue(left.isEmpty(), "threads left after IA close: " + left);
    }
}
