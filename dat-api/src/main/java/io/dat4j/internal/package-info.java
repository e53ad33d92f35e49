/** Registry internals (dat.conf parsing); exported only to the dat4j modules that need them. */
package io.dat4j.internal;
