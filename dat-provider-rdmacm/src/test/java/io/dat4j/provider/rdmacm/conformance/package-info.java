/**
 * The conformance suite run against the rdmacm provider on a real RDMA device (the Soft-RoCE guest of
 * {@code src/test/softroce/run-guest-tests.sh}): one ten-line subclass per area. On a host without a device every
 * rule is skipped with the reason.
 */
package io.dat4j.provider.rdmacm.conformance;
