package io.dat4j.kit;

/** A transport listener behind a PSP or RSP (rdma_cm: a listening id). */
public interface ListenerTransport {

    /** {@return the qualifier it listens on} */
    long connectionQualifier();

    /** Stops listening; requests already reported stay valid. Idempotent; no upcall after it returns. */
    void close();
}
