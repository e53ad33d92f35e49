package io.dat4j.testsupport;

import java.io.IOException;

/**
 * A harness that a test class opens once and shares among its tests (a hostile peer against one provider IA, for
 * example): after the last test it must show that what it tested still works, then it is closed.
 */
public interface CheckedHarness extends AutoCloseable {

    /**
     * Fails if the harness's system under test no longer works as it should (for a hostile peer: the IA no longer
     * serves an honest connection, or a byte it guards moved).
     *
     * @throws Exception the failure
     */
    void assertStillWorks() throws Exception;

    /**
     * Releases everything the harness holds.
     *
     * @throws IOException if a file or socket it holds could not be closed, or it left one behind
     */
    @Override
    void close() throws IOException;
}
