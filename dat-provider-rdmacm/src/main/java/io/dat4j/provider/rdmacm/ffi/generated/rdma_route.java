// Generated in the shape of jextract 22 output (see dat-provider-rdmacm/jextract); do not edit.
// Platform: x86_64 Linux, rdma-core 44 headers (rdma/rdma_cma.h, infiniband/verbs.h).

package io.dat4j.provider.rdmacm.ffi.generated;

import java.lang.invoke.*;
import java.lang.foreign.*;
import java.nio.ByteOrder;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

import static java.lang.foreign.ValueLayout.*;
import static java.lang.foreign.MemoryLayout.PathElement.*;

/**
 * {@snippet lang=c :
 * struct rdma_route { ... }
 * }
 */
public class rdma_route {

    rdma_route() {
        // Should not be called directly
    }

    private static final GroupLayout $LAYOUT = MemoryLayout.structLayout(
        rdma_addr.layout().withName("addr"),
        rdma_cma_h.C_POINTER.withName("path_rec"),
        rdma_cma_h.C_INT.withName("num_paths"),
        MemoryLayout.paddingLayout(4)
    ).withName("rdma_route");

    /**
     * The layout of this struct
     */
    public static final GroupLayout layout() {
        return $LAYOUT;
    }

    private static final GroupLayout addr$LAYOUT = (GroupLayout)$LAYOUT.select(groupElement("addr"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * addr
     * }
     */
    public static final GroupLayout addr$layout() {
        return addr$LAYOUT;
    }

    private static final long addr$OFFSET = 0;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * addr
     * }
     */
    public static final long addr$offset() {
        return addr$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * addr
     * }
     */
    public static MemorySegment addr(MemorySegment struct) {
        return struct.asSlice(addr$OFFSET, addr$LAYOUT.byteSize());
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * addr
     * }
     */
    public static void addr(MemorySegment struct, MemorySegment fieldValue) {
        MemorySegment.copy(fieldValue, 0L, struct, addr$OFFSET, addr$LAYOUT.byteSize());
    }

    private static final AddressLayout path_rec$LAYOUT = (AddressLayout)$LAYOUT.select(groupElement("path_rec"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * path_rec
     * }
     */
    public static final AddressLayout path_rec$layout() {
        return path_rec$LAYOUT;
    }

    private static final long path_rec$OFFSET = 296;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * path_rec
     * }
     */
    public static final long path_rec$offset() {
        return path_rec$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * path_rec
     * }
     */
    public static MemorySegment path_rec(MemorySegment struct) {
        return struct.get(path_rec$LAYOUT, path_rec$OFFSET);
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * path_rec
     * }
     */
    public static void path_rec(MemorySegment struct, MemorySegment fieldValue) {
        struct.set(path_rec$LAYOUT, path_rec$OFFSET, fieldValue);
    }

    private static final OfInt num_paths$LAYOUT = (OfInt)$LAYOUT.select(groupElement("num_paths"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * num_paths
     * }
     */
    public static final OfInt num_paths$layout() {
        return num_paths$LAYOUT;
    }

    private static final long num_paths$OFFSET = 304;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * num_paths
     * }
     */
    public static final long num_paths$offset() {
        return num_paths$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * num_paths
     * }
     */
    public static int num_paths(MemorySegment struct) {
        return struct.get(num_paths$LAYOUT, num_paths$OFFSET);
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * num_paths
     * }
     */
    public static void num_paths(MemorySegment struct, int fieldValue) {
        struct.set(num_paths$LAYOUT, num_paths$OFFSET, fieldValue);
    }


    /**
     * Obtains a slice of {@code arrayParam} which selects the array element at {@code index}.
     * The returned segment has address {@code arrayParam.address() + index * layout().byteSize()}
     */
    public static MemorySegment asSlice(MemorySegment array, long index) {
        return array.asSlice(layout().byteSize() * index);
    }

    /**
     * The size (in bytes) of this struct
     */
    public static long sizeof() { return layout().byteSize(); }

    /**
     * Allocate a segment of size {@code layout().byteSize()} using {@code allocator}
     */
    public static MemorySegment allocate(SegmentAllocator allocator) {
        return allocator.allocate(layout());
    }

    /**
     * Allocate an array of size {@code elementCount} using {@code allocator}.
     * The returned segment has size {@code elementCount * layout().byteSize()}.
     */
    public static MemorySegment allocateArray(long elementCount, SegmentAllocator allocator) {
        return allocator.allocate(MemoryLayout.sequenceLayout(elementCount, layout()));
    }

    /**
     * Reinterprets {@code addr} using target {@code arena} and {@code cleanupAction} (if any).
     * The returned segment has size {@code layout().byteSize()}
     */
    public static MemorySegment reinterpret(MemorySegment addr, Arena arena, Consumer<MemorySegment> cleanup) {
        return reinterpret(addr, 1, arena, cleanup);
    }

    /**
     * Reinterprets {@code addr} using target {@code arena} and {@code cleanupAction} (if any).
     * The returned segment has size {@code elementCount * layout().byteSize()}
     */
    public static MemorySegment reinterpret(MemorySegment addr, long elementCount, Arena arena, Consumer<MemorySegment> cleanup) {
        return addr.reinterpret(layout().byteSize() * elementCount, arena, cleanup);
    }
}
