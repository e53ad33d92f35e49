package io.dat4j.provider.shm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.EventNumber;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.provider.shm.sys.ConnectionLayout;
import io.dat4j.provider.shm.sys.Descriptors;
import io.dat4j.provider.shm.sys.Doorbell;
import io.dat4j.provider.shm.sys.Handshake;
import io.dat4j.provider.shm.sys.Rendezvous;
import io.dat4j.provider.shm.sys.SharedMapping;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.invoke.MethodHandle;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A hostile peer that names, as its doorbell or mapping descriptor, a file it holds a lease on ({@code F_SETLEASE}):
 * opening it read-write through {@code /proc/<pid>/fd/<fd>} waits until the lease holder lets go, or for the kernel's
 * {@code lease-break-time} (45 s by default), and the provider opened it on the IA's connection-management thread, so
 * every connect, accept and teardown of the IA stopped meanwhile (found in round i26, docs/reliability.md). The
 * connection with the hostile peer must fail at once (ACCEPT_COMPLETION_ERROR, NON_PEER_REJECTED), and an honest
 * connection of the same IA must work, both while the lease is still held.
 *
 * <p>The lease holder is this process (the kernel breaks a lease for any opener, the holder's own process included);
 * its break signal is SIGURG, which the JVM ignores (the default SIGIO would end it).
 */
class ShmLeasedDescriptorTest {

    private static final Duration BOUND = Duration.ofSeconds(15);
    private static final ConnectionLayout LAYOUT = new ConnectionLayout(4096, 16);

    /** The consumer accepts a request whose REQ names a leased file as the requester's doorbell. */
    @Test
    void aLeasedDoorbellInARequestFailsTheAcceptAtOnce() throws Throwable {
        final Path dir = newDir();
        final long fds = Descriptors.openDescriptors();
        try (Fixture f = new Fixture("dat4j.shm.dir=" + dir); Lease lease = Lease.take()) {
            final PublicServicePoint psp = f.client.createPublicServicePointAny(f.c.conn, ServicePointFlag.CONSUMER);
            final Rendezvous rendezvous = Rendezvous.open(dir);
            try (SocketChannel ch = SocketChannel.open(rendezvous.address(psp.connectionQualifier()))) {
                final Handshake req = new Handshake();
                req.type = Handshake.REQ;
                req.depthIn = 8;
                req.depthOut = 8;
                req.pid = ProcessHandle.current().pid();
                req.doorbellFd = lease.fd;
                req.probeValue = 77;
                ch.write(req.encode(Handshake.frameBuffer()));
                final Event cr = f.c.conn.await(BOUND);
                final Endpoint ep = f.c.ep(null);
                assertInstanceOf(ConnectionRequestEvent.class, cr, "no request for a REQ").request().accept(ep,
                        null);
                final Event end = f.c.conn.await(BOUND);
                assertEquals(EventNumber.CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR,
                        assertInstanceOf(ConnectionEvent.class, end, "no end of the accept within " + BOUND
                                + ": the connection manager waits in open() for the lease").number());
                f.assertHealthyConnection(); // the lease is still held
                ep.close();
            }
            psp.close();
        } finally {
            deleteDir(dir);
        }
        assertNothingLeft(fds);
    }

    /** The provider connects; the hostile listener's REP names a leased file as its doorbell, or as the mapping. */
    @Test
    void aLeasedDoorbellOrMappingInAReplyFailsTheConnectAtOnce() throws Throwable {
        final Path dir = newDir();
        final long fds = Descriptors.openDescriptors();
        try (Fixture f = new Fixture("dat4j.shm.dir=" + dir); Lease lease = Lease.take();
                Doorbell bell = Doorbell.create("dat4j-leased-bell");
                SharedMapping m = SharedMapping.create("dat4j-leased", LAYOUT.totalBytes())) {
            LAYOUT.writeHeader(m.segment(), 77);
            final Rendezvous rendezvous = Rendezvous.open(dir);
            for (final boolean mapping : new boolean[] {false, true}) {
                final long q = mapping ? 30_102 : 30_101;
                final Endpoint ep = f.c.ep(null);
                try (ServerSocketChannel ssc = rendezvous.bind(q, 4)) {
                    ssc.configureBlocking(true);
                    ep.connect(InetAddress.getLoopbackAddress(), q, BOUND, null);
                    try (SocketChannel ch = ssc.accept()) {
                        rendezvous.unlink(q);
                        final ByteBuffer buf = Handshake.frameBuffer();
                        final Handshake req = new Handshake();
                        req.decode(HostileShmPeer.readFrame(ch, buf));
                        final Handshake rep = HostileShmPeer.reply(req, 0, bell, m, LAYOUT, 77);
                        if (mapping) {
                            rep.mappingFd = lease.fd;
                        } else {
                            rep.doorbellFd = lease.fd;
                        }
                        ch.write(rep.encode(Handshake.frameBuffer()));
                        final Event end = f.c.conn.await(BOUND);
                        assertEquals(EventNumber.CONNECTION_EVENT_NON_PEER_REJECTED,
                                assertInstanceOf(ConnectionEvent.class, end, "no end of the connect within " + BOUND
                                        + " (leased " + (mapping ? "mapping" : "doorbell")
                                        + "): the connection manager waits in open() for the lease").number());
                    }
                }
                f.assertHealthyConnection(); // the lease is still held
                ep.close();
            }
        } finally {
            deleteDir(dir);
        }
        assertNothingLeft(fds);
    }

    /** No memfd, socket or mapping of the hostile connections is left once the IAs closed. */
    private static void assertNothingLeft(final long fds) throws Exception {
        final long now = Descriptors.settle(fds);
        if (now > fds) {
            throw new AssertionError("descriptors or mappings left (" + now + " > " + fds + "): "
                    + Descriptors.describe());
        }
    }

    private static Path newDir() throws Exception {
        final Path dir = Files.createTempDirectory("dat4j-shm-lease");
        Files.delete(dir); // the provider creates it 0700
        return dir;
    }

    private static void deleteDir(final Path dir) throws Exception {
        if (Files.exists(dir)) {
            try (var left = Files.list(dir)) {
                left.forEach(p -> p.toFile().delete());
            }
            Files.delete(dir);
        }
    }

    /** A read lease on a file of this user, held through a read-only descriptor of this process. */
    private static final class Lease implements AutoCloseable {
        private static final int F_SETSIG = 10;
        private static final int F_SETLEASE = 1024;
        private static final int F_RDLCK = 0;
        private static final int F_UNLCK = 2;
        private static final int SIGURG = 23;
        private static final Linker LINKER = Linker.nativeLinker();
        private static final MethodHandle OPEN = LINKER.downcallHandle(LINKER.defaultLookup().find("open")
                .orElseThrow(), FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT), Linker.Option
                        .firstVariadicArg(2));
        private static final MethodHandle FCNTL = LINKER.downcallHandle(LINKER.defaultLookup().find("fcntl")
                .orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT), Linker.Option
                        .firstVariadicArg(2));
        private static final MethodHandle CLOSE = LINKER.downcallHandle(LINKER.defaultLookup().find("close")
                .orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT));

        final int fd;
        private final Path file;

        private Lease(final int fd, final Path file) {
            this.fd = fd;
            this.file = file;
        }

        static Lease take() throws Throwable {
            final Path file = Files.createTempFile("dat4j-shm-leased", ".bin");
            Files.write(file, new byte[8192]);
            final int fd;
            try (Arena a = Arena.ofConfined()) {
                fd = (int) OPEN.invokeExact(a.allocateFrom(file.toString()), 0, 0); // O_RDONLY
            }
            Assumptions.assumeTrue(fd >= 0, "cannot open " + file);
            final Lease l = new Lease(fd, file);
            final boolean leased = fcntl(fd, F_SETSIG, SIGURG) == 0 && fcntl(fd, F_SETLEASE, F_RDLCK) == 0;
            if (!leased) {
                l.close();
            }
            Assumptions.assumeTrue(leased, "the kernel gives no lease on " + file + " (fs.leases-enable 0?)");
            return l;
        }

        private static int fcntl(final int fd, final int cmd, final int arg) {
            try {
                return (int) FCNTL.invokeExact(fd, cmd, arg);
            } catch (final Throwable t) {
                throw new AssertionError(t);
            }
        }

        /** Lets the lease go (a provider still waiting in open() then goes on), closes and deletes the file. */
        @Override
        public void close() throws Exception {
            fcntl(fd, F_SETLEASE, F_UNLCK);
            try {
                if ((int) CLOSE.invokeExact(fd) != 0) {
                    throw new AssertionError("close(" + fd + ") failed");
                }
            } catch (final Throwable t) {
                throw new AssertionError(t);
            }
            Files.deleteIfExists(file);
        }
    }
}
