package io.dat4j.provider.shm.sys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The socket directory: its permissions, qualifiers in use, stale sockets replaced and swept. */
class RendezvousTest {

    @TempDir
    Path tmp;

    @Test
    void theDirectoryIsCreatedPrivateAndAnUnsafeOneIsRefused() throws Exception {
        final Path d = tmp.resolve("r");
        Rendezvous.open(d);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(d)));
        Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwxrwxrwx"));
        final IOException e = assertThrows(IOException.class, () -> Rendezvous.open(d));
        assertTrue(e.getMessage().contains("chmod 700"), e.getMessage());
        final Path link = tmp.resolve("link");
        Files.createSymbolicLink(link, d);
        assertThrows(IOException.class, () -> Rendezvous.open(link));
    }

    @Test
    void aLiveQualifierIsInUseAndAStaleOneIsReplaced() throws Exception {
        final Rendezvous r = Rendezvous.open(tmp.resolve("r"));
        final ServerSocketChannel a = r.bind(5000, 8);
        assertNotNull(a);
        assertNull(r.bind(5000, 8), "in use");
        // a dead listener leaves its file: the next bind replaces it
        a.close();
        assertTrue(Files.exists(r.address(5000).getPath()));
        final ServerSocketChannel b = r.bind(5000, 8);
        assertNotNull(b);
        r.unlink(5000);
        b.close();
        assertFalse(Files.exists(r.address(5000).getPath()));
    }

    @Test
    void sweepRemovesOnlyStaleSockets() throws Exception {
        final Rendezvous r = Rendezvous.open(tmp.resolve("r"));
        final ServerSocketChannel live = r.bind(7001, 8);
        final ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        dead.bind(r.address(7002));
        dead.close();
        Files.writeString(r.directory().resolve("7003"), "not a socket");
        assertEquals(1, r.sweep());
        assertTrue(Files.exists(r.address(7001).getPath()));
        assertFalse(Files.exists(r.address(7002).getPath()));
        assertTrue(Files.exists(r.address(7003).getPath()));
        r.unlink(7001);
        live.close();
    }

    @Test
    void bindAnyPicksAFreeQualifier() throws Exception {
        final Rendezvous r = Rendezvous.open(tmp.resolve("r"));
        final long[] q = new long[1];
        try (ServerSocketChannel ch = r.bindAny(8, q)) {
            assertTrue(q[0] >= Rendezvous.ANY_LOW && q[0] <= Rendezvous.ANY_HIGH);
            r.unlink(q[0]);
        }
    }
}
