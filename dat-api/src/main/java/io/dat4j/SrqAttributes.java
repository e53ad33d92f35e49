package io.dat4j;

/**
 * Shared receive queue attributes ({@code DAT_SRQ_ATTR}).
 *
 * @param maxRecvDtos receives it holds
 * @param maxRecvIov segments per receive
 * @param lowWatermark the low watermark, 0 for none
 */
public record SrqAttributes(int maxRecvDtos, int maxRecvIov, int lowWatermark) {
}
