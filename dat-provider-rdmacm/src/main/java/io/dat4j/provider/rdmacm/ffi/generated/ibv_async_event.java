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
 * struct ibv_async_event { ... }
 * }
 */
public class ibv_async_event {

    ibv_async_event() {
        // Should not be called directly
    }

    private static final GroupLayout $LAYOUT = MemoryLayout.structLayout(
        MemoryLayout.unionLayout(
            rdma_cma_h.C_POINTER.withName("cq"),
            rdma_cma_h.C_POINTER.withName("qp"),
            rdma_cma_h.C_POINTER.withName("srq"),
            rdma_cma_h.C_POINTER.withName("wq"),
            rdma_cma_h.C_INT.withName("port_num")
        ).withName("element"),
        rdma_cma_h.C_INT.withName("event_type"),
        MemoryLayout.paddingLayout(4)
    ).withName("ibv_async_event");

    /**
     * The layout of this struct
     */
    public static final GroupLayout layout() {
        return $LAYOUT;
    }

    private static final GroupLayout element$LAYOUT = (GroupLayout)$LAYOUT.select(groupElement("element"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * element
     * }
     */
    public static final GroupLayout element$layout() {
        return element$LAYOUT;
    }

    private static final long element$OFFSET = 0;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * element
     * }
     */
    public static final long element$offset() {
        return element$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * element
     * }
     */
    public static MemorySegment element(MemorySegment struct) {
        return struct.asSlice(element$OFFSET, element$LAYOUT.byteSize());
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * element
     * }
     */
    public static void element(MemorySegment struct, MemorySegment fieldValue) {
        MemorySegment.copy(fieldValue, 0L, struct, element$OFFSET, element$LAYOUT.byteSize());
    }

    /**
     * {@snippet lang=c :
     * union { ... } element
     * }
     */
    public static class element {

        element() {
            // Should not be called directly
        }

        private static final GroupLayout $LAYOUT = (GroupLayout)ibv_async_event.layout().select(groupElement("element"));

        /**
         * The layout of this union
         */
        public static final GroupLayout layout() {
            return $LAYOUT;
        }

        private static final AddressLayout cq$LAYOUT = (AddressLayout)$LAYOUT.select(groupElement("cq"));

        /**
         * Layout for field:
         * {@snippet lang=c :
         * cq
         * }
         */
        public static final AddressLayout cq$layout() {
            return cq$LAYOUT;
        }

        private static final long cq$OFFSET = 0;

        /**
         * Offset for field:
         * {@snippet lang=c :
         * cq
         * }
         */
        public static final long cq$offset() {
            return cq$OFFSET;
        }

        /**
         * Getter for field:
         * {@snippet lang=c :
         * cq
         * }
         */
        public static MemorySegment cq(MemorySegment struct) {
            return struct.get(cq$LAYOUT, cq$OFFSET);
        }

        /**
         * Setter for field:
         * {@snippet lang=c :
         * cq
         * }
         */
        public static void cq(MemorySegment struct, MemorySegment fieldValue) {
            struct.set(cq$LAYOUT, cq$OFFSET, fieldValue);
        }

        private static final AddressLayout qp$LAYOUT = (AddressLayout)$LAYOUT.select(groupElement("qp"));

        /**
         * Layout for field:
         * {@snippet lang=c :
         * qp
         * }
         */
        public static final AddressLayout qp$layout() {
            return qp$LAYOUT;
        }

        private static final long qp$OFFSET = 0;

        /**
         * Offset for field:
         * {@snippet lang=c :
         * qp
         * }
         */
        public static final long qp$offset() {
            return qp$OFFSET;
        }

        /**
         * Getter for field:
         * {@snippet lang=c :
         * qp
         * }
         */
        public static MemorySegment qp(MemorySegment struct) {
            return struct.get(qp$LAYOUT, qp$OFFSET);
        }

        /**
         * Setter for field:
         * {@snippet lang=c :
         * qp
         * }
         */
        public static void qp(MemorySegment struct, MemorySegment fieldValue) {
            struct.set(qp$LAYOUT, qp$OFFSET, fieldValue);
        }

        private static final AddressLayout srq$LAYOUT = (AddressLayout)$LAYOUT.select(groupElement("srq"));

        /**
         * Layout for field:
         * {@snippet lang=c :
         * srq
         * }
         */
        public static final AddressLayout srq$layout() {
            return srq$LAYOUT;
        }

        private static final long srq$OFFSET = 0;

        /**
         * Offset for field:
         * {@snippet lang=c :
         * srq
         * }
         */
        public static final long srq$offset() {
            return srq$OFFSET;
        }

        /**
         * Getter for field:
         * {@snippet lang=c :
         * srq
         * }
         */
        public static MemorySegment srq(MemorySegment struct) {
            return struct.get(srq$LAYOUT, srq$OFFSET);
        }

        /**
         * Setter for field:
         * {@snippet lang=c :
         * srq
         * }
         */
        public static void srq(MemorySegment struct, MemorySegment fieldValue) {
            struct.set(srq$LAYOUT, srq$OFFSET, fieldValue);
        }

        private static final AddressLayout wq$LAYOUT = (AddressLayout)$LAYOUT.select(groupElement("wq"));

        /**
         * Layout for field:
         * {@snippet lang=c :
         * wq
         * }
         */
        public static final AddressLayout wq$layout() {
            return wq$LAYOUT;
        }

        private static final long wq$OFFSET = 0;

        /**
         * Offset for field:
         * {@snippet lang=c :
         * wq
         * }
         */
        public static final long wq$offset() {
            return wq$OFFSET;
        }

        /**
         * Getter for field:
         * {@snippet lang=c :
         * wq
         * }
         */
        public static MemorySegment wq(MemorySegment struct) {
            return struct.get(wq$LAYOUT, wq$OFFSET);
        }

        /**
         * Setter for field:
         * {@snippet lang=c :
         * wq
         * }
         */
        public static void wq(MemorySegment struct, MemorySegment fieldValue) {
            struct.set(wq$LAYOUT, wq$OFFSET, fieldValue);
        }

        private static final OfInt port_num$LAYOUT = (OfInt)$LAYOUT.select(groupElement("port_num"));

        /**
         * Layout for field:
         * {@snippet lang=c :
         * port_num
         * }
         */
        public static final OfInt port_num$layout() {
            return port_num$LAYOUT;
        }

        private static final long port_num$OFFSET = 0;

        /**
         * Offset for field:
         * {@snippet lang=c :
         * port_num
         * }
         */
        public static final long port_num$offset() {
            return port_num$OFFSET;
        }

        /**
         * Getter for field:
         * {@snippet lang=c :
         * port_num
         * }
         */
        public static int port_num(MemorySegment struct) {
            return struct.get(port_num$LAYOUT, port_num$OFFSET);
        }

        /**
         * Setter for field:
         * {@snippet lang=c :
         * port_num
         * }
         */
        public static void port_num(MemorySegment struct, int fieldValue) {
            struct.set(port_num$LAYOUT, port_num$OFFSET, fieldValue);
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

    private static final OfInt event_type$LAYOUT = (OfInt)$LAYOUT.select(groupElement("event_type"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * event_type
     * }
     */
    public static final OfInt event_type$layout() {
        return event_type$LAYOUT;
    }

    private static final long event_type$OFFSET = 8;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * event_type
     * }
     */
    public static final long event_type$offset() {
        return event_type$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * event_type
     * }
     */
    public static int event_type(MemorySegment struct) {
        return struct.get(event_type$LAYOUT, event_type$OFFSET);
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * event_type
     * }
     */
    public static void event_type(MemorySegment struct, int fieldValue) {
        struct.set(event_type$LAYOUT, event_type$OFFSET, fieldValue);
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
