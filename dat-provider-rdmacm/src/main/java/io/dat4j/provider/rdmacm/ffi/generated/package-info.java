/**
 * FFM bindings of {@code rdma/rdma_cma.h} and the parts of {@code infiniband/verbs.h} the provider needs, in the shape
 * jextract generates (header class {@code rdma_cma_h}, one class per struct). Do not edit: regenerate with
 * {@code jextract/regenerate.sh}. Only the hand-written classes of {@code io.dat4j.provider.rdmacm.ffi} use this
 * package.
 */
package io.dat4j.provider.rdmacm.ffi.generated;
