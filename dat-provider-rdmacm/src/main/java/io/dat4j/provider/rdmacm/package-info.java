/**
 * The rdmacm provider (C counterpart: {@code libdaplofa}, openib_cma). {@link io.dat4j.provider.rdmacm.RdmaCm} tells
 * whether librdmacm, an RDMA device and the permission to use it are present, and why not.
 */
package io.dat4j.provider.rdmacm;
