package io.dat4j.conformance.selftest;

/**
 * One deliberate defect of {@link BrokenProvider}, selected by the system property {@value #PROP_NAME}. Each defect
 * is a plausible provider bug; the self-test shows that every REQUIRED rule fails under at least one of them.
 */
enum Breakage {
    /** No defect: the decorator passes everything through. */
    NONE,
    /** Every DatException carries INTERNAL_ERROR instead of its real type. */
    WRONG_STATUS,
    /** isClosed() always answers false. */
    CLOSE_NOT_RECORDED,
    /** Freeing a PSP or an LMR does nothing. */
    CLOSE_IGNORED,
    /** The provider offers IA names it cannot tell from typos ("40", "x", ...). */
    CLAIMS_BAD_NAMES,
    /** Queries and attributes return wrong values. */
    QUERY_LIES,
    /** state() and the state in status and query are off by one. */
    WRONG_STATE,
    /** dat_set_consumer_context is ignored. */
    CONTEXT_LOST,
    /** Every handle claims to be an IA. */
    WRONG_HANDLE_TYPE,
    /** dat_evd_wait ignores its threshold. */
    THRESHOLD_IGNORED,
    /** Software events lose their payload. */
    SOFTWARE_PAYLOAD_LOST,
    /** Async errors are never delivered. */
    DROP_ASYNC,
    /** Connection events name the provider's inner EP instead of the consumer's handle. */
    ENDPOINT_IDENTITY_LOST,
    /** Private data of connect, accept and reject is dropped. */
    PRIVATE_DATA_DROPPED,
    /** A refused accept rejects the request anyway. */
    FAILED_ACCEPT_CONSUMES_CR,
    /** ACCEPT_COMPLETION_ERROR is never delivered. */
    DROP_ACCEPT_ERROR,
    /** The RDMA Read depths the consumer sets are replaced by the provider's defaults. */
    IGNORE_RDMA_ATTRIBUTES,
    /** Reject and unreachable events carry the wrong number. */
    WRONG_EVENT_NUMBER,
    /**
     * The responder ignores protection zones: an RDMA write or read the real provider refused with REMOTE_ACCESS is
     * carried out anyway when its rmr_context names a live region with the privilege and the range (the decorator
     * copies the bytes and reports SUCCESS), as a software transport that looks regions up by context alone would.
     */
    REMOTE_PZ_IGNORED,
    /** Error completions report SUCCESS. */
    WRONG_DTO_STATUS,
    /** The first byte of every received message and of every RDMA Read target is flipped. */
    DATA_CORRUPTED,
    /** SUPPRESS is ignored. */
    IGNORE_SUPPRESS,
    /** Closing the IA does not close the real one (its threads, sockets and handles leak). */
    LEAK_ADAPTER,
    /** Objects run out early (a few per IA) and are refused with INTERNAL_ERROR. */
    LIMITED_RESOURCES,
    /** postRecv takes two locks in one order, modify and modifyProtectionZone in the other (a deadlock). */
    LOCK_INVERSION,
    /** Every 32nd DTO completion is delivered a second time. */
    COMPLETES_TWICE,
    /** A call on a freed handle throws IllegalStateException instead of a DatException. */
    CLOSED_HANDLE_CRASHES,
    /** EventDispatcher.poll(handler, limit) takes events it never hands to the handler (every other one). */
    POLL_DROPS_EVENTS;

    /** System property selecting the defect. */
    static final String PROP_NAME = "dat.conformance.breakage";

    /** {@return the defect selected now} */
    static Breakage current() {
        final String s = System.getProperty(PROP_NAME);
        return s == null || s.isBlank() ? NONE : valueOf(s.trim());
    }
}
