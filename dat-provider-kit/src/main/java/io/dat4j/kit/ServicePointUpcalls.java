package io.dat4j.kit;

import java.net.InetSocketAddress;

/** What a {@link ListenerTransport} reports to its PSP or RSP (libdapl: {@code dapls_cr_callback}). Thread safe. */
public interface ServicePointUpcalls {

    /**
     * A connection request arrived. The kit creates the CR (and, for a PSP with the PROVIDER flag, an EP in
     * TENTATIVE_CONNECTION_PENDING; for an RSP, it moves the EP to PASSIVE_CONNECTION_PENDING and stops listening)
     * and posts CONNECTION_REQUEST to the service point's EVD.
     *
     * @param request the transport's request; the kit accepts or rejects it later, exactly once
     * @param remoteAddress the requester's address and port
     * @param privateData the requester's private data (the transport enforces the advertised limit), or null
     * @param requestedRdmaReadIn the requester's responder resources
     * @param requestedRdmaReadOut the requester's initiator depth
     * @return false if it was refused (service point closed, RSP already used, EVD full): the transport then
     *         rejects the request as a non-peer (NON_PEER_REJECTED at the requester) and forgets it
     */
    boolean connectionRequested(RequestTransport request, InetSocketAddress remoteAddress, byte[] privateData,
            int requestedRdmaReadIn, int requestedRdmaReadOut);

    /**
     * {@return the rate-limited log of this service point} for faults a remote party causes through it: the transport
     * logs what its listener and the connections it accepted see there (bad handshakes, protocol violations, refused
     * RDMA), and the kit logs the requests it refuses, so that a flood is summarised per listener
     */
    RemoteFaultLog remoteFaults();
}
