/**
 * The {@code dat} command line tool ({@link io.dat4j.tools.DatCommand}) and its parts: output formats (JSON, CSV,
 * tables, PNG plots), statistics, and the connected-endpoint session the measuring commands share.
 */
package io.dat4j.tools;
