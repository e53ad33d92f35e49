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
 * struct ibv_device { ... }
 * }
 */
public class ibv_device {

    ibv_device() {
        // Should not be called directly
    }

    private static final GroupLayout $LAYOUT = MemoryLayout.structLayout(
        _ibv_device_ops.layout().withName("_ops"),
        rdma_cma_h.C_INT.withName("node_type"),
        rdma_cma_h.C_INT.withName("transport_type"),
        MemoryLayout.sequenceLayout(64, rdma_cma_h.C_CHAR).withName("name"),
        MemoryLayout.sequenceLayout(64, rdma_cma_h.C_CHAR).withName("dev_name"),
        MemoryLayout.sequenceLayout(256, rdma_cma_h.C_CHAR).withName("dev_path"),
        MemoryLayout.sequenceLayout(256, rdma_cma_h.C_CHAR).withName("ibdev_path")
    ).withName("ibv_device");

    /**
     * The layout of this struct
     */
    public static final GroupLayout layout() {
        return $LAYOUT;
    }

    private static final GroupLayout _ops$LAYOUT = (GroupLayout)$LAYOUT.select(groupElement("_ops"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * _ops
     * }
     */
    public static final GroupLayout _ops$layout() {
        return _ops$LAYOUT;
    }

    private static final long _ops$OFFSET = 0;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * _ops
     * }
     */
    public static final long _ops$offset() {
        return _ops$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * _ops
     * }
     */
    public static MemorySegment _ops(MemorySegment struct) {
        return struct.asSlice(_ops$OFFSET, _ops$LAYOUT.byteSize());
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * _ops
     * }
     */
    public static void _ops(MemorySegment struct, MemorySegment fieldValue) {
        MemorySegment.copy(fieldValue, 0L, struct, _ops$OFFSET, _ops$LAYOUT.byteSize());
    }

    private static final OfInt node_type$LAYOUT = (OfInt)$LAYOUT.select(groupElement("node_type"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * node_type
     * }
     */
    public static final OfInt node_type$layout() {
        return node_type$LAYOUT;
    }

    private static final long node_type$OFFSET = 16;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * node_type
     * }
     */
    public static final long node_type$offset() {
        return node_type$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * node_type
     * }
     */
    public static int node_type(MemorySegment struct) {
        return struct.get(node_type$LAYOUT, node_type$OFFSET);
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * node_type
     * }
     */
    public static void node_type(MemorySegment struct, int fieldValue) {
        struct.set(node_type$LAYOUT, node_type$OFFSET, fieldValue);
    }

    private static final OfInt transport_type$LAYOUT = (OfInt)$LAYOUT.select(groupElement("transport_type"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * transport_type
     * }
     */
    public static final OfInt transport_type$layout() {
        return transport_type$LAYOUT;
    }

    private static final long transport_type$OFFSET = 20;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * transport_type
     * }
     */
    public static final long transport_type$offset() {
        return transport_type$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * transport_type
     * }
     */
    public static int transport_type(MemorySegment struct) {
        return struct.get(transport_type$LAYOUT, transport_type$OFFSET);
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * transport_type
     * }
     */
    public static void transport_type(MemorySegment struct, int fieldValue) {
        struct.set(transport_type$LAYOUT, transport_type$OFFSET, fieldValue);
    }

    private static final SequenceLayout name$LAYOUT = (SequenceLayout)$LAYOUT.select(groupElement("name"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * name[64]
     * }
     */
    public static final SequenceLayout name$layout() {
        return name$LAYOUT;
    }

    private static final long name$OFFSET = 24;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * name[64]
     * }
     */
    public static final long name$offset() {
        return name$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * name[64]
     * }
     */
    public static MemorySegment name(MemorySegment struct) {
        return struct.asSlice(name$OFFSET, name$LAYOUT.byteSize());
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * name[64]
     * }
     */
    public static void name(MemorySegment struct, MemorySegment fieldValue) {
        MemorySegment.copy(fieldValue, 0L, struct, name$OFFSET, name$LAYOUT.byteSize());
    }

    private static long[] name$DIMS = { 64 };

    /**
     * Dimensions for array field:
     * {@snippet lang=c :
     * name[64]
     * }
     */
    public static long[] name$dimensions() {
        return name$DIMS;
    }
    private static final VarHandle name$ELEM_HANDLE = name$LAYOUT.varHandle(sequenceElement());

    /**
     * Indexed getter for field:
     * {@snippet lang=c :
     * name[64]
     * }
     */
    public static byte name(MemorySegment struct, long index0) {
        return (byte)name$ELEM_HANDLE.get(struct, name$OFFSET, index0);
    }

    /**
     * Indexed setter for field:
     * {@snippet lang=c :
     * name[64]
     * }
     */
    public static void name(MemorySegment struct, long index0, byte fieldValue) {
        name$ELEM_HANDLE.set(struct, name$OFFSET, index0, fieldValue);
    }

    private static final SequenceLayout dev_name$LAYOUT = (SequenceLayout)$LAYOUT.select(groupElement("dev_name"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * dev_name[64]
     * }
     */
    public static final SequenceLayout dev_name$layout() {
        return dev_name$LAYOUT;
    }

    private static final long dev_name$OFFSET = 88;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * dev_name[64]
     * }
     */
    public static final long dev_name$offset() {
        return dev_name$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * dev_name[64]
     * }
     */
    public static MemorySegment dev_name(MemorySegment struct) {
        return struct.asSlice(dev_name$OFFSET, dev_name$LAYOUT.byteSize());
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * dev_name[64]
     * }
     */
    public static void dev_name(MemorySegment struct, MemorySegment fieldValue) {
        MemorySegment.copy(fieldValue, 0L, struct, dev_name$OFFSET, dev_name$LAYOUT.byteSize());
    }

    private static long[] dev_name$DIMS = { 64 };

    /**
     * Dimensions for array field:
     * {@snippet lang=c :
     * dev_name[64]
     * }
     */
    public static long[] dev_name$dimensions() {
        return dev_name$DIMS;
    }
    private static final VarHandle dev_name$ELEM_HANDLE = dev_name$LAYOUT.varHandle(sequenceElement());

    /**
     * Indexed getter for field:
     * {@snippet lang=c :
     * dev_name[64]
     * }
     */
    public static byte dev_name(MemorySegment struct, long index0) {
        return (byte)dev_name$ELEM_HANDLE.get(struct, dev_name$OFFSET, index0);
    }

    /**
     * Indexed setter for field:
     * {@snippet lang=c :
     * dev_name[64]
     * }
     */
    public static void dev_name(MemorySegment struct, long index0, byte fieldValue) {
        dev_name$ELEM_HANDLE.set(struct, dev_name$OFFSET, index0, fieldValue);
    }

    private static final SequenceLayout dev_path$LAYOUT = (SequenceLayout)$LAYOUT.select(groupElement("dev_path"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * dev_path[256]
     * }
     */
    public static final SequenceLayout dev_path$layout() {
        return dev_path$LAYOUT;
    }

    private static final long dev_path$OFFSET = 152;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * dev_path[256]
     * }
     */
    public static final long dev_path$offset() {
        return dev_path$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * dev_path[256]
     * }
     */
    public static MemorySegment dev_path(MemorySegment struct) {
        return struct.asSlice(dev_path$OFFSET, dev_path$LAYOUT.byteSize());
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * dev_path[256]
     * }
     */
    public static void dev_path(MemorySegment struct, MemorySegment fieldValue) {
        MemorySegment.copy(fieldValue, 0L, struct, dev_path$OFFSET, dev_path$LAYOUT.byteSize());
    }

    private static long[] dev_path$DIMS = { 256 };

    /**
     * Dimensions for array field:
     * {@snippet lang=c :
     * dev_path[256]
     * }
     */
    public static long[] dev_path$dimensions() {
        return dev_path$DIMS;
    }
    private static final VarHandle dev_path$ELEM_HANDLE = dev_path$LAYOUT.varHandle(sequenceElement());

    /**
     * Indexed getter for field:
     * {@snippet lang=c :
     * dev_path[256]
     * }
     */
    public static byte dev_path(MemorySegment struct, long index0) {
        return (byte)dev_path$ELEM_HANDLE.get(struct, dev_path$OFFSET, index0);
    }

    /**
     * Indexed setter for field:
     * {@snippet lang=c :
     * dev_path[256]
     * }
     */
    public static void dev_path(MemorySegment struct, long index0, byte fieldValue) {
        dev_path$ELEM_HANDLE.set(struct, dev_path$OFFSET, index0, fieldValue);
    }

    private static final SequenceLayout ibdev_path$LAYOUT = (SequenceLayout)$LAYOUT.select(groupElement("ibdev_path"));

    /**
     * Layout for field:
     * {@snippet lang=c :
     * ibdev_path[256]
     * }
     */
    public static final SequenceLayout ibdev_path$layout() {
        return ibdev_path$LAYOUT;
    }

    private static final long ibdev_path$OFFSET = 408;

    /**
     * Offset for field:
     * {@snippet lang=c :
     * ibdev_path[256]
     * }
     */
    public static final long ibdev_path$offset() {
        return ibdev_path$OFFSET;
    }

    /**
     * Getter for field:
     * {@snippet lang=c :
     * ibdev_path[256]
     * }
     */
    public static MemorySegment ibdev_path(MemorySegment struct) {
        return struct.asSlice(ibdev_path$OFFSET, ibdev_path$LAYOUT.byteSize());
    }

    /**
     * Setter for field:
     * {@snippet lang=c :
     * ibdev_path[256]
     * }
     */
    public static void ibdev_path(MemorySegment struct, MemorySegment fieldValue) {
        MemorySegment.copy(fieldValue, 0L, struct, ibdev_path$OFFSET, ibdev_path$LAYOUT.byteSize());
    }

    private static long[] ibdev_path$DIMS = { 256 };

    /**
     * Dimensions for array field:
     * {@snippet lang=c :
     * ibdev_path[256]
     * }
     */
    public static long[] ibdev_path$dimensions() {
        return ibdev_path$DIMS;
    }
    private static final VarHandle ibdev_path$ELEM_HANDLE = ibdev_path$LAYOUT.varHandle(sequenceElement());

    /**
     * Indexed getter for field:
     * {@snippet lang=c :
     * ibdev_path[256]
     * }
     */
    public static byte ibdev_path(MemorySegment struct, long index0) {
        return (byte)ibdev_path$ELEM_HANDLE.get(struct, ibdev_path$OFFSET, index0);
    }

    /**
     * Indexed setter for field:
     * {@snippet lang=c :
     * ibdev_path[256]
     * }
     */
    public static void ibdev_path(MemorySegment struct, long index0, byte fieldValue) {
        ibdev_path$ELEM_HANDLE.set(struct, ibdev_path$OFFSET, index0, fieldValue);
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
