package io.dat4j;

/**
 * {@code DAT_SOFTWARE_EVENT}: posted by the consumer with {@link EventDispatcher#postSoftwareEvent(Object)}.
 *
 * @param dispatcher the EVD
 * @param payload the consumer's object ({@code pointer} in C)
 */
public record SoftwareEvent(EventDispatcher dispatcher, Object payload) implements Event {

    @Override
    public EventNumber number() {
        return EventNumber.SOFTWARE_EVENT;
    }
}
