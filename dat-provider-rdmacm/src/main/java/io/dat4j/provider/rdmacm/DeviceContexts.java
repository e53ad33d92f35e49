package io.dat4j.provider.rdmacm;

import io.dat4j.provider.rdmacm.ffi.EventCalls;
import io.dat4j.provider.rdmacm.ffi.VerbsCalls;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The verbs device contexts of librdmacm that this process has used: a process-wide resource, never closed.
 *
 * <p>librdmacm opens a device ({@code ibv_open_device}: {@code /dev/infiniband/uverbs<n>} and an
 * {@code anon_inode:[infinibandevent]} for its async events) the first time an identifier is bound to it, hands the
 * same {@code ibv_context} to every identifier on that device ({@code rdma_cm_id.verbs}), and keeps it open until the
 * process exits: releasing the last identifier frees only the PD it allocated ({@code ucma_put_device}), and no call
 * of its API closes the context (rdma-core {@code librdmacm/cma.c}, {@code ucma_init_device}, {@code remove_cma_dev};
 * the same in the 44.0 of Debian 12 and upstream). C uDAPL (libdaplofa) programs live with the same two descriptors.
 * The provider cannot close them either, so it declares them ({@link RdmaCmProvider#retainedDescriptors()}) and leak
 * checks leave exactly these out. Every IA, EP, PD, CQ and completion channel of the provider is still closed with
 * its handle.
 *
 * <p>Threads and locks: {@link #retain} and {@link #descriptors} are synchronized on the class, a leaf under which
 * nothing else is taken. See "Threading and locks" in {@code docs/provider-kit.md}.
 */
final class DeviceContexts {

    private static final Path FD_DIR = Path.of("/proc/self/fd");
    /** The contexts seen, by {@code ibv_context} address, in the order seen; guarded by the class. */
    private static final Map<Long, Context> BY_ADDRESS = new LinkedHashMap<>();

    /**
     * One cached device context.
     *
     * @param device the device name
     * @param commandFd {@code ibv_context.cmd_fd}
     * @param commandTarget what the command descriptor links to ({@code /dev/infiniband/uverbs0})
     * @param asyncFd {@code ibv_context.async_fd}
     * @param asyncTarget what the async descriptor links to ({@code anon_inode:[infinibandevent]})
     */
    record Context(String device, int commandFd, String commandTarget, int asyncFd, String asyncTarget) {
    }

    private DeviceContexts() {
    }

    /**
     * Records the context an identifier of the provider got from librdmacm (idempotent per context).
     *
     * @param context the {@code ibv_context} ({@code rdma_cm_id.verbs})
     * @param device the device name
     */
    static synchronized void retain(final MemorySegment context, final String device) {
        if (BY_ADDRESS.containsKey(context.address())) {
            return;
        }
        final int cmd = VerbsCalls.commandFd(context);
        final int async = EventCalls.asyncFd(context);
        BY_ADDRESS.put(context.address(), new Context(device, cmd, target(cmd), async, target(async)));
    }

    /** {@return the descriptors of every context seen, by number, with their targets; empty before the first IA} */
    static synchronized Map<Integer, String> descriptors() {
        final Map<Integer, String> m = new TreeMap<>();
        for (final Context c : BY_ADDRESS.values()) {
            if (c.commandTarget() != null) {
                m.put(c.commandFd(), c.commandTarget());
            }
            if (c.asyncTarget() != null) {
                m.put(c.asyncFd(), c.asyncTarget());
            }
        }
        return Map.copyOf(m);
    }

    /** {@return the contexts seen, in the order seen} */
    static synchronized List<Context> contexts() {
        return List.copyOf(BY_ADDRESS.values());
    }

    /** {@return what a descriptor of this process links to, or null if it cannot be read (no /proc)} */
    private static String target(final int fd) {
        if (fd < 0) {
            return null;
        }
        try {
            return Files.readSymbolicLink(FD_DIR.resolve(Integer.toString(fd))).toString();
        } catch (final IOException | UnsupportedOperationException e) {
            return null;
        }
    }
}
