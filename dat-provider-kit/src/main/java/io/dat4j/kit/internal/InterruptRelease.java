package io.dat4j.kit.internal;

import io.dat4j.kit.CompletionSource;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.spi.AbstractSelectableChannel;
import java.nio.channels.spi.AbstractSelector;
import java.util.Set;

/**
 * Releases a waiter blocked inside {@link CompletionSource#progress} when its thread is interrupted: the transport may
 * block there in a way an interrupt does not end (a futex, {@code poll(2)}, {@code recv} through FFM), so the kit asks
 * it to let go with {@link CompletionSource#wakeup()}, as for a post or a close. The JDK's public hook for an
 * interruptible blocking operation is {@link AbstractSelector#begin()}/{@link AbstractSelector#end()}: between the two,
 * {@link Thread#interrupt()} calls {@link #wakeup()} (and {@code begin} calls it at once when the thread is already
 * interrupted). This selector is nothing else: it has no channels and selects nothing.
 *
 * <p>One per EVD, created by its first driving waiter; the EVD has one waiter at a time ({@code INVALID_STATE_EVD_WAITER}
 * otherwise), so {@link #enter}/{@link #exit} are called by one thread at a time. {@link #wakeup()} may run on the
 * interrupting thread at any time; it only calls {@code wakeup()} of the source, which never blocks. Takes no lock
 * of the kit's ({@code docs/provider-kit.md}, "Threading and locks"); {@code begin} takes the thread's own interrupt
 * monitor, a leaf.
 */
final class InterruptRelease extends AbstractSelector {

    private final CompletionSource source;

    InterruptRelease(final CompletionSource source) {
        super(null);
        this.source = source;
    }

    /** {@return the source this releases} */
    CompletionSource source() {
        return source;
    }

    /** The calling thread is about to block in the source's progress: an interrupt from now on releases it. */
    void enter() {
        begin();
    }

    /** The calling thread left the source's progress. */
    void exit() {
        end();
    }

    /** Called by {@link Thread#interrupt()} of the thread between {@link #enter} and {@link #exit}. */
    @Override
    public Selector wakeup() {
        source.wakeup();
        return this;
    }

    @Override
    protected void implCloseSelector() {
        // nothing to release
    }

    @Override
    protected SelectionKey register(final AbstractSelectableChannel ch, final int ops, final Object att) {
        throw new UnsupportedOperationException("an interrupt hook, not a selector");
    }

    @Override
    public Set<SelectionKey> keys() {
        return Set.of();
    }

    @Override
    public Set<SelectionKey> selectedKeys() {
        return Set.of();
    }

    @Override
    public int selectNow() {
        return 0;
    }

    @Override
    public int select(final long timeout) {
        return 0;
    }

    @Override
    public int select() {
        return 0;
    }
}
