package io.dat4j.provider.rdmacm.ffi;

/**
 * The port attributes the provider uses, from {@code struct ibv_port_attr} ({@code ibv_query_port}).
 *
 * @param state {@code state} ({@code IBV_PORT_ACTIVE} is 4)
 * @param activeMtu {@code active_mtu} in bytes
 * @param maxMessageSize {@code max_msg_sz}
 * @param linkLayer {@code link_layer} (1 InfiniBand, 2 Ethernet)
 */
public record PortAttributes(int state, int activeMtu, long maxMessageSize, int linkLayer) {
}
