package io.dat4j;

/**
 * A piece of a peer's registered memory, the target of an RDMA read or write ({@code DAT_RMR_TRIPLET}): the
 * {@code rmr_context} the peer gave out, a virtual address inside the peer's region and a length. Peers exchange
 * these (for example in a send, as dtest does) to grant access.
 *
 * @param rmrContext the remote region's {@code rmr_context}
 * @param virtualAddress the target address in the peer's address space
 * @param segmentLength the length in bytes
 */
public record RemoteMemoryTriplet(int rmrContext, long virtualAddress, long segmentLength) {
}
