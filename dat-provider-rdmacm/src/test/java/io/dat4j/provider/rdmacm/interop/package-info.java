/**
 * dat4j on the rdmacm provider against the C programs of rdma-core ({@code rdma_server}, {@code rdma_client}), both
 * directions, in the Soft-RoCE guest; skipped with the reason where there is no device or no C program.
 */
package io.dat4j.provider.rdmacm.interop;
