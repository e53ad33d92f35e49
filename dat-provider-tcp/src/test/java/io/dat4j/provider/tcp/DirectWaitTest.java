package io.dat4j.provider.tcp;

import static io.dat4j.provider.tcp.Fixture.dto;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoOperation;
import io.dat4j.DtoStatus;
import io.dat4j.Endpoint;
import io.dat4j.Event;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.SoftwareEvent;
import io.dat4j.StatusType;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A driving consumer's wait without the JDK selector ({@link DirectWait}, opt-in {@code dat4j.tcp.directWait}): available on
 * Linux with native access (the build's tests have it), each socket found by its addresses, a ping-pong served by it
 * with its data and order, and every way out of a wait kept: the timeout, another thread's event, an interrupt.
 */
@Timeout(120)
class DirectWaitTest {

    @Test
    void shouldBeAvailableOnLinuxWithNativeAccess() {
        assertTrue(DirectWait.class.getModule().isNativeAccessEnabled(),
                "the build runs this module's tests with --enable-native-access=io.dat4j.provider.tcp");
        final String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        final String arch = System.getProperty("os.arch", "");
        final boolean expected = os.contains("linux") && (arch.equals("amd64") || arch.equals("aarch64"));
        assertEquals(expected, DirectWait.available(), String.valueOf(DirectWait.unavailability()));
    }

    @Test
    void shouldFindEachSocketByItsAddresses() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(DirectWait.available(), DirectWait.unavailability());
        try (ServerSocketChannel l = ServerSocketChannel.open()) {
            l.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            final SocketChannel a = SocketChannel.open(l.getLocalAddress());
            try (SocketChannel b = l.accept()) {
                final Map<String, Integer> fds = DirectWait.socketsByAddress();
                final Set<Integer> distinct = new HashSet<>();
                for (final java.nio.channels.NetworkChannel ch : new java.nio.channels.NetworkChannel[] {l, a, b}) {
                    final Integer fd = fds.get(DirectWait.addressKey(ch));
                    assertNotNull(fd, "no descriptor for " + DirectWait.addressKey(ch) + " in " + fds);
                    assertTrue(Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString().startsWith("socket:"));
                    distinct.add(fd);
                }
                assertEquals(3, distinct.size(), "listener, client and accepted socket are three descriptors");
                final String key = DirectWait.addressKey(a);
                a.close();
                assertFalse(DirectWait.socketsByAddress().containsKey(key), "a closed socket is not found");
            }
        }
    }

    @Test
    void shouldServeAPingPongWithoutTheSelector() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(DirectWait.available(), DirectWait.unavailability());
        final long before = IoLoop.directRounds();
        try (Fixture f = Fixture.withSettings("127.0.0.1", TcpConfig.DIRECT_WAIT, "true")) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion cBuf = f.lmr(f.c, 16);
            final LocalMemoryRegion sBuf = f.lmr(f.s, 16);
            final int rounds = 500;
            ep[1].postRecv(sBuf.triplet(0, 8), 0);
            final CompletableFuture<Void> echo = CompletableFuture.runAsync(() -> {
                for (int i = 0; i < rounds; i++) {
                    DtoCompletionEvent r = dto(f.s.evd);
                    if (r.operation() == DtoOperation.SEND) {
                        r = dto(f.s.evd);
                    }
                    assertEquals(DtoOperation.RECEIVE, r.operation());
                    assertEquals(i, sBuf.segment().get(ValueLayout.JAVA_LONG_UNALIGNED, 0), "server round " + i);
                    sBuf.segment().set(ValueLayout.JAVA_LONG_UNALIGNED, 8, i + 1_000_000L);
                    ep[1].postRecv(sBuf.triplet(0, 8), i + 1);
                    ep[1].postSend(sBuf.triplet(8, 8), i);
                }
            });
            for (int i = 0; i < rounds; i++) {
                ep[0].postRecv(cBuf.triplet(8, 8), i);
                cBuf.segment().set(ValueLayout.JAVA_LONG_UNALIGNED, 0, i);
                ep[0].postSend(cBuf.triplet(0, 8), i);
                boolean sent = false;
                boolean echoed = false;
                while (!sent || !echoed) {
                    final DtoCompletionEvent d = dto(f.c.evd);
                    assertEquals(DtoStatus.SUCCESS, d.status());
                    assertEquals(i, d.cookie(), "completions in posting order, round " + i);
                    sent |= d.operation() == DtoOperation.SEND;
                    echoed |= d.operation() == DtoOperation.RECEIVE;
                }
                assertEquals(i + 1_000_000L, cBuf.segment().get(ValueLayout.JAVA_LONG_UNALIGNED, 8), "round " + i);
            }
            echo.get(60, TimeUnit.SECONDS);
        }
        assertNotEquals(before, IoLoop.directRounds(), "the waiters went around the selector");
    }

    @Test
    void shouldKeepTheTimeoutReleaseOnAnEventAndOnAnInterrupt() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(DirectWait.available(), DirectWait.unavailability());
        try (Fixture f = Fixture.withSettings("127.0.0.1", TcpConfig.DIRECT_WAIT, "true")) {
            final Endpoint[] ep = f.connect();
            final LocalMemoryRegion cBuf = f.lmr(f.c, 16);
            ep[0].postRecv(cBuf.triplet(0, 8), 7);
            final long before = IoLoop.directRounds();
            final DatException timeout = assertThrows(DatException.class,
                    () -> f.c.evd.await(Duration.ofMillis(300)));
            assertEquals(StatusType.TIMEOUT_EXPIRED, timeout.type());
            assertNotEquals(before, IoLoop.directRounds(), "the wait went around the selector");
            for (int i = 0; i < 20; i++) {
                final String payload = "wake " + i;
                final CompletableFuture<Event> waiter = CompletableFuture.supplyAsync(
                        () -> f.c.evd.await(Duration.ofMinutes(1)));
                Thread.sleep(5);
                f.c.evd.postSoftwareEvent(payload);
                assertEquals(payload, assertInstanceOf(SoftwareEvent.class, waiter.get(60, TimeUnit.SECONDS))
                        .payload());
            }
            final DatException[] caught = new DatException[1];
            final Thread t = new Thread(() -> {
                try {
                    f.c.evd.await(Duration.ofMinutes(1));
                } catch (final DatException e) {
                    caught[0] = e;
                }
            });
            t.start();
            Thread.sleep(100);
            t.interrupt();
            t.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(t.isAlive(), "an interrupted waiter leaves its wait");
            assertNotNull(caught[0]);
            assertEquals(StatusType.INTERRUPTED_CALL, caught[0].type());
            // the connection still works: the posted receive completes
            ep[1].postSend(java.util.List.of(), 9, io.dat4j.CompletionFlag.DEFAULT);
            final DtoCompletionEvent r = dto(f.c.evd);
            assertEquals(7, r.cookie());
            assertEquals(DtoStatus.SUCCESS, r.status());
        }
    }
}
