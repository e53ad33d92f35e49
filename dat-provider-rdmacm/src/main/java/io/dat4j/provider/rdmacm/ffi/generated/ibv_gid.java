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
 * union ibv_gid { ... }
 * }
 */
public class ibv_gid {

    ibv_gid() {
        // Should not be called directly
    }

    private static final GroupLayout $LAYOUT = MemoryLayout.unionLayout(
        MemoryLayout.sequenceLayout(16, rdma_cma_h.C_CHAR).withName("raw"),
        MemoryLayout.structLayout(
            rdma_cma_h.C_LONG.withName("subnet_prefix"),
            rdma_cma_h.C_LONG.withName("interface_id")
        ).withName("global")
    ).withName("ibv_gid");

    /**
     * The layout of this union
     */
    public static final GroupLayout layout() {
        return $LAYOUT;
    }

    private static final SequenceLayout raw$LAYOUT = (SequenceLayout)$LAYOUT.select(groupElement("raw"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * raw[16]
     * }
     */
    public static final SequenceLayout raw$layout() {
        return raw$LAYOUT;
    }

    private static final long raw$OFFSET = 0;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * raw[16]
     * }
     */
    public static final long raw$offset() {
        return raw$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * raw[16]
     * }
     */
    public static MemorySegment raw(MemorySegment struct) {
        return struct.asSlice(raw$OFFSET, raw$LAYOUT.byteSize());
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * raw[16]
     * }
     */
    public static void raw(MemorySegment struct, MemorySegment fieldValue) {
        MemorySegment.copy(fieldValue, 0L, struct, raw$OFFSET, raw$LAYOUT.byteSize());
    }

    private static long[] raw$DIMS = { 16 };

    /**
     * Dimensions for array field:
     * {@snippet lang=c :
     * raw[16]
     * }
     */
    public static long[] raw$dimensions() {
        return raw$DIMS;
    }
    private static final VarHandle raw$ELEM_HANDLE = raw$LAYOUT.varHandle(sequenceElement());

    /**
     * Indexed getter for field:
     * {@snippet lang=c :
     * raw[16]
     * }
     */
    public static byte raw(MemorySegment struct, long index0) {
        return (byte)raw$ELEM_HANDLE.get(struct, raw$OFFSET, index0);
    }

    /**
     * Indexed setter for field:
     * {@snippet lang=c :
     * raw[16]
     * }
     */
    public static void raw(MemorySegment struct, long index0, byte fieldValue) {
        raw$ELEM_HANDLE.set(struct, raw$OFFSET, index0, fieldValue);
    }

    private static final GroupLayout global$LAYOUT = (GroupLayout)$LAYOUT.select(groupElement("global"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * global
     * }
     */
    public static final GroupLayout global$layout() {
        return global$LAYOUT;
    }

    private static final long global$OFFSET = 0;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * global
     * }
     */
    public static final long global$offset() {
        return global$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * global
     * }
     */
    public static MemorySegment global(MemorySegment struct) {
        return struct.asSlice(global$OFFSET, global$LAYOUT.byteSize());
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * global
     * }
     */
    public static void global(MemorySegment struct, MemorySegment fieldValue) {
        MemorySegment.copy(fieldValue, 0L, struct, global$OFFSET, global$LAYOUT.byteSize());
    }

    /**
     * {@snippet lang=c :
     * struct { ... } global
     * }
     */
    public static class global {

        global() {
            // Should not be called directly
        }

        private static final GroupLayout $LAYOUT = (GroupLayout)ibv_gid.layout().select(groupElement("global"));

        /**
         * The layout of this struct
         */
        public static final GroupLayout layout() {
            return $LAYOUT;
        }

        private static final OfLong subnet_prefix$LAYOUT = (OfLong)$LAYOUT.select(groupElement("subnet_prefix"));

        /**
         * Layout for field:
         * {@snippet lang=c :
         * subnet_prefix
         * }
         */
        public static final OfLong subnet_prefix$layout() {
            return subnet_prefix$LAYOUT;
        }

        private static final long subnet_prefix$OFFSET = 0;

        /**
         * Offset for field:
         * {@snippet lang=c :
         * subnet_prefix
         * }
         */
        public static final long subnet_prefix$offset() {
            return subnet_prefix$OFFSET;
        }

        /**
         * Getter for field:
         * {@snippet lang=c :
         * subnet_prefix
         * }
         */
        public static long subnet_prefix(MemorySegment struct) {
            return struct.get(subnet_prefix$LAYOUT, subnet_prefix$OFFSET);
        }

        /**
         * Setter for field:
         * {@snippet lang=c :
         * subnet_prefix
         * }
         */
        public static void subnet_prefix(MemorySegment struct, long fieldValue) {
            struct.set(subnet_prefix$LAYOUT, subnet_prefix$OFFSET, fieldValue);
        }

        private static final OfLong interface_id$LAYOUT = (OfLong)$LAYOUT.select(groupElement("interface_id"));

        /**
         * Layout for field:
         * {@snippet lang=c :
         * interface_id
         * }
         */
        public static final OfLong interface_id$layout() {
            return interface_id$LAYOUT;
        }

        private static final long interface_id$OFFSET = 8;

        /**
         * Offset for field:
         * {@snippet lang=c :
         * interface_id
         * }
         */
        public static final long interface_id$offset() {
            return interface_id$OFFSET;
        }

        /**
         * Getter for field:
         * {@snippet lang=c :
         * interface_id
         * }
         */
        public static long interface_id(MemorySegment struct) {
            return struct.get(interface_id$LAYOUT, interface_id$OFFSET);
        }

        /**
         * Setter for field:
         * {@snippet lang=c :
         * interface_id
         * }
         */
        public static void interface_id(MemorySegment struct, long fieldValue) {
            struct.set(interface_id$LAYOUT, interface_id$OFFSET, fieldValue);
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
