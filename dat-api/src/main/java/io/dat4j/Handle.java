package io.dat4j;

/**
 * A DAT object handle ({@code DAT_HANDLE}). Every handle is {@link AutoCloseable}: {@link #close()} is the Java
 * counterpart of the object's {@code dat_*_free} (or {@code dat_ia_close}), is safe to repeat and to call from any
 * thread, releases every call blocked on the handle, and is refused with {@code INVALID_STATE} only where DAT refuses
 * the free (a PZ still in use, an EP bound to a pending request); closing a parent closes its children first.
 * Any call on a closed handle fails with {@link StatusType#INVALID_HANDLE}.
 */
public interface Handle extends AutoCloseable {

    /** {@return the handle's type, {@code dat_get_handle_type}} */
    HandleType handleType();

    /** {@return true once the handle is closed (freed)} */
    boolean isClosed();

    /** {@return the consumer context, {@code dat_get_consumer_context}; null until one is set} */
    Object consumerContext();

    /**
     * Sets the consumer context, {@code dat_set_consumer_context}.
     *
     * @param context any object, or null
     */
    void consumerContext(Object context);

    /** Frees the object ({@code dat_*_free}). Idempotent. */
    @Override
    void close();
}
