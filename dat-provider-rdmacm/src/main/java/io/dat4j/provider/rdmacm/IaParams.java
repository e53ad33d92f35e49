package io.dat4j.provider.rdmacm;

import io.dat4j.DatException;
import io.dat4j.StatusSubtype;
import io.dat4j.StatusType;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Collections;
import java.util.List;

/**
 * The ia_params field of a registry line, resolved: {@code "<dev> <port>"} (an RDMA device port, as the ucm/scm lines
 * of C uDAPL), {@code "<netdev> 0"} (an IP network device, as openib_cma's lines) or {@code "<ip address> 0"}.
 *
 * @param device the RDMA device, or null when only the address is known (librdmacm picks it at bind)
 * @param port the device port, 0 when not given
 * @param netdev the IP network device, or null
 * @param address the IA address, or null when the device carries no IP address
 */
record IaParams(String device, int port, String netdev, InetAddress address) {

    /**
     * Resolves ia_params.
     *
     * @param iaParams the field, unquoted
     * @param devices what sysfs shows
     * @return the resolved parameters
     * @throws DatException {@code INVALID_PARAMETER} if the field names nothing usable
     */
    static IaParams parse(final String iaParams, final RdmaDevices devices) {
        final String[] f = iaParams == null ? new String[0] : iaParams.strip().split("\\s+");
        if (f.length == 0 || f[0].isEmpty() || f.length > 2) {
            throw invalid(iaParams, "expected \"<device> <port>\", \"<netdev> 0\" or \"<ip address> 0\"");
        }
        final int port;
        try {
            port = f.length == 2 ? Integer.parseInt(f[1]) : 0;
        } catch (final NumberFormatException e) {
            throw invalid(iaParams, "the port '" + f[1] + "' is not a number");
        }
        if (port < 0 || port > 255) {
            throw invalid(iaParams, "the port must be 0-255, was " + port);
        }
        final String name = f[0];
        final List<RdmaDevices.Port> ports = devices.devices().get(name);
        if (ports != null) {
            if (port == 0) {
                throw invalid(iaParams, "device " + name + " needs a port number from 1");
            }
            for (final RdmaDevices.Port p : ports) {
                if (p.number() == port) {
                    final String nd = p.netdevs().isEmpty() ? null : p.netdevs().get(0);
                    return new IaParams(name, port, nd, nd == null ? null : addressOf(nd));
                }
            }
            throw invalid(iaParams, "device " + name + " has no port " + port);
        }
        if (isAddressLiteral(name)) {
            try {
                return new IaParams(null, port, null, InetAddress.getByName(name));
            } catch (final UnknownHostException e) {
                throw invalid(iaParams, "'" + name + "' is not a valid IP address");
            }
        }
        try {
            if (NetworkInterface.getByName(name) != null) {
                final InetAddress a = addressOf(name);
                if (a == null) {
                    throw invalid(iaParams, "network device " + name + " has no IP address");
                }
                return new IaParams(devices.netdevs().get(name), 0, name, a);
            }
        } catch (final SocketException e) {
            throw invalid(iaParams, "cannot read network device " + name + ": " + e.getMessage());
        }
        throw invalid(iaParams, "'" + name + "' is neither an RDMA device " + devices.devices().keySet()
                + ", a network device nor an IP address");
    }

    private static boolean isAddressLiteral(final String s) {
        return s.matches("\\d{1,3}(\\.\\d{1,3}){3}") || (s.contains(":") && s.matches("[0-9a-fA-F:.%\\w]+"));
    }

    private static InetAddress addressOf(final String netdev) {
        try {
            final NetworkInterface ni = NetworkInterface.getByName(netdev);
            if (ni == null) {
                return null;
            }
            InetAddress v6 = null;
            for (final InetAddress a : Collections.list(ni.getInetAddresses())) {
                if (a instanceof Inet4Address) {
                    return a;
                }
                if (v6 == null) {
                    v6 = a;
                }
            }
            return v6;
        } catch (final SocketException e) {
            return null;
        }
    }

    private static DatException invalid(final String iaParams, final String why) {
        return new DatException(StatusType.INVALID_PARAMETER, StatusSubtype.INVALID_ARG1,
                "ia_params \"" + iaParams + "\": " + why);
    }

    @Override
    public String toString() {
        return (device == null ? "" : device + " port " + port + " ") + (netdev == null ? "" : netdev + " ")
                + (address == null ? "no address" : address.getHostAddress());
    }
}
