/**
 * The native layer of the rdmacm provider: every librdmacm, libibverbs and libc call the provider makes, over the
 * generated bindings ({@code ...ffi.generated}). Not exported: only the provider package uses it.
 *
 * <ul>
 * <li>{@link io.dat4j.provider.rdmacm.ffi.CmCalls}: librdmacm (event channels, identifiers, connect, accept, reject,
 * disconnect, CM events, the synchronous API);</li>
 * <li>{@link io.dat4j.provider.rdmacm.ffi.VerbsCalls}: the verbs resources (devices, PD, MR, completion channel, CQ,
 * SRQ);</li>
 * <li>{@link io.dat4j.provider.rdmacm.ffi.EventCalls}: what the event threads call on every wake-up ({@code poll},
 * completion channel events, device async events);</li>
 * <li>{@link io.dat4j.provider.rdmacm.ffi.DataPath}: posting and polling through {@code ibv_context.ops}, with
 * {@link io.dat4j.provider.rdmacm.ffi.WorkRequest} and {@link io.dat4j.provider.rdmacm.ffi.CompletionBatch}, which
 * write and read the structs at constant offsets;</li>
 * <li>{@link io.dat4j.provider.rdmacm.ffi.StructCopy}: socket addresses, connection parameters, CM events and QP
 * attributes, copied in and out in one bulk copy;</li>
 * <li>{@link io.dat4j.provider.rdmacm.ffi.NativeSymbols}: the linker and the errno-capturing downcall handles, called
 * through {@code ErrnoCalls}, which turns a failure into a {@link io.dat4j.provider.rdmacm.ffi.NativeCallException}
 * (DAT status as C uDAPL maps the errno, {@link io.dat4j.provider.rdmacm.ffi.Errno}).</li>
 * </ul>
 *
 * <p>{@code LayoutTest} checks every generated layout and every public constant of these classes against the C headers
 * with gcc.
 */
package io.dat4j.provider.rdmacm.ffi;
