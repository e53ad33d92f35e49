package io.dat4j;

import java.util.Set;

/**
 * The kinds of event an event dispatcher accepts ({@code DAT_EVD_FLAGS}), with the C bit values.
 */
public enum EventStream {
    /** {@code DAT_EVD_SOFTWARE_FLAG}. */
    SOFTWARE(0x001),
    /** {@code DAT_EVD_CR_FLAG}: connection requests. */
    CR(0x010),
    /** {@code DAT_EVD_DTO_FLAG}: data transfer completions. */
    DTO(0x020),
    /** {@code DAT_EVD_CONNECTION_FLAG}: connection events. */
    CONNECTION(0x040),
    /** {@code DAT_EVD_RMR_BIND_FLAG}. */
    RMR_BIND(0x080),
    /** {@code DAT_EVD_ASYNC_FLAG}: asynchronous errors (the IA's async EVD). */
    ASYNC(0x100);

    /** {@code DAT_EVD_DEFAULT_FLAG}: CR, DTO, CONNECTION, RMR_BIND and ASYNC. */
    public static final Set<EventStream> DEFAULT = Set.of(CR, DTO, CONNECTION, RMR_BIND, ASYNC);

    private final int value;

    EventStream(final int value) {
        this.value = value;
    }

    /** {@return the C bit} */
    public int value() {
        return value;
    }
}
