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
 * struct rdma_ib_addr { ... }
 * }
 */
public class rdma_ib_addr {

    rdma_ib_addr() {
        // Should not be called directly
    }

    private static final GroupLayout $LAYOUT = MemoryLayout.structLayout(
        ibv_gid.layout().withName("sgid"),
        ibv_gid.layout().withName("dgid"),
        rdma_cma_h.C_SHORT.withName("pkey"),
        MemoryLayout.paddingLayout(6)
    ).withName("rdma_ib_addr");

    /**
     * The layout of this struct
     */
    public static final GroupLayout layout() {
        return $LAYOUT;
    }

    private static final GroupLayout sgid$LAYOUT = (GroupLayout)$LAYOUT.select(groupElement("sgid"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * sgid
     * }
     */
    public static final GroupLayout sgid$layout() {
        return sgid$LAYOUT;
    }

    private static final long sgid$OFFSET = 0;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * sgid
     * }
     */
    public static final long sgid$offset() {
        return sgid$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * sgid
     * }
     */
    public static MemorySegment sgid(MemorySegment struct) {
        return struct.asSlice(sgid$OFFSET, sgid$LAYOUT.byteSize());
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * sgid
     * }
     */
    public static void sgid(MemorySegment struct, MemorySegment fieldValue) {
        MemorySegment.copy(fieldValue, 0L, struct, sgid$OFFSET, sgid$LAYOUT.byteSize());
    }

    private static final GroupLayout dgid$LAYOUT = (GroupLayout)$LAYOUT.select(groupElement("dgid"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * dgid
     * }
     */
    public static final GroupLayout dgid$layout() {
        return dgid$LAYOUT;
    }

    private static final long dgid$OFFSET = 16;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * dgid
     * }
     */
    public static final long dgid$offset() {
        return dgid$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * dgid
     * }
     */
    public static MemorySegment dgid(MemorySegment struct) {
        return struct.asSlice(dgid$OFFSET, dgid$LAYOUT.byteSize());
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * dgid
     * }
     */
    public static void dgid(MemorySegment struct, MemorySegment fieldValue) {
        MemorySegment.copy(fieldValue, 0L, struct, dgid$OFFSET, dgid$LAYOUT.byteSize());
    }

    private static final OfShort pkey$LAYOUT = (OfShort)$LAYOUT.select(groupElement("pkey"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * pkey
     * }
     */
    public static final OfShort pkey$layout() {
        return pkey$LAYOUT;
    }

    private static final long pkey$OFFSET = 32;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * pkey
     * }
     */
    public static final long pkey$offset() {
        return pkey$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * pkey
     * }
     */
    public static short pkey(MemorySegment struct) {
        return struct.get(pkey$LAYOUT, pkey$OFFSET);
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * pkey
     * }
     */
    public static void pkey(MemorySegment struct, short fieldValue) {
        struct.set(pkey$LAYOUT, pkey$OFFSET, fieldValue);
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
