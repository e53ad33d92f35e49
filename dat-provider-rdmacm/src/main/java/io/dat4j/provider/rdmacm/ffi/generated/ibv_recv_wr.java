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
 * struct ibv_recv_wr { ... }
 * }
 */
public class ibv_recv_wr {

    ibv_recv_wr() {
        // Should not be called directly
    }

    private static final GroupLayout $LAYOUT = MemoryLayout.structLayout(
        rdma_cma_h.C_LONG.withName("wr_id"),
        rdma_cma_h.C_POINTER.withName("next"),
        rdma_cma_h.C_POINTER.withName("sg_list"),
        rdma_cma_h.C_INT.withName("num_sge"),
        MemoryLayout.paddingLayout(4)
    ).withName("ibv_recv_wr");

    /**
     * The layout of this struct
     */
    public static final GroupLayout layout() {
        return $LAYOUT;
    }

    private static final OfLong wr_id$LAYOUT = (OfLong)$LAYOUT.select(groupElement("wr_id"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * wr_id
     * }
     */
    public static final OfLong wr_id$layout() {
        return wr_id$LAYOUT;
    }

    private static final long wr_id$OFFSET = 0;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * wr_id
     * }
     */
    public static final long wr_id$offset() {
        return wr_id$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * wr_id
     * }
     */
    public static long wr_id(MemorySegment struct) {
        return struct.get(wr_id$LAYOUT, wr_id$OFFSET);
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * wr_id
     * }
     */
    public static void wr_id(MemorySegment struct, long fieldValue) {
        struct.set(wr_id$LAYOUT, wr_id$OFFSET, fieldValue);
    }

    private static final AddressLayout next$LAYOUT = (AddressLayout)$LAYOUT.select(groupElement("next"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * next
     * }
     */
    public static final AddressLayout next$layout() {
        return next$LAYOUT;
    }

    private static final long next$OFFSET = 8;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * next
     * }
     */
    public static final long next$offset() {
        return next$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * next
     * }
     */
    public static MemorySegment next(MemorySegment struct) {
        return struct.get(next$LAYOUT, next$OFFSET);
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * next
     * }
     */
    public static void next(MemorySegment struct, MemorySegment fieldValue) {
        struct.set(next$LAYOUT, next$OFFSET, fieldValue);
    }

    private static final AddressLayout sg_list$LAYOUT = (AddressLayout)$LAYOUT.select(groupElement("sg_list"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * sg_list
     * }
     */
    public static final AddressLayout sg_list$layout() {
        return sg_list$LAYOUT;
    }

    private static final long sg_list$OFFSET = 16;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * sg_list
     * }
     */
    public static final long sg_list$offset() {
        return sg_list$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * sg_list
     * }
     */
    public static MemorySegment sg_list(MemorySegment struct) {
        return struct.get(sg_list$LAYOUT, sg_list$OFFSET);
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * sg_list
     * }
     */
    public static void sg_list(MemorySegment struct, MemorySegment fieldValue) {
        struct.set(sg_list$LAYOUT, sg_list$OFFSET, fieldValue);
    }

    private static final OfInt num_sge$LAYOUT = (OfInt)$LAYOUT.select(groupElement("num_sge"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * num_sge
     * }
     */
    public static final OfInt num_sge$layout() {
        return num_sge$LAYOUT;
    }

    private static final long num_sge$OFFSET = 24;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * num_sge
     * }
     */
    public static final long num_sge$offset() {
        return num_sge$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * num_sge
     * }
     */
    public static int num_sge(MemorySegment struct) {
        return struct.get(num_sge$LAYOUT, num_sge$OFFSET);
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * num_sge
     * }
     */
    public static void num_sge(MemorySegment struct, int fieldValue) {
        struct.set(num_sge$LAYOUT, num_sge$OFFSET, fieldValue);
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
