package io.dat4j.provider.shm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.dat4j.provider.shm.sys.Doorbell;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * The hostile peer's memory for {@link ShmProofStallTest}, in a process of its own: an untouched anonymous page
 * registered with {@code userfaultfd} for missing-page faults, kernel faults included (no
 * {@code UFFD_USER_MODE_ONLY}), whose faults nobody serves, so a {@code process_vm_readv} of it waits until this
 * process exits. Also a doorbell, since the provider maps the doorbell a requester names before it proves the pid.
 * Prints {@code READY <pid> <page address> <doorbell descriptor>}, or {@code SKIP <reason>} when the kernel refuses
 * (x86-64 only; needs CAP_SYS_PTRACE or {@code vm.unprivileged_userfaultfd=1}), then waits until killed.
 */
public final class UserfaultPageMain {

    private static final long SYS_USERFAULTFD = 323;
    private static final int O_CLOEXEC = 0x80000;
    private static final int O_NONBLOCK = 0x800;
    private static final long UFFD_API = 0xAA;
    /** {@code _IOWR(0xAA, 0x3F, struct uffdio_api)} (24 bytes). */
    private static final long UFFDIO_API = 0xC018AA3FL;
    /** {@code _IOWR(0xAA, 0x00, struct uffdio_register)} (32 bytes). */
    private static final long UFFDIO_REGISTER = 0xC020AA00L;
    private static final long UFFDIO_REGISTER_MODE_MISSING = 1;
    private static final long PAGE = 4096;

    private UserfaultPageMain() {
    }

    /**
     * Runs the process.
     *
     * @param args none
     * @throws Throwable on trouble
     */
    public static void main(final String[] args) throws Throwable {
        if (!"amd64".equals(System.getProperty("os.arch")) && !"x86_64".equals(System.getProperty("os.arch"))) {
            skip("userfaultfd's system call number here is x86-64's; this is " + System.getProperty("os.arch"));
        }
        final Linker linker = Linker.nativeLinker();
        final SymbolLookup libc = linker.defaultLookup();
        final Linker.Option errno = Linker.Option.captureCallState("errno");
        final MemoryLayout stateLayout = Linker.Option.captureStateLayout();
        final VarHandle errnoHandle = stateLayout.varHandle(MemoryLayout.PathElement.groupElement("errno"));
        final MethodHandle syscall = linker.downcallHandle(libc.find("syscall").orElseThrow(),
                FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG), errno, Linker.Option.firstVariadicArg(1));
        final MethodHandle ioctl = linker.downcallHandle(libc.find("ioctl").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS), errno,
                Linker.Option.firstVariadicArg(2));
        final MethodHandle mmap = linker.downcallHandle(libc.find("mmap").orElseThrow(),
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG));
        final Arena arena = Arena.global();
        final MemorySegment state = arena.allocate(stateLayout);
        final long fd = (long) syscall.invokeExact(state, SYS_USERFAULTFD, (long) (O_CLOEXEC | O_NONBLOCK));
        if (fd < 0) {
            skip("userfaultfd with kernel faults refused, errno " + (int) errnoHandle.get(state, 0L)
                    + " (needs CAP_SYS_PTRACE or vm.unprivileged_userfaultfd=1)");
        }
        final MemorySegment api = arena.allocate(24, 8);
        api.set(JAVA_LONG, 0, UFFD_API);
        if ((int) ioctl.invokeExact(state, (int) fd, UFFDIO_API, api) != 0) {
            skip("UFFDIO_API failed, errno " + (int) errnoHandle.get(state, 0L));
        }
        final MemorySegment page = (MemorySegment) mmap.invokeExact(MemorySegment.NULL, PAGE, 3 /* READ|WRITE */,
                0x22 /* MAP_PRIVATE|MAP_ANONYMOUS */, -1, 0L);
        if (page.address() == -1L) {
            skip("mmap of one page failed");
        }
        final MemorySegment reg = arena.allocate(32, 8);
        reg.set(JAVA_LONG, 0, page.address());
        reg.set(JAVA_LONG, 8, PAGE);
        reg.set(JAVA_LONG, 16, UFFDIO_REGISTER_MODE_MISSING);
        if ((int) ioctl.invokeExact(state, (int) fd, UFFDIO_REGISTER, reg) != 0) {
            skip("UFFDIO_REGISTER failed, errno " + (int) errnoHandle.get(state, 0L));
        }
        final Doorbell bell = Doorbell.create("dat4j-userfault-bell");
        System.out.println("READY " + ProcessHandle.current().pid() + " " + page.address() + " " + bell.descriptor());
        System.out.flush();
        while (true) {
            Thread.sleep(60_000);
        }
    }

    private static void skip(final String why) {
        System.out.println("SKIP " + why);
        System.out.flush();
        System.exit(0);
    }
}
