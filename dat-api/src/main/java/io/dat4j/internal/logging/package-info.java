/**
 * Not API: how dat4j's own modules get their Log4j API loggers ({@link io.dat4j.internal.logging.Logging}), silent
 * when the application has no logging backend. Exported to everyone only so that dat4j's modules can use it wherever
 * they are placed (a provider or the conformance suite on the class path beside {@code io.dat4j.api} on the module
 * path, as in a provider's own tests); applications and other providers should not: it may change in any release.
 */
package io.dat4j.internal.logging;
