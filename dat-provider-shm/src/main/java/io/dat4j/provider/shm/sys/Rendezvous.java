package io.dat4j.provider.shm.sys;

import java.io.IOException;
import java.net.ConnectException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where shared-memory IAs meet: a directory of Unix domain sockets, one per listening connection qualifier, named by
 * the qualifier ({@code <dir>/<qualifier>}). The default directory is {@code /tmp/dat4j-shm-<uid>}, created with
 * permissions 0700, so only processes of the same user (and root) can connect; a directory that exists with another
 * owner, other permissions or as a symbolic link is refused, since another user could then listen in this user's
 * name.
 *
 * <p>A socket file outlives a process killed by SIGKILL. A stale one (connecting to it is refused) is deleted when its
 * qualifier is bound again and by {@link #sweep()}, which each process runs once when its first IA opens. Probing a
 * live listener sends it one {@link #PROBE} byte frame, which it drops silently.
 *
 * <p>Thread safety: safe for use by multiple concurrent threads.
 */
public final class Rendezvous {

    /** The frame a liveness probe sends: length 1, type 0. */
    public static final byte PROBE = 0;
    /** Lowest qualifier {@link #bindAny} picks. */
    public static final long ANY_LOW = 49152;
    /** Highest qualifier {@link #bindAny} picks. */
    public static final long ANY_HIGH = 65535;

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    private final Path directory;

    private Rendezvous(final Path directory) {
        this.directory = directory;
    }

    /** {@return the default directory of this user: {@code /tmp/dat4j-shm-<uid>}} */
    public static Path defaultDirectory() {
        return Path.of(System.getProperty("java.io.tmpdir", "/tmp"), "dat4j-shm-" + Libc.getuid());
    }

    /**
     * Opens a rendezvous directory, creating it with permissions 0700 if missing.
     *
     * @param directory the directory
     * @return the rendezvous
     * @throws IOException when it cannot be created, or exists but is not a directory of this user with
     *         permissions 0700 (the message says what to fix)
     */
    public static Rendezvous open(final Path directory) throws IOException {
        try {
            Files.createDirectory(directory, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        } catch (final FileAlreadyExistsException e) {
            // checked below
        }
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("rendezvous directory " + directory + " is not a directory (or is a symbolic "
                    + "link); remove it or choose another one (dat4j.shm.dir)");
        }
        final int owner = (Integer) Files.getAttribute(directory, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        if (owner != Libc.getuid()) {
            throw new IOException("rendezvous directory " + directory + " belongs to uid " + owner + ", not to this "
                    + "user (uid " + Libc.getuid() + "); another user could listen there in this user's name: remove "
                    + "it or choose another one (dat4j.shm.dir)");
        }
        final Set<PosixFilePermission> perms = Files.getPosixFilePermissions(directory, LinkOption.NOFOLLOW_LINKS);
        if (!perms.equals(OWNER_ONLY)) {
            throw new IOException("rendezvous directory " + directory + " has permissions "
                    + PosixFilePermissions.toString(perms) + ", not rwx------: chmod 700 it");
        }
        return new Rendezvous(directory);
    }

    /** {@return the directory} */
    public Path directory() {
        return directory;
    }

    /**
     * {@return the socket address of a qualifier}
     *
     * @param qualifier a connection qualifier, 1 or more
     */
    public UnixDomainSocketAddress address(final long qualifier) {
        return UnixDomainSocketAddress.of(directory.resolve(Long.toString(qualifier)));
    }

    /**
     * Listens on a qualifier; a stale socket file of a dead process is replaced.
     *
     * @param qualifier the qualifier
     * @param backlog the listen backlog
     * @return the bound, non-blocking channel; null when another live listener has the qualifier
     * @throws IOException when the socket cannot be created
     */
    public ServerSocketChannel bind(final long qualifier, final int backlog) throws IOException {
        final UnixDomainSocketAddress at = address(qualifier);
        for (int attempt = 0; attempt < 3; attempt++) {
            final ServerSocketChannel ch = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                ch.bind(at, backlog);
                ch.configureBlocking(false);
                return ch;
            } catch (final IOException e) {
                ch.close();
                if (!Files.exists(at.getPath(), LinkOption.NOFOLLOW_LINKS)) {
                    throw e;
                }
            }
            if (isLive(at)) {
                return null;
            }
            deleteQuietly(at.getPath());
        }
        return null;
    }

    /**
     * Listens on a qualifier of this process's choice in {@link #ANY_LOW}..{@link #ANY_HIGH}.
     *
     * @param backlog the listen backlog
     * @param qualifier receives the qualifier chosen (element 0)
     * @return the bound channel
     * @throws IOException when no qualifier could be bound in 256 tries
     */
    public ServerSocketChannel bindAny(final int backlog, final long[] qualifier) throws IOException {
        final ThreadLocalRandom r = ThreadLocalRandom.current();
        for (int i = 0; i < 256; i++) {
            final long q = r.nextLong(ANY_LOW, ANY_HIGH + 1);
            final ServerSocketChannel ch = bind(q, backlog);
            if (ch != null) {
                qualifier[0] = q;
                return ch;
            }
        }
        throw new IOException("no free qualifier in " + ANY_LOW + ".." + ANY_HIGH + " under " + directory);
    }

    /**
     * Removes the socket files under the directory that no process listens on any more (left by processes that
     * were killed). Live listeners get one probe frame.
     *
     * @return the number of files removed
     */
    public int sweep() {
        int removed = 0;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(directory, p -> p.getFileName().toString()
                .matches("[0-9]{1,19}"))) {
            for (final Path p : ds) {
                if (Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther()
                        && !isLive(UnixDomainSocketAddress.of(p)) && deleteQuietly(p)) {
                    removed++;
                }
            }
        } catch (final IOException e) {
            return removed;
        }
        return removed;
    }

    /**
     * {@return true if a process listens at the address} (it then receives one probe frame and the connection
     * closes); false if connecting is refused or the file is gone
     *
     * @param at the address
     */
    public static boolean isLive(final UnixDomainSocketAddress at) {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.configureBlocking(false);
            if (!ch.connect(at)) {
                return true; // pending: a listener with a full backlog
            }
            ch.write(ByteBuffer.wrap(new byte[] {1, 0, 0, 0, PROBE}));
            return true;
        } catch (final ConnectException e) {
            return false; // ECONNREFUSED: nobody listens
        } catch (final NoSuchFileException e) {
            return false;
        } catch (final IOException e) {
            return Files.exists(at.getPath(), LinkOption.NOFOLLOW_LINKS); // not understood: leave it alone
        }
    }

    /**
     * Deletes the socket file of a qualifier this process listens on; call it before closing the channel, so that no
     * other process can find the file stale and bind the qualifier meanwhile. Idempotent.
     *
     * @param qualifier the qualifier
     */
    public void unlink(final long qualifier) {
        deleteQuietly(address(qualifier).getPath());
    }

    private static boolean deleteQuietly(final Path p) {
        try {
            return Files.deleteIfExists(p);
        } catch (final IOException e) {
            return false;
        }
    }

    @Override
    public String toString() {
        return "Rendezvous[" + directory + "]";
    }
}
