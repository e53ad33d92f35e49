package io.dat4j.provider.tcp;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.dat4j.internal.logging.Logging;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteOrder;
import java.nio.channels.NetworkChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.Logger;

/**
 * An I/O loop's wait without the JDK selector (Linux, optional): a driving consumer waits in one {@code epoll_wait}
 * of an epoll set of the loop's own (through FFM) instead of {@link Selector#select}, skipping its bookkeeping (its locks,
 * the interruptor, the update and cancel queues, the key map, the ready-set translation). The channels stay registered with the loop's selector, which the I/O thread (and every other owner)
 * keeps using; the set here mirrors the selector's keys while each is a connection reading ({@code OP_READ}) or a
 * listener ({@code OP_ACCEPT}); any other interest (a pending write, a connect) or a key added or cancelled sends the
 * loop back to the selector until the mirror is rebuilt ({@link #current}, {@link #rebuild}).
 *
 * <p>Safety. Reads and writes still go through the JDK channels; the descriptors are used only to add them to this
 * set. A channel's descriptor is found by its addresses (getsockname and getpeername of the process's sockets match the
 * channel's local and remote address, which two open sockets never share) while its key is valid; a registered
 * channel's descriptor is closed only when a selection of its selector deregisters its key, and only the loop's owner
 * selects, which is the thread rebuilding or waiting here, so the descriptor cannot be closed and reused under it.
 * Once added, epoll follows the open file, not the number: a closed file leaves the set by itself. Wake-ups go through
 * an eventfd of the set's own ({@link #wake()}); {@link #close()} waits for the wake-ups in progress and stops later
 * ones before it closes the eventfd, so no write ever reaches a descriptor number closed and reused meanwhile.
 *
 * <p>Opt-in ({@code dat4j.tcp.directWait=true}): a round through it still allocates about 30 bytes (not found yet;
 * {@code AllocationTest} with it on), and on the shared machine its gain was within the noise. Available only on
 * Linux (x86-64, AArch64) when the module has native access ({@code --enable-native-access});
 * elsewhere the loop selects as before, and nothing is logged ({@link #available()}). A wait is at most
 * {@link #SLICE_MILLIS} long, so that an interrupted consumer (epoll_wait is not released by
 * {@link Thread#interrupt()}) is back in the kit within that time.
 *
 * <p>Threading: the loop owner only ({@link IoLoop}), but for {@link #waiting}, read by any thread, and {@link #wake()},
 * which any thread calls without a lock (a counter orders it with {@link #close()}). See "Threading and locks" in
 * {@code docs/provider-kit.md}.
 */
final class DirectWait {

    private static final Logger LOG = Logging.logger(DirectWait.class);

    /** The longest single wait (an interrupt is noticed within it). */
    static final int SLICE_MILLIS = 50;
    /** The most keys a loop may have for its waits to go around the selector. */
    static final int MAX_KEYS = 16;

    private static final int EPOLL_CLOEXEC = 0x80000;
    private static final int EFD_CLOEXEC = 0x80000;
    private static final int EFD_NONBLOCK = 0x800;
    private static final int EPOLL_CTL_ADD = 1;
    private static final int EPOLLIN = 0x001;
    private static final int EINTR = 4;
    private static final int AF_INET = 2;
    private static final int AF_INET6 = 10;

    private static final ValueLayout.OfLong JAVA_LONG_UNALIGNED = JAVA_LONG.withByteAlignment(1);
    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    /** Size of {@code struct epoll_event} and the offset of its data (packed on x86-64). */
    private static final long EVENT_SIZE;
    private static final long EVENT_DATA;
    private static final String UNAVAILABLE;
    private static final MethodHandle EPOLL_CREATE1;
    private static final MethodHandle EPOLL_CTL;
    private static final MethodHandle EPOLL_WAIT;
    private static final MethodHandle EVENTFD;
    private static final MethodHandle READ;
    private static final MethodHandle WRITE;
    private static final MethodHandle CLOSE;
    private static final MethodHandle GETSOCKNAME;
    private static final MethodHandle GETPEERNAME;

    static {
        String why = null;
        long size = 0;
        long data = 0;
        MethodHandle create = null;
        MethodHandle ctl = null;
        MethodHandle wait = null;
        MethodHandle eventfd = null;
        MethodHandle read = null;
        MethodHandle write = null;
        MethodHandle close = null;
        MethodHandle sockname = null;
        MethodHandle peername = null;
        final String arch = System.getProperty("os.arch", "");
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            why = "not Linux";
        } else if (!arch.equals("amd64") && !arch.equals("x86_64") && !arch.equals("aarch64")) {
            why = "struct epoll_event of " + arch + " not known";
        } else if (!DirectWait.class.getModule().isNativeAccessEnabled()) {
            // (calling the linker now would print the JDK's restricted-method warning: a library stays silent)
            why = "no native access (--enable-native-access=io.dat4j.provider.tcp, or ALL-UNNAMED on the class path)";
        } else {
            try {
                size = arch.equals("aarch64") ? 16 : 12;
                data = arch.equals("aarch64") ? 8 : 4;
                final Linker l = Linker.nativeLinker();
                final SymbolLookup c = l.defaultLookup();
                final Linker.Option errno = Linker.Option.captureCallState("errno");
                create = l.downcallHandle(c.find("epoll_create1").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT));
                ctl = l.downcallHandle(c.find("epoll_ctl").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS));
                wait = l.downcallHandle(c.find("epoll_wait").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT), errno);
                eventfd = l.downcallHandle(c.find("eventfd").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
                read = l.downcallHandle(c.find("read").orElseThrow(),
                        FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG));
                write = l.downcallHandle(c.find("write").orElseThrow(),
                        FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG));
                close = l.downcallHandle(c.find("close").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT));
                sockname = l.downcallHandle(c.find("getsockname").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
                peername = l.downcallHandle(c.find("getpeername").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
            } catch (final RuntimeException | LinkageError e) {
                why = "epoll through FFM: " + e;
            }
        }
        UNAVAILABLE = why;
        EVENT_SIZE = size;
        EVENT_DATA = data;
        EPOLL_CREATE1 = create;
        EPOLL_CTL = ctl;
        EPOLL_WAIT = wait;
        EVENTFD = eventfd;
        READ = read;
        WRITE = write;
        CLOSE = close;
        GETSOCKNAME = sockname;
        GETPEERNAME = peername;
    }

    private final Arena arena = Arena.ofShared();
    private final MemorySegment events = arena.allocate(EVENT_SIZE * MAX_KEYS + EVENT_SIZE, 8);
    private final MemorySegment ctlEvent = arena.allocate(16, 8);
    private final MemorySegment errno = arena.allocate(CAPTURE);
    private final MemorySegment one = arena.allocate(JAVA_LONG);
    private final MemorySegment drain = arena.allocate(JAVA_LONG);
    private final int eventFd;
    private int epollFd = -1;
    /** Owner only. */
    private boolean closed;
    /** {@link #wake()} calls in progress; {@link #CLOSED} added when the eventfd is closing (no further write). */
    private final AtomicInteger wakers = new AtomicInteger();
    private static final int CLOSED = Integer.MIN_VALUE / 2;
    /** A consumer is in (or about to enter) {@link #await}: {@link #wake()} must write the eventfd. */
    volatile boolean waiting;

    /** The keys mirrored in the epoll set (index + 1 is the event's data; 0 is the eventfd), and their interest. */
    private final SelectionKey[] keys = new SelectionKey[MAX_KEYS];
    private final int[] ops = new int[MAX_KEYS];
    private int count;
    /** The key that stopped the last rebuild, its interest then, and the number of keys then. */
    private SelectionKey blocker;
    private int blockerOps;
    private int blockedAt;
    /** Descriptors found so far, by channel (kept across rebuilds while the key is valid). */
    private final Map<Object, Integer> fds = new IdentityHashMap<>();

    private DirectWait(final int eventFd) {
        this.eventFd = eventFd;
        one.set(JAVA_LONG, 0, 1L);
    }

    /** {@return null when direct waits are available}, else why not */
    static String unavailability() {
        return UNAVAILABLE;
    }

    /** {@return whether direct waits are available in this JVM} */
    static boolean available() {
        return UNAVAILABLE == null;
    }

    /** {@return a new direct wait for one loop}, or null when it cannot be set up (the loop then selects) */
    static DirectWait open() {
        if (!available()) {
            return null;
        }
        try {
            final int efd = (int) EVENTFD.invokeExact(0, EFD_CLOEXEC | EFD_NONBLOCK);
            if (efd < 0) {
                return null;
            }
            return new DirectWait(efd);
        } catch (final Throwable t) {
            LOG.debug("no direct wait", t);
            return null;
        }
    }

    /**
     * {@return whether the epoll set still mirrors the selector's keys}: the same number of keys, each valid, each
     * with the interest it was mirrored with. Loop owner only; allocation-free.
     */
    boolean current(final Selector selector) {
        if (epollFd < 0 || selector.keys().size() != count) {
            return false;
        }
        for (int i = 0; i < count; i++) {
            if (interest(keys[i]) != ops[i]) {
                return false;
            }
        }
        return true;
    }

    /** {@return the key's interest set}, -1 once it is cancelled (by any thread, at any time) */
    private static int interest(final SelectionKey k) {
        try {
            return k.interestOps();
        } catch (final java.nio.channels.CancelledKeyException e) {
            return -1;
        }
    }

    /**
     * Builds the epoll set again from the selector's keys. Loop owner only (so that no selection closes a descriptor
     * meanwhile).
     *
     * @return false when the keys cannot be mirrored (too many, an interest other than reading or accepting, a
     *         descriptor not found): the loop selects
     */
    boolean rebuild(final Selector selector) {
        final int n = selector.keys().size();
        if (blocker != null && n == blockedAt && interest(blocker) == blockerOps) {
            return false; // (what stopped the last rebuild is unchanged: no work, no allocation)
        }
        blocker = null;
        closeEpoll();
        count = 0;
        Arrays.fill(keys, null);
        if (n > MAX_KEYS) {
            return false;
        }
        Map<String, Integer> byAddress = null;
        for (final SelectionKey k : selector.keys()) {
            final int interest = interest(k);
            if (interest < 0) {
                return false; // (deregistered by the next selection)
            }
            if (count == MAX_KEYS || (interest & ~(SelectionKey.OP_READ | SelectionKey.OP_ACCEPT)) != 0) {
                return blocked(k, interest, n);
            }
            final Object ch = k.channel();
            Integer fd = fds.get(ch);
            if (fd == null) {
                if (byAddress == null) {
                    byAddress = socketsByAddress();
                }
                fd = byAddress.get(addressKey((NetworkChannel) ch));
                if (fd == null) {
                    return blocked(k, interest, n);
                }
                fds.put(ch, fd);
            }
            keys[count] = k;
            ops[count] = interest;
            count++;
        }
        if (fds.size() > count) {
            fds.keySet().removeIf(ch -> !isMirrored(ch));
        }
        try {
            final int ep = (int) EPOLL_CREATE1.invokeExact(EPOLL_CLOEXEC);
            if (ep < 0) {
                return fail();
            }
            epollFd = ep;
            if (!add(eventFd, 0)) {
                return fail();
            }
            for (int i = 0; i < count; i++) {
                if (ops[i] != 0 && !add(fds.get(keys[i].channel()), i + 1)) {
                    return fail();
                }
            }
        } catch (final Throwable t) {
            LOG.debug("rebuilding the direct wait", t);
            return fail();
        }
        // every key still valid: no descriptor found above was closed meanwhile (only this thread selects)
        for (int i = 0; i < count; i++) {
            if (!keys[i].isValid()) {
                return fail();
            }
        }
        return true;
    }

    private boolean isMirrored(final Object ch) {
        for (int i = 0; i < count; i++) {
            if (keys[i].channel() == ch) {
                return true;
            }
        }
        return false;
    }

    /** The key {@code k} cannot be mirrored: no rebuild is tried again until it or the number of keys changes. */
    private boolean blocked(final SelectionKey k, final int interest, final int n) {
        count = 0;
        Arrays.fill(keys, null);
        blocker = k;
        blockerOps = interest;
        blockedAt = n;
        return false;
    }

    private boolean fail() {
        closeEpoll();
        count = 0;
        Arrays.fill(keys, null);
        return false;
    }

    private boolean add(final int fd, final long data) throws Throwable {
        ctlEvent.fill((byte) 0);
        ctlEvent.set(JAVA_INT, 0, EPOLLIN);
        ctlEvent.set(JAVA_LONG_UNALIGNED, EVENT_DATA, data);
        return (int) EPOLL_CTL.invokeExact(epollFd, EPOLL_CTL_ADD, fd, ctlEvent) == 0;
    }

    private void closeEpoll() {
        if (epollFd >= 0) {
            try {
                final int r = (int) CLOSE.invokeExact(epollFd);
                assert r == 0 || r == -1;
            } catch (final Throwable t) {
                LOG.debug("closing an epoll set", t);
            }
            epollFd = -1;
        }
    }

    /**
     * Waits up to {@code millis} (0: not at all) for a mirrored channel or a {@link #wake()}.
     *
     * @return the number of events ({@link #key(int)}), 0 on a time-out or an interrupted call; -1 when the set failed
     *         (the loop then selects)
     */
    int await(final int millis) {
        try {
            final int n = (int) EPOLL_WAIT.invokeExact(errno, epollFd, events, MAX_KEYS + 1, millis);
            if (n < 0) {
                return (int) ERRNO.get(errno, 0L) == EINTR ? 0 : -1;
            }
            return n;
        } catch (final Throwable t) {
            LOG.debug("epoll_wait", t);
            return -1;
        }
    }

    /**
     * {@return the key of event {@code i} of the last {@link #await}}, or null for a wake-up (the eventfd is drained)
     */
    SelectionKey key(final int i) {
        final long data = events.get(JAVA_LONG_UNALIGNED, i * EVENT_SIZE + EVENT_DATA);
        if (data == 0) {
            try {
                final long r = (long) READ.invokeExact(eventFd, drain, 8L);
                assert r == 8 || r == -1;
            } catch (final Throwable t) {
                LOG.debug("draining the eventfd", t);
            }
            return null;
        }
        return data > 0 && data <= count ? keys[(int) data - 1] : null;
    }

    /** Releases a consumer in {@link #await} (or its next one). Any thread; takes no lock. */
    void wake() {
        if (wakers.getAndIncrement() >= 0) {
            try {
                final long r = (long) WRITE.invokeExact(eventFd, one, 8L);
                assert r == 8 || r == -1;
            } catch (final Throwable t) {
                LOG.debug("writing the eventfd", t);
            }
        }
        wakers.decrementAndGet();
    }

    /**
     * Closes the epoll set and the eventfd, after every {@link #wake()} in progress has written (no later one writes);
     * loop owner, when the loop stops.
     */
    void close() {
        if (closed) {
            return;
        }
        closed = true;
        wakers.addAndGet(CLOSED);
        while (wakers.get() != CLOSED) {
            Thread.onSpinWait();
        }
        closeEpoll();
        try {
            final int r = (int) CLOSE.invokeExact(eventFd);
            assert r == 0 || r == -1;
        } catch (final Throwable t) {
            LOG.debug("closing the eventfd", t);
        }
        fds.clear();
        Arrays.fill(keys, null);
        count = 0;
        blocker = null;
        arena.close();
    }

    // ------------------------------------------------------------------ finding a channel's descriptor

    /** {@return the channel's addresses as a key of {@link #socketsByAddress()}}, or "" when it has none */
    static String addressKey(final NetworkChannel ch) {
        try {
            final String local = address(ch.getLocalAddress());
            final String remote = ch instanceof SocketChannel s ? address(s.getRemoteAddress()) : "-";
            return local + ">" + remote;
        } catch (final IOException | RuntimeException e) {
            return "";
        }
    }

    private static String address(final SocketAddress a) {
        if (!(a instanceof InetSocketAddress isa) || isa.getAddress() == null) {
            return "?";
        }
        return normal(isa.getAddress().getAddress()) + ":" + isa.getPort();
    }

    /** An address's bytes as text, an IPv4-mapped IPv6 address and the IPv6 wildcard written as IPv4. */
    private static String normal(final byte[] b) {
        byte[] a = b;
        if (a.length == 16) {
            boolean zero10 = true;
            for (int i = 0; i < 10; i++) {
                zero10 &= a[i] == 0;
            }
            boolean allZero = zero10;
            for (int i = 10; i < 16; i++) {
                allZero &= a[i] == 0;
            }
            if (allZero || zero10 && a[10] == (byte) 0xff && a[11] == (byte) 0xff) {
                a = Arrays.copyOfRange(a, 12, 16);
            }
        }
        return Arrays.toString(a);
    }

    /**
     * {@return the process's sockets by their addresses (local, remote; "-" for none)}: the key of
     * {@link #addressKey}. Two open sockets never share both; a listener has no remote address.
     */
    static Map<String, Integer> socketsByAddress() {
        final Map<String, Integer> out = new HashMap<>();
        try (Arena a = Arena.ofConfined();
                var dir = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            final MemorySegment sa = a.allocate(128, 8);
            final MemorySegment len = a.allocate(JAVA_INT);
            for (final Path p : dir) {
                final int fd;
                try {
                    fd = Integer.parseInt(p.getFileName().toString());
                    if (!Files.readSymbolicLink(p).toString().startsWith("socket:")) {
                        continue;
                    }
                } catch (final NumberFormatException | IOException e) {
                    continue;
                }
                final String local = sockaddr(GETSOCKNAME, fd, sa, len);
                if (local == null) {
                    continue;
                }
                final String remote = sockaddr(GETPEERNAME, fd, sa, len);
                out.putIfAbsent(local + ">" + (remote == null ? "-" : remote), fd);
            }
        } catch (final IOException | RuntimeException e) {
            LOG.debug("listing the process's sockets", e);
        }
        return out;
    }

    private static String sockaddr(final MethodHandle call, final int fd, final MemorySegment sa,
            final MemorySegment len) {
        try {
            sa.fill((byte) 0);
            len.set(JAVA_INT, 0, (int) sa.byteSize());
            if ((int) call.invokeExact(fd, sa, len) != 0) {
                return null;
            }
        } catch (final Throwable t) {
            return null;
        }
        final int family = sa.get(ValueLayout.JAVA_SHORT, 0) & 0xffff;
        final int port = Short.toUnsignedInt(sa.get(ValueLayout.JAVA_SHORT.withOrder(
                ByteOrder.BIG_ENDIAN), 2));
        final byte[] addr;
        if (family == AF_INET) {
            addr = sa.asSlice(4, 4).toArray(ValueLayout.JAVA_BYTE);
        } else if (family == AF_INET6) {
            addr = sa.asSlice(8, 16).toArray(ValueLayout.JAVA_BYTE);
        } else {
            return null;
        }
        return normal(addr) + ":" + port;
    }
}
