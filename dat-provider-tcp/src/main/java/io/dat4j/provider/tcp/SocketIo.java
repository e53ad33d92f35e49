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
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.logging.log4j.Logger;

/**
 * The reads and writes of one connection's socket, through NIO or, once the connection is {@linkplain #adopt()
 * adopted}, through libc (FFM) on a descriptor whose blocking mode this provider owns.
 *
 * <p>Why: a socket registered with a selector is non-blocking (O_NONBLOCK belongs to the open file, and a channel
 * cannot turn blocking while registered), so a thread waiting for the next message needs two system calls, a wait
 * ({@code epoll_wait}) and a {@code read}. An adopted descriptor is blocking: every call that must not wait passes
 * {@code MSG_DONTWAIT} (the I/O thread's reads after a selection, every write), and a consumer that drives the loop of
 * its one connection waits in one {@code recv} ({@link #recvStage}), without a timeout (a timed one costs the kernel a
 * timer per call), released by the peer's bytes, an error or a signal ({@link RecvWake}: another thread's wake-up, or
 * the I/O thread's when the round's time is up or the waiter was interrupted). The channel stays what it was for
 * everything else: its selector registration, connect, shutdown and close.
 *
 * <p>Availability: Linux on x86-64 or AArch64, with native access for this module ({@code
 * --enable-native-access=io.dat4j.provider.tcp}), where the JDK's NIO interrupt signal has a handler that does not
 * restart system calls ({@link RecvWake}); and {@code dat4j.tcp.nativeSockets} not false. Elsewhere every connection
 * stays on NIO and the waiting consumer selects ({@link #unavailability()} says why).
 *
 * <p>Descriptor: found once, when adopted, among the process's sockets by the channel's local and remote addresses
 * (two open sockets never share both). It is used only while the connection's key is valid: a registered channel's
 * descriptor is closed only when a selection of its selector deregisters its key, and only the loop's owner selects;
 * {@link #closing()} stops every later call before the channel closes.
 *
 * <p>Threading: {@link #read}, {@link #write} and {@link #adopt} under the connection's lock
 * ({@link TcpConnection#lock}), by the loop owner or a posting thread; {@link #recvStage} by the loop owner without
 * it (it fills the inbound stage, which only the owner touches), with its own errno buffer. See "Threading and locks"
 * in {@code docs/provider-kit.md}.
 */
final class SocketIo {

    private static final Logger LOG = Logging.logger(SocketIo.class);

    private static final int MSG_DONTWAIT = 0x40;
    private static final int MSG_NOSIGNAL = 0x4000;
    private static final int F_GETFL = 3;
    private static final int F_SETFL = 4;
    private static final int O_NONBLOCK = 0x800;
    private static final int EAGAIN = 11;
    private static final int EINTR = 4;
    private static final int AF_INET = 2;
    private static final int AF_INET6 = 10;
    /** Most buffers of one gathering write. */
    private static final int MAX_IOV = 4;

    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final String UNAVAILABLE;
    private static final MethodHandle RECV;
    private static final MethodHandle SEND;
    private static final MethodHandle SENDMSG;
    private static final MethodHandle RECVMSG;
    /** The same three, capturing errno: called again, not waiting, only after a call returned -1. */
    private static final MethodHandle RECV_ERRNO;
    private static final MethodHandle SEND_ERRNO;
    private static final MethodHandle SENDMSG_ERRNO;
    private static final MethodHandle RECVMSG_ERRNO;
    private static final MethodHandle FCNTL_GET;
    private static final MethodHandle FCNTL_SET;
    private static final MethodHandle GETSOCKNAME;
    private static final MethodHandle GETPEERNAME;
    private static final MethodHandle SHUTDOWN;
    /** {@code __errno_location()}: the calling thread's errno, read after a call that did not capture it. */
    private static final MethodHandle ERRNO_LOCATION;
    private static final int SHUT_RDWR = 2;
    /**
     * A {@link #recvStage} that failed with EAGAIN by the thread's errno is checked with a capturing call once in this
     * many times (see there).
     */
    private static final int VERIFY_EAGAIN = 1024;

    static {
        String why = null;
        MethodHandle recv = null;
        MethodHandle send = null;
        MethodHandle sendmsg = null;
        MethodHandle recvmsg = null;
        MethodHandle recvErrno = null;
        MethodHandle sendErrno = null;
        MethodHandle sendmsgErrno = null;
        MethodHandle recvmsgErrno = null;
        MethodHandle getfl = null;
        MethodHandle setfl = null;
        MethodHandle sockname = null;
        MethodHandle peername = null;
        MethodHandle shutdown = null;
        MethodHandle errnoLocation = null;
        final String arch = System.getProperty("os.arch", "");
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            why = "not Linux";
        } else if (!arch.equals("amd64") && !arch.equals("x86_64") && !arch.equals("aarch64")) {
            why = "the socket structures of " + arch + " are not known";
        } else if (!SocketIo.class.getModule().isNativeAccessEnabled()) {
            // (calling the linker now would print the JDK's restricted-method warning: a library stays silent)
            why = "no native access (--enable-native-access=io.dat4j.provider.tcp, or ALL-UNNAMED on the class path)";
        } else {
            try {
                final Linker l = Linker.nativeLinker();
                final SymbolLookup c = l.defaultLookup();
                final Linker.Option errno = Linker.Option.captureCallState("errno");
                // Buffer addresses are passed as longs (LP64: the same register as a pointer), so that no segment is
                // made per call. The last argument, which the function does not have, is the segment the buffer lies
                // in when the consumer owns it (a registered region; NULL for the provider's own buffers): passed in
                // a register the callee ignores (the System V and AArch64 calling conventions: the caller owns the
                // argument registers), it makes the linker keep the segment's arena open for the call, as NIO does
                // for a buffer over a segment (closing it meanwhile fails; a closed one fails the call here).
                // A call that captures errno makes a slice of the capture segment each time (about 32 bytes unless
                // the JIT removes it, which it did not on the data path), so the data path calls without it and,
                // only when a call returns -1, calls once more, not waiting, capturing errno: a failed call moved no
                // byte, so the second one tells the same (nothing to move: EAGAIN; or the error) or moves what came
                // meanwhile.
                final FunctionDescriptor io = FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG,
                        JAVA_INT, ADDRESS);
                final FunctionDescriptor msgIo = FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT,
                        ADDRESS);
                recv = l.downcallHandle(c.find("recv").orElseThrow(), io);
                send = l.downcallHandle(c.find("send").orElseThrow(), io);
                sendmsg = l.downcallHandle(c.find("sendmsg").orElseThrow(), msgIo);
                recvmsg = l.downcallHandle(c.find("recvmsg").orElseThrow(), msgIo);
                recvErrno = l.downcallHandle(c.find("recv").orElseThrow(), io, errno);
                sendErrno = l.downcallHandle(c.find("send").orElseThrow(), io, errno);
                sendmsgErrno = l.downcallHandle(c.find("sendmsg").orElseThrow(), msgIo, errno);
                recvmsgErrno = l.downcallHandle(c.find("recvmsg").orElseThrow(), msgIo, errno);
                getfl = l.downcallHandle(c.find("fcntl").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
                setfl = l.downcallHandle(c.find("fcntl").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT),
                        Linker.Option.firstVariadicArg(2));
                sockname = l.downcallHandle(c.find("getsockname").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
                peername = l.downcallHandle(c.find("getpeername").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
                shutdown = l.downcallHandle(c.find("shutdown").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
                errnoLocation = l.downcallHandle(c.find("__errno_location").orElseThrow(),
                        FunctionDescriptor.of(ADDRESS));
                why = RecvWake.unavailability();
            } catch (final RuntimeException | LinkageError e) {
                why = "libc through FFM: " + e;
            }
        }
        UNAVAILABLE = why;
        RECV = recv;
        SEND = send;
        SENDMSG = sendmsg;
        RECVMSG = recvmsg;
        RECV_ERRNO = recvErrno;
        SEND_ERRNO = sendErrno;
        SENDMSG_ERRNO = sendmsgErrno;
        RECVMSG_ERRNO = recvmsgErrno;
        FCNTL_GET = getfl;
        FCNTL_SET = setfl;
        GETSOCKNAME = sockname;
        GETPEERNAME = peername;
        SHUTDOWN = shutdown;
        ERRNO_LOCATION = errnoLocation;
    }

    private final SocketChannel ch;
    private final boolean mayAdopt;
    /** The descriptor once adopted (blocking); -1 before (NIO), -2 once closing. Written under the lock. */
    private volatile int fd = -1;
    private boolean adoptFailed;
    private MemorySegment errno;
    private MemorySegment recvErrno;
    private MemorySegment msg;
    private MemorySegment iov;
    /** The thread whose errno {@link #errnoAt} is (the loop owner that last called {@link #recvStage}). */
    private Thread errnoThread;
    private MemorySegment errnoAt;
    /** {@link #recvStage} calls that trusted the thread's errno since the last capturing one. */
    private int eagainTrusted;
    /** Direct buffers whose base address is known, and the addresses (a small cache: no segment made per call). */
    private final ByteBuffer[] known = new ByteBuffer[8];
    private final long[] bases = new long[8];
    private int nextKnown;

    SocketIo(final SocketChannel ch, final boolean nativeSockets) {
        this.ch = ch;
        this.mayAdopt = nativeSockets && available();
    }

    /** {@return null when adopted sockets are available in this JVM}, else why not */
    static String unavailability() {
        return UNAVAILABLE;
    }

    /** {@return whether adopted sockets are available in this JVM} */
    static boolean available() {
        return UNAVAILABLE == null;
    }

    /** {@return whether this connection's socket is adopted (blocking, read and written through libc)} */
    boolean adopted() {
        return fd >= 0;
    }

    /**
     * Adopts the socket: finds its descriptor and makes it blocking; from then on every read and write goes through
     * libc. Loop owner, under the connection's lock, while the connection's key is valid; at most one search per
     * connection.
     *
     * @return whether the socket is adopted
     */
    boolean adopt() {
        if (fd >= 0) {
            return true;
        }
        if (!mayAdopt || adoptFailed || fd == -2 || !ch.isOpen()) {
            return false;
        }
        adoptFailed = true; // (until it succeeded)
        final Integer found = socketsByAddress().get(addressKey(ch));
        if (found == null) {
            LOG.debug("no descriptor found for {}", ch);
            return false;
        }
        try {
            final int f = found;
            final int flags = (int) FCNTL_GET.invokeExact(f, F_GETFL);
            if (flags < 0 || (int) FCNTL_SET.invokeExact(f, F_SETFL, flags & ~O_NONBLOCK) != 0) {
                return false;
            }
            final Arena a = Arena.ofAuto();
            errno = a.allocate(CAPTURE);
            recvErrno = a.allocate(CAPTURE);
            msg = a.allocate(56, 8);
            iov = a.allocate(16L * MAX_IOV, 8);
            msg.set(JAVA_LONG, 16, iov.address());
            fd = f;
            adoptFailed = false;
            return true;
        } catch (final Throwable t) {
            LOG.debug("adopting {}", ch, t);
            return false;
        }
    }

    /**
     * The channel is about to close: no later call uses the descriptor, and a consumer blocked in {@link #recvStage}
     * (when another thread ends the connection) is released at once by {@code shutdown(SHUT_RDWR)}; the descriptor
     * itself stays open until the loop's owner deregisters the channel. Under the connection's lock.
     */
    void closing() {
        final int f = fd;
        fd = -2;
        if (f >= 0) {
            try {
                final int r = (int) SHUTDOWN.invokeExact(f, SHUT_RDWR);
                assert r == 0 || r == -1;
            } catch (final Throwable t) {
                LOG.debug("shutdown", t);
            }
        }
    }

    // ------------------------------------------------------------------ reading and writing (as NIO's channel)

    /** As {@link SocketChannel#read(ByteBuffer)}, into one of the provider's buffers. */
    int read(final ByteBuffer dst) throws IOException {
        return read(dst, MemorySegment.NULL);
    }

    /**
     * As {@link SocketChannel#read(ByteBuffer)}: bytes read, 0 when none are there, -1 at the end of the stream.
     *
     * @param keep the consumer's segment {@code dst} lies in (kept open for the call), or NULL
     * @throws IllegalStateException when {@code keep}'s arena is closed (as NIO for a buffer over it)
     */
    int read(final ByteBuffer dst, final MemorySegment keep) throws IOException {
        final int f = fd;
        if (f == -1) {
            return ch.read(dst);
        }
        if (f < 0) {
            throw new IOException("the socket is closed");
        }
        final int want = dst.remaining();
        if (want == 0) {
            return 0;
        }
        if (!dst.isDirect()) {
            final ByteBuffer t = ByteBuffer.allocateDirect(want);
            final int n = read(t, MemorySegment.NULL);
            if (n > 0) {
                dst.put(t.flip());
            }
            return n;
        }
        final long r;
        try {
            final long a = address(dst);
            final long r0 = (long) RECV.invokeExact(f, a, (long) want, MSG_DONTWAIT, keep);
            r = r0 != -1 ? r0 : (long) RECV_ERRNO.invokeExact(errno, f, a, (long) want, MSG_DONTWAIT, keep);
        } catch (final IllegalStateException e) {
            throw e;
        } catch (final Throwable t) {
            throw new IOException("recv: " + t, t);
        }
        if (r > 0) {
            dst.position(dst.position() + (int) r);
            return (int) r;
        }
        if (r == 0) {
            return -1;
        }
        return nothingOr(errno, "recv");
    }

    /**
     * As {@link SocketChannel#read(ByteBuffer[])} into two direct buffers (a payload's destination, then the stage for
     * what follows it): bytes read, 0 when none are there, -1 at the end of the stream.
     *
     * @param keep the consumer's segment {@code first} lies in (kept open for the call), or NULL
     * @throws IllegalStateException when {@code keep}'s arena is closed (as NIO for a buffer over it)
     */
    long read(final ByteBuffer first, final ByteBuffer second, final MemorySegment keep) throws IOException {
        final int f = fd;
        if (f == -1) {
            return ch.read(new ByteBuffer[] {first, second});
        }
        if (f < 0) {
            throw new IOException("the socket is closed");
        }
        if (!first.isDirect() || !second.isDirect()) {
            final int n = read(first, keep);
            return n <= 0 || first.hasRemaining() ? n : n + Math.max(0, read(second, MemorySegment.NULL));
        }
        iov.set(JAVA_LONG, 0, address(first));
        iov.set(JAVA_LONG, 8, first.remaining());
        iov.set(JAVA_LONG, 16, address(second));
        iov.set(JAVA_LONG, 24, second.remaining());
        msg.set(JAVA_LONG, 24, 2);
        final long r;
        try {
            final long r0 = (long) RECVMSG.invokeExact(f, msg.address(), MSG_DONTWAIT, keep);
            r = r0 != -1 ? r0 : (long) RECVMSG_ERRNO.invokeExact(errno, f, msg.address(), MSG_DONTWAIT, keep);
        } catch (final IllegalStateException e) {
            throw e;
        } catch (final Throwable t) {
            throw new IOException("recvmsg: " + t, t);
        }
        if (r == 0) {
            return -1;
        }
        if (r < 0) {
            return nothingOr(errno, "recvmsg");
        }
        final int k = (int) Math.min(r, first.remaining());
        first.position(first.position() + k);
        second.position(second.position() + (int) (r - k));
        return r;
    }

    /** As {@link SocketChannel#write(ByteBuffer)}, from one of the provider's buffers. */
    int write(final ByteBuffer src) throws IOException {
        return write(src, MemorySegment.NULL);
    }

    /**
     * As {@link SocketChannel#write(ByteBuffer)}: bytes written, 0 when the socket's buffer is full.
     *
     * @param keep the consumer's segment {@code src} lies in (kept open for the call), or NULL
     * @throws IllegalStateException when {@code keep}'s arena is closed (as NIO for a buffer over it)
     */
    int write(final ByteBuffer src, final MemorySegment keep) throws IOException {
        final int f = fd;
        if (f == -1) {
            return ch.write(src);
        }
        if (f < 0) {
            throw new IOException("the socket is closed");
        }
        final int n = src.remaining();
        if (n == 0) {
            return 0;
        }
        if (!src.isDirect()) {
            final ByteBuffer t = ByteBuffer.allocateDirect(n);
            t.put(src.duplicate()).flip();
            final int w = write(t, MemorySegment.NULL);
            src.position(src.position() + w);
            return w;
        }
        final long r;
        try {
            final long a = address(src);
            final long r0 = (long) SEND.invokeExact(f, a, (long) n, MSG_DONTWAIT | MSG_NOSIGNAL, keep);
            r = r0 != -1 ? r0 : (long) SEND_ERRNO.invokeExact(errno, f, a, (long) n, MSG_DONTWAIT | MSG_NOSIGNAL,
                    keep);
        } catch (final IllegalStateException e) {
            throw e;
        } catch (final Throwable t) {
            throw new IOException("send: " + t, t);
        }
        if (r >= 0) {
            src.position(src.position() + (int) r);
            return (int) r;
        }
        return nothingOr(errno, "send");
    }

    /**
     * As {@link SocketChannel#write(ByteBuffer[])} (direct buffers, at most four): bytes written.
     *
     * @param keep the consumer's segment one of {@code srcs} lies in (kept open for the call), or NULL
     * @throws IllegalStateException when {@code keep}'s arena is closed (as NIO for a buffer over it)
     */
    long write(final ByteBuffer[] srcs, final MemorySegment keep) throws IOException {
        final int f = fd;
        if (f == -1) {
            return ch.write(srcs);
        }
        if (f < 0) {
            throw new IOException("the socket is closed");
        }
        int count = 0;
        for (final ByteBuffer b : srcs) {
            if (!b.isDirect() || count == MAX_IOV) {
                // (not so in this provider: header and registered memory)
                long w = 0;
                for (final ByteBuffer x : srcs) {
                    final int k = write(x, keep);
                    w += k;
                    if (x.hasRemaining()) {
                        break;
                    }
                }
                return w;
            }
            iov.set(JAVA_LONG, 16L * count, address(b));
            iov.set(JAVA_LONG, 16L * count + 8, b.remaining());
            count++;
        }
        msg.set(JAVA_LONG, 24, count);
        final long r;
        try {
            final long r0 = (long) SENDMSG.invokeExact(f, msg.address(), MSG_DONTWAIT | MSG_NOSIGNAL, keep);
            r = r0 != -1 ? r0 : (long) SENDMSG_ERRNO.invokeExact(errno, f, msg.address(), MSG_DONTWAIT | MSG_NOSIGNAL,
                    keep);
        } catch (final IllegalStateException e) {
            throw e;
        } catch (final Throwable t) {
            throw new IOException("sendmsg: " + t, t);
        }
        if (r < 0) {
            return nothingOr(errno, "sendmsg");
        }
        long left = r;
        for (final ByteBuffer b : srcs) {
            final int k = (int) Math.min(left, b.remaining());
            b.position(b.position() + k);
            left -= k;
        }
        return r;
    }

    /**
     * One {@code recv} into {@code stage} from its position ({@code stageBase}: the address of its first byte): with
     * {@code wait} a blocking call without a timeout (released by bytes, an error, or a signal: {@link RecvWake}),
     * else a call that does not wait (a polling
     * consumer's round, {@link IoLoop#recvRound}: one system call whether or not bytes are there, where a selection
     * would be one and a read a second). Loop owner only, on a platform thread, without the connection's lock, on an
     * adopted socket; for a wait, the caller armed {@link RecvWake}.
     *
     * <p>A call that returns -1 is made again without waiting, capturing errno (a signal came, or an
     * error). Not so for an empty socket when not waiting, the common answer there (a capture makes a small object each
     * time): the thread's own errno is read right after the call ({@code __errno_location}, looked up once per
     * thread); EAGAIN read so is trusted, anything else is asked again capturing errno, and so is one EAGAIN in
     * {@value #VERIFY_EAGAIN}: should the JVM have changed the thread's errno between the call and the read (it may,
     * which is why capturing exists) and hidden an error, the error is seen at the latest then; an error of a TCP
     * socket is reported once, and later calls see the end of the stream, which the next call reports anyway.
     *
     * @param wait whether to wait for bytes
     * @return bytes read (the stage's position moved), 0 at the end of the stream, -1 when nothing came (nothing there,
     *         or a signal or another thread's call released the wait), -2 on an error (a read under
     *         the lock reports it)
     */
    int recvStage(final ByteBuffer stage, final long stageBase, final boolean wait) {
        final int f = fd;
        if (f < 0) {
            return -1;
        }
        try {
            final long a = stageBase + stage.position();
            final long want = stage.remaining();
            long r = (long) RECV.invokeExact(f, a, want, wait ? 0 : MSG_DONTWAIT, MemorySegment.NULL);
            if (r == -1) {
                if (!wait) {
                    if (threadErrno() == EAGAIN && ++eagainTrusted < VERIFY_EAGAIN) {
                        return -1;
                    }
                    eagainTrusted = 0;
                }
                r = (long) RECV_ERRNO.invokeExact(recvErrno, f, a, want, MSG_DONTWAIT, MemorySegment.NULL);
            }
            if (r > 0) {
                stage.position(stage.position() + (int) r);
                return (int) r;
            }
            if (r == 0) {
                return 0;
            }
            final int e = (int) ERRNO.get(recvErrno, 0L);
            return e == EAGAIN || e == EINTR ? -1 : -2;
        } catch (final Throwable t) {
            LOG.debug("recv", t);
            return -2;
        }
    }

    /** {@return the calling (platform) thread's errno now}; its address is looked up when the thread changes */
    private int threadErrno() throws Throwable {
        final Thread t = Thread.currentThread();
        if (t != errnoThread) {
            errnoAt = ((MemorySegment) ERRNO_LOCATION.invokeExact()).reinterpret(JAVA_INT.byteSize());
            errnoThread = t;
        }
        return errnoAt.get(JAVA_INT, 0);
    }

    private static int nothingOr(final MemorySegment errno, final String call) throws IOException {
        final int e = (int) ERRNO.get(errno, 0L);
        if (e == EAGAIN || e == EINTR) {
            return 0;
        }
        throw new IOException(call + " failed: errno " + e + (e == 104 ? " (connection reset by peer)"
                : e == 32 ? " (broken pipe)" : e == 110 ? " (timed out)" : ""));
    }

    /**
     * {@return the address of the byte at {@code b}'s position}: a direct buffer's base is looked up once. Under the
     * connection's lock.
     */
    private long address(final ByteBuffer b) {
        for (int i = 0; i < known.length; i++) {
            if (known[i] == b) {
                return bases[i] + b.position();
            }
        }
        final long base = MemorySegment.ofBuffer(b).address() - b.position();
        final int i = nextKnown;
        nextKnown = (i + 1) & (known.length - 1);
        known[i] = b;
        bases[i] = base;
        return base + b.position();
    }

    // ------------------------------------------------------------------ finding a channel's descriptor

    /** {@return the channel's addresses as a key of {@link #socketsByAddress()}}, or "" when it has none */
    static String addressKey(final SocketChannel ch) {
        try {
            return address(ch.getLocalAddress()) + ">" + address(ch.getRemoteAddress());
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

    /** An address's bytes as text, an IPv4-mapped IPv6 address written as IPv4. */
    private static String normal(final byte[] b) {
        byte[] a = b;
        if (a.length == 16) {
            boolean zero10 = true;
            for (int i = 0; i < 10; i++) {
                zero10 &= a[i] == 0;
            }
            if (zero10 && a[10] == (byte) 0xff && a[11] == (byte) 0xff) {
                a = Arrays.copyOfRange(a, 12, 16);
            }
        }
        return Arrays.toString(a);
    }

    /**
     * {@return the process's connected sockets by their addresses (local, remote)}: the key of {@link #addressKey}.
     * Two open sockets never share both.
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
                final String remote = local == null ? null : sockaddr(GETPEERNAME, fd, sa, len);
                if (remote != null) {
                    out.putIfAbsent(local + ">" + remote, fd);
                }
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
        final int port = Short.toUnsignedInt(sa.get(ValueLayout.JAVA_SHORT.withOrder(ByteOrder.BIG_ENDIAN), 2));
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
