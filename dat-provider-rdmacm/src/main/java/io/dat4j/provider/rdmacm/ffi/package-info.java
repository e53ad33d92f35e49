/**
 * The native layer of the rdmacm provider: {@link io.dat4j.provider.rdmacm.ffi.LibRdmaCm}, the one facade over the
 * generated bindings (errno capture, error mapping, the verbs data path through {@code ibv_context.ops}), and the
 * errno table. Not exported: only the provider package uses it.
 */
package io.dat4j.provider.rdmacm.ffi;
