package io.dat4j.testsupport;

import java.io.IOException;
import java.util.List;

/** A harness for the lifecycle tests: records what is done to it in {@code calls}, and fails where it is told to. */
final class Recorder implements CheckedHarness {

    /** Where a recorder fails. */
    enum Fault {
        /** nowhere */
        NONE,
        /** its check fails ({@link AssertionError} "broken") */
        CHECK,
        /** its close fails ({@link IOException} "left a file open") */
        CLOSE
    }

    private final List<String> calls;
    private final Fault fault;

    Recorder(final List<String> calls, final Fault fault) {
        this.calls = calls;
        this.fault = fault;
        calls.add("open");
    }

    @Override
    public void assertStillWorks() {
        calls.add("check");
        if (fault == Fault.CHECK) {
            throw new AssertionError("broken");
        }
    }

    @Override
    public void close() throws IOException {
        calls.add("close");
        if (fault == Fault.CLOSE) {
            throw new IOException("left a file open");
        }
    }
}
