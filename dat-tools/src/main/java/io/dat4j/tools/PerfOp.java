package io.dat4j.tools;

import java.util.Locale;

/** An operation perf measures, named as in the JSON output. */
enum PerfOp {
    /** Two-sided: {@code dat_ep_post_send} into a receive posted by the peer. */
    SEND("send"),
    /** One-sided: {@code dat_ep_post_rdma_write} into the peer's registered buffer. */
    RDMA_WRITE("rdma_write"),
    /** One-sided: {@code dat_ep_post_rdma_read} from the peer's registered buffer. */
    RDMA_READ("rdma_read");

    private final String label;

    PerfOp(final String label) {
        this.label = label;
    }

    /** {@return the name used in output and on the wire} */
    String label() {
        return label;
    }

    /** {@return "0 send, 1 rdma_write, ...": the wire number of each operation, for messages} */
    static String labels() {
        final StringBuilder sb = new StringBuilder();
        for (final PerfOp op : values()) {
            sb.append(sb.isEmpty() ? "" : ", ").append(op.ordinal()).append(' ').append(op.label);
        }
        return sb.toString();
    }

    /**
     * {@return the operation for a name}: {@code send}, {@code rdma_write} or {@code write}, {@code rdma_read} or
     * {@code read}, in any case
     *
     * @param name the name
     */
    static PerfOp parse(final String name) {
        final String n = name.strip().toLowerCase(Locale.ROOT).replace('-', '_');
        return switch (n) {
            case "send" -> SEND;
            case "rdma_write", "write" -> RDMA_WRITE;
            case "rdma_read", "read" -> RDMA_READ;
            default -> throw new IllegalArgumentException("unknown operation '" + name
                    + "'; use send, rdma_write or rdma_read");
        };
    }
}
