package io.dat4j.kit;

/**
 * A transport registration ({@link Transport#registerMemory}) whose hardware names the region with a key of its own
 * (verbs: the {@code ibv_mr} rkey). When an LMR with a remote privilege is created, the kit uses that key as the
 * LMR's {@code rmr_context}, so that a peer's RDMA request carries the key the hardware checks; a transport that
 * checks RDMA in software does not implement it and gets a random context.
 */
public interface RemoteKeyed {

    /** {@return the key peers must present (never 0 for a region with a remote privilege)} */
    int remoteKey();
}
