package io.dat4j;

/**
 * What {@code dat_ep_get_status} returns.
 *
 * @param state the EP state
 * @param inDtoIdle true if no receive is posted
 * @param outDtoIdle true if no send or RDMA is outstanding
 */
public record EndpointStatus(EndpointState state, boolean inDtoIdle, boolean outDtoIdle) {
}
