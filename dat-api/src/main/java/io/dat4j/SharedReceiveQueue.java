package io.dat4j;

import java.util.List;
import java.util.Set;

/**
 * A shared receive queue ({@code DAT_SRQ_HANDLE}): receive buffers shared by several EPs. {@link #close()} is
 * {@code dat_srq_free}, refused with {@code INVALID_STATE SRQ_IN_USE} while an EP uses it; receives still posted to
 * it are discarded without a completion event (no EP took them, so no EVD reports them; in C the SRQ's
 * {@code ibv_destroy_srq} drops them too): a consumer that counts its receives' cookies stops counting at the free.
 * Needs {@link Capability#SRQ}.
 */
public interface SharedReceiveQueue extends Handle {

    /** {@return the IA} */
    InterfaceAdapter interfaceAdapter();

    /** {@return the PZ} */
    ProtectionZone protectionZone();

    /** {@return the attributes in force, {@code dat_srq_query}} */
    SrqAttributes query();

    /** {@return receives posted and not yet consumed ({@code available_dto_count})} */
    int available();

    /**
     * Posts a receive ({@code dat_srq_post_recv(srq, num_segments, local_iov, user_cookie)}): the C call, argument
     * for argument. The receive completes with the default flags, as in C.
     *
     * @param segments where the message goes ({@code local_iov}, argument 3; {@code num_segments} is its size)
     * @param cookie returned in the completion, on the recv EVD of the EP that consumed it ({@code user_cookie})
     * @throws DatException INVALID_PARAMETER ARG3 for a null list or segment
     */
    default void postRecv(final List<LocalMemoryTriplet> segments, final long cookie) {
        postRecv(segments, cookie, CompletionFlag.DEFAULT);
    }

    /**
     * Posts a receive with completion flags, which C's {@code dat_srq_post_recv} does not have: they apply to the
     * receive's completion on the recv EVD of the EP that consumes it, as the flags of {@link Endpoint#postRecv}.
     *
     * @param segments where the message goes ({@code local_iov}, argument 3)
     * @param cookie returned in the completion, on the recv EVD of the EP that consumed it
     * @param flags completion flags (Java only: a null set is INVALID_PARAMETER with no argument subtype, as C has
     *        no argument for it)
     */
    void postRecv(List<LocalMemoryTriplet> segments, long cookie, Set<CompletionFlag> flags);

    /**
     * Changes the size ({@code dat_srq_resize}).
     *
     * @param maxRecvDtos the new size, not below what is posted
     */
    void resize(int maxRecvDtos);

    /**
     * Sets the low watermark ({@code dat_srq_set_lw}). It is one-shot, as the verbs SRQ limit: once a receive is
     * consumed and fewer than {@code lowWatermark} stay posted, the IA's async EVD gets one {@link AsyncErrorEvent}
     * with this SRQ as source and {@link AsyncErrorReason#SRQ_LOW_WATERMARK_EVENT} as reason code, and the watermark
     * returns to 0 (disarmed) until set again. 0 disarms it.
     *
     * @param lowWatermark the watermark, 0..maxRecvDtos
     * @throws DatException INVALID_PARAMETER when out of range
     */
    void setLowWatermark(int lowWatermark);
}
