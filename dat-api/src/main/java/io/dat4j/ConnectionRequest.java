package io.dat4j;

/**
 * A pending connection request ({@code DAT_CR_HANDLE}), delivered in a {@link ConnectionRequestEvent}. Accept or
 * reject it exactly once: afterwards the handle is dead and every call fails with {@code INVALID_HANDLE CR}.
 * {@link #close()} rejects it without private data if it is still pending.
 */
public interface ConnectionRequest extends Handle {

    /** {@return the request's parameters, {@code dat_cr_query}} */
    ConnectionRequestParameters query();

    /**
     * Accepts the request ({@code dat_cr_accept}). ESTABLISHED arrives on the EP's connect EVD, or
     * ACCEPT_COMPLETION_ERROR if the peer has gone; in that case the EP is DISCONNECTED and its posted receives are
     * flushed.
     *
     * @param endpoint an UNCONNECTED EP, or null to use the EP the request already names (RSP or provider-created);
     *        an EP that does not satisfy the request is refused with no effect on anything, so the request can be
     *        accepted again with another EP
     * @param privateData bytes for the peer's ESTABLISHED event, or null; at most
     *        {@link ProviderAttributes#maxAcceptPrivateData()}
     */
    void accept(Endpoint endpoint, byte[] privateData);

    /**
     * Rejects the request ({@code dat_cr_reject}); the peer sees PEER_REJECTED with the private data.
     *
     * @param privateData bytes for the peer, or null; at most {@link ProviderAttributes#maxRejectPrivateData()}
     */
    void reject(byte[] privateData);

    /**
     * Hands the request to another service point of the same IA ({@code dat_cr_handoff}). Needs
     * {@link Capability#CR_HANDOFF}.
     *
     * @param connectionQualifier the qualifier of the service point that takes it
     */
    void handoff(long connectionQualifier);
}
