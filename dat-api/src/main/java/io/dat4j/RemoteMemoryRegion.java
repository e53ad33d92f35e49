package io.dat4j;

import java.util.Set;

/**
 * A memory window ({@code DAT_RMR_HANDLE}): remote access to part of an LMR, granted per EP by binding it
 * ({@code dat_rmr_bind}). Needs {@link Capability#RMR}.
 */
public interface RemoteMemoryRegion extends Handle {

    /** {@return the PZ} */
    ProtectionZone protectionZone();

    /** {@return the current {@code rmr_context}, 0 while unbound} */
    int rmrContext();

    /**
     * Binds the window to part of an LMR ({@code dat_rmr_bind}); completion arrives as an
     * {@link RmrBindCompletionEvent} on the EP's request EVD.
     *
     * @param target the local memory, inside an LMR of the same PZ
     * @param privileges remote read and/or write
     * @param endpoint the EP the window is for
     * @param cookie the consumer's cookie
     * @param flags completion flags
     * @return the new {@code rmr_context}
     */
    int bind(LocalMemoryTriplet target, Set<MemoryPrivilege> privileges, Endpoint endpoint, long cookie,
            Set<CompletionFlag> flags);
}
