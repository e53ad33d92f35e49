/**
 * The TCP provider: {@link io.dat4j.provider.tcp.TcpProvider} on the {@link io.dat4j.kit.ProviderKit}, with a few NIO
 * I/O threads per IA and the framed wire protocol of {@code docs/tcp-wire.md}.
 */
package io.dat4j.provider.tcp;
