package io.dat4j;

/**
 * A piece of registered local memory named in a posted operation ({@code DAT_LMR_TRIPLET}): the LMR's context, a
 * virtual address inside the registered region and a length. A length of 0 makes the other two irrelevant.
 * Build one with {@link LocalMemoryRegion#triplet(long, long)}; triplets are immutable, so keep and reuse them.
 *
 * @param lmrContext the {@code lmr_context} of the region
 * @param virtualAddress the start address (the region's {@link LocalMemoryRegion#registeredAddress()} plus offset)
 * @param segmentLength the length in bytes, 0 or more
 */
public record LocalMemoryTriplet(int lmrContext, long virtualAddress, long segmentLength) {
}
