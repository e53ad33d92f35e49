#!/usr/bin/env python3
"""Writes the io.dat4j.provider.rdmacm.ffi.generated sources in the shape jextract 22+ gives them.

jextract cannot be obtained on the build machines (see docs/java-rdma-notes.md), so this script stands in for it:
it reads the declarations below (copied by hand from rdma/rdma_cma.h and infiniband/verbs.h, rdma-core 44, x86_64),
lays the structs out with the C rules of the x86_64 SysV ABI, asks gcc only for the values of the constants, and
writes one header class (rdma_cma_h) plus one class per struct or union. LayoutTest checks every offset and size it
wrote against gcc, so a mistake here fails the build. Where jextract exists, run regenerate.sh instead; both
produce the same API (header class with constants, function handles and wrappers; struct classes with layout(),
f$offset(), f(seg) and f(seg, v)).

Usage: python3 jextract/emit.py   (from dat-provider-rdmacm)
"""
import os
import subprocess
import tempfile

PKG = "io.dat4j.provider.rdmacm.ffi.generated"
OUT = os.path.join("src/main/java", *PKG.split("."))
H = "rdma_cma_h"

# C scalar kinds: (layout constant, Java type, ValueLayout class, size)
PRIM = {
    "char": ("C_CHAR", "byte", "OfByte", 1),
    "short": ("C_SHORT", "short", "OfShort", 2),
    "int": ("C_INT", "int", "OfInt", 4),
    "long": ("C_LONG", "long", "OfLong", 8),
    "ptr": ("C_POINTER", "MemorySegment", "AddressLayout", 8),
}

# Field kinds: ("char"|"short"|"int"|"long"|"ptr", name), ("arr", name, prim, n), ("ref", name, Class),
# ("nested", name, "struct"|"union", fields), ("anon", "struct"|"union", fields), ("fptr", name, ret, [args])
P = "ptr"
S = "struct"
U = "union"


def fp(name, ret, *args):
    return ("fptr", name, ret, list(args))


TYPES = [
    # sockets
    ("sockaddr", S, [("short", "sa_family"), ("arr", "sa_data", "char", 14)]),
    ("in_addr", S, [("int", "s_addr")]),
    ("sockaddr_in", S, [("short", "sin_family"), ("short", "sin_port"), ("ref", "sin_addr", "in_addr"),
                        ("arr", "sin_zero", "char", 8)]),
    ("in6_addr", S, [("nested", "__in6_u", U, [("arr", "__u6_addr8", "char", 16), ("arr", "__u6_addr16", "short", 8),
                                               ("arr", "__u6_addr32", "int", 4)])]),
    ("sockaddr_in6", S, [("short", "sin6_family"), ("short", "sin6_port"), ("int", "sin6_flowinfo"),
                         ("ref", "sin6_addr", "in6_addr"), ("int", "sin6_scope_id")]),
    ("sockaddr_storage", S, [("short", "ss_family"), ("arr", "__ss_padding", "char", 118), ("long", "__ss_align")]),
    # pthread types embedded in verbs structs (only their size and alignment matter here)
    ("pthread_mutex_t", U, [("arr", "__size", "char", 40), ("long", "__align")]),
    ("pthread_cond_t", U, [("arr", "__size", "char", 48), ("long", "__align")]),
    # verbs
    ("ibv_gid", U, [("arr", "raw", "char", 16),
                    ("nested", "global", S, [("long", "subnet_prefix"), ("long", "interface_id")])]),
    ("_ibv_device_ops", S, [fp("_dummy1", P, P, "int"), fp("_dummy2", None, P)]),
    ("ibv_device", S, [("ref", "_ops", "_ibv_device_ops"), ("int", "node_type"), ("int", "transport_type"),
                       ("arr", "name", "char", 64), ("arr", "dev_name", "char", 64), ("arr", "dev_path", "char", 256),
                       ("arr", "ibdev_path", "char", 256)]),
    ("ibv_context_ops", S, [
        fp("_compat_query_device", "int", P, P), fp("_compat_query_port", "int", P, "char", P),
        fp("_compat_alloc_pd", P), fp("_compat_dealloc_pd", P), fp("_compat_reg_mr", P), fp("_compat_rereg_mr", P),
        fp("_compat_dereg_mr", P), fp("alloc_mw", P, P, "int"), fp("bind_mw", "int", P, P, P),
        fp("dealloc_mw", "int", P), fp("_compat_create_cq", P), fp("poll_cq", "int", P, "int", P),
        fp("req_notify_cq", "int", P, "int"), fp("_compat_cq_event", P), fp("_compat_resize_cq", P),
        fp("_compat_destroy_cq", P), fp("_compat_create_srq", P), fp("_compat_modify_srq", P),
        fp("_compat_query_srq", P), fp("_compat_destroy_srq", P), fp("post_srq_recv", "int", P, P, P),
        fp("_compat_create_qp", P), fp("_compat_query_qp", P), fp("_compat_modify_qp", P),
        fp("_compat_destroy_qp", P), fp("post_send", "int", P, P, P), fp("post_recv", "int", P, P, P),
        fp("_compat_create_ah", P), fp("_compat_destroy_ah", P), fp("_compat_attach_mcast", P),
        fp("_compat_detach_mcast", P), fp("_compat_async_event", P)]),
    ("ibv_context", S, [(P, "device"), ("ref", "ops", "ibv_context_ops"), ("int", "cmd_fd"), ("int", "async_fd"),
                        ("int", "num_comp_vectors"), ("ref", "mutex", "pthread_mutex_t"), (P, "abi_compat")]),
    ("ibv_device_attr", S, [("arr", "fw_ver", "char", 64), ("long", "node_guid"), ("long", "sys_image_guid"),
                            ("long", "max_mr_size"), ("long", "page_size_cap"), ("int", "vendor_id"),
                            ("int", "vendor_part_id"), ("int", "hw_ver"), ("int", "max_qp"), ("int", "max_qp_wr"),
                            ("int", "device_cap_flags"), ("int", "max_sge"), ("int", "max_sge_rd"),
                            ("int", "max_cq"), ("int", "max_cqe"), ("int", "max_mr"), ("int", "max_pd"),
                            ("int", "max_qp_rd_atom"), ("int", "max_ee_rd_atom"), ("int", "max_res_rd_atom"),
                            ("int", "max_qp_init_rd_atom"), ("int", "max_ee_init_rd_atom"), ("int", "atomic_cap"),
                            ("int", "max_ee"), ("int", "max_rdd"), ("int", "max_mw"), ("int", "max_raw_ipv6_qp"),
                            ("int", "max_raw_ethy_qp"), ("int", "max_mcast_grp"), ("int", "max_mcast_qp_attach"),
                            ("int", "max_total_mcast_qp_attach"), ("int", "max_ah"), ("int", "max_fmr"),
                            ("int", "max_map_per_fmr"), ("int", "max_srq"), ("int", "max_srq_wr"),
                            ("int", "max_srq_sge"), ("short", "max_pkeys"), ("char", "local_ca_ack_delay"),
                            ("char", "phys_port_cnt")]),
    ("ibv_port_attr", S, [("int", "state"), ("int", "max_mtu"), ("int", "active_mtu"), ("int", "gid_tbl_len"),
                          ("int", "port_cap_flags"), ("int", "max_msg_sz"), ("int", "bad_pkey_cntr"),
                          ("int", "qkey_viol_cntr"), ("short", "pkey_tbl_len"), ("short", "lid"),
                          ("short", "sm_lid"), ("char", "lmc"), ("char", "max_vl_num"), ("char", "sm_sl"),
                          ("char", "subnet_timeout"), ("char", "init_type_reply"), ("char", "active_width"),
                          ("char", "active_speed"), ("char", "phys_state"), ("char", "link_layer"),
                          ("char", "flags"), ("short", "port_cap_flags2")]),
    ("ibv_pd", S, [(P, "context"), ("int", "handle")]),
    ("ibv_mr", S, [(P, "context"), (P, "pd"), (P, "addr"), ("long", "length"), ("int", "handle"), ("int", "lkey"),
                   ("int", "rkey")]),
    ("ibv_comp_channel", S, [(P, "context"), ("int", "fd"), ("int", "refcnt")]),
    ("ibv_cq", S, [(P, "context"), (P, "channel"), (P, "cq_context"), ("int", "handle"), ("int", "cqe"),
                   ("ref", "mutex", "pthread_mutex_t"), ("ref", "cond", "pthread_cond_t"),
                   ("int", "comp_events_completed"), ("int", "async_events_completed")]),
    ("ibv_qp", S, [(P, "context"), (P, "qp_context"), (P, "pd"), (P, "send_cq"), (P, "recv_cq"), (P, "srq"),
                   ("int", "handle"), ("int", "qp_num"), ("int", "state"), ("int", "qp_type"),
                   ("ref", "mutex", "pthread_mutex_t"), ("ref", "cond", "pthread_cond_t"),
                   ("int", "events_completed")]),
    ("ibv_srq", S, [(P, "context"), (P, "srq_context"), (P, "pd"), ("int", "handle"),
                    ("ref", "mutex", "pthread_mutex_t"), ("ref", "cond", "pthread_cond_t"),
                    ("int", "events_completed")]),
    ("ibv_async_event", S, [("nested", "element", U, [(P, "cq"), (P, "qp"), (P, "srq"), (P, "wq"),
                                                     ("int", "port_num")]),
                            ("int", "event_type")]),
    ("ibv_srq_attr", S, [("int", "max_wr"), ("int", "max_sge"), ("int", "srq_limit")]),
    ("ibv_srq_init_attr", S, [(P, "srq_context"), ("ref", "attr", "ibv_srq_attr")]),
    ("ibv_qp_cap", S, [("int", "max_send_wr"), ("int", "max_recv_wr"), ("int", "max_send_sge"),
                       ("int", "max_recv_sge"), ("int", "max_inline_data")]),
    ("ibv_qp_init_attr", S, [(P, "qp_context"), (P, "send_cq"), (P, "recv_cq"), (P, "srq"),
                             ("ref", "cap", "ibv_qp_cap"), ("int", "qp_type"), ("int", "sq_sig_all")]),
    ("ibv_sge", S, [("long", "addr"), ("int", "length"), ("int", "lkey")]),
    ("ibv_mw_bind_info", S, [(P, "mr"), ("long", "addr"), ("long", "length"), ("int", "mw_access_flags")]),
    ("ibv_send_wr", S, [
        ("long", "wr_id"), (P, "next"), (P, "sg_list"), ("int", "num_sge"), ("int", "opcode"),
        ("int", "send_flags"),
        ("anon", U, [("int", "imm_data"), ("int", "invalidate_rkey")]),
        ("nested", "wr", U, [
            ("nested", "rdma", S, [("long", "remote_addr"), ("int", "rkey")]),
            ("nested", "atomic", S, [("long", "remote_addr"), ("long", "compare_add"), ("long", "swap"),
                                     ("int", "rkey")]),
            ("nested", "ud", S, [(P, "ah"), ("int", "remote_qpn"), ("int", "remote_qkey")])]),
        ("nested", "qp_type", U, [("nested", "xrc", S, [("int", "remote_srqn")])]),
        ("anon", U, [
            ("nested", "bind_mw", S, [(P, "mw"), ("int", "rkey"), ("ref", "bind_info", "ibv_mw_bind_info")]),
            ("nested", "tso", S, [(P, "hdr"), ("short", "hdr_sz"), ("short", "mss")])])]),
    ("ibv_recv_wr", S, [("long", "wr_id"), (P, "next"), (P, "sg_list"), ("int", "num_sge")]),
    ("ibv_wc", S, [("long", "wr_id"), ("int", "status"), ("int", "opcode"), ("int", "vendor_err"),
                   ("int", "byte_len"), ("anon", U, [("int", "imm_data"), ("int", "invalidated_rkey")]),
                   ("int", "qp_num"), ("int", "src_qp"), ("int", "wc_flags"), ("short", "pkey_index"),
                   ("short", "slid"), ("char", "sl"), ("char", "dlid_path_bits")]),
    ("ibv_global_route", S, [("ref", "dgid", "ibv_gid"), ("int", "flow_label"), ("char", "sgid_index"),
                             ("char", "hop_limit"), ("char", "traffic_class")]),
    ("ibv_ah_attr", S, [("ref", "grh", "ibv_global_route"), ("short", "dlid"), ("char", "sl"),
                        ("char", "src_path_bits"), ("char", "static_rate"), ("char", "is_global"),
                        ("char", "port_num")]),
    # rdma_cma
    ("rdma_event_channel", S, [("int", "fd")]),
    ("rdma_ib_addr", S, [("ref", "sgid", "ibv_gid"), ("ref", "dgid", "ibv_gid"), ("short", "pkey")]),
    ("rdma_addr", S, [
        ("anon", U, [("ref", "src_addr", "sockaddr"), ("ref", "src_sin", "sockaddr_in"),
                     ("ref", "src_sin6", "sockaddr_in6"), ("ref", "src_storage", "sockaddr_storage")]),
        ("anon", U, [("ref", "dst_addr", "sockaddr"), ("ref", "dst_sin", "sockaddr_in"),
                     ("ref", "dst_sin6", "sockaddr_in6"), ("ref", "dst_storage", "sockaddr_storage")]),
        ("nested", "addr", U, [("ref", "ibaddr", "rdma_ib_addr")])]),
    ("rdma_route", S, [("ref", "addr", "rdma_addr"), (P, "path_rec"), ("int", "num_paths")]),
    ("rdma_cm_id", S, [(P, "verbs"), (P, "channel"), (P, "context"), (P, "qp"), ("ref", "route", "rdma_route"),
                       ("int", "ps"), ("char", "port_num"), (P, "event"), (P, "send_cq_channel"), (P, "send_cq"),
                       (P, "recv_cq_channel"), (P, "recv_cq"), (P, "srq"), (P, "pd"), ("int", "qp_type")]),
    ("rdma_conn_param", S, [(P, "private_data"), ("char", "private_data_len"), ("char", "responder_resources"),
                            ("char", "initiator_depth"), ("char", "flow_control"), ("char", "retry_count"),
                            ("char", "rnr_retry_count"), ("char", "srq"), ("int", "qp_num")]),
    ("rdma_ud_param", S, [(P, "private_data"), ("char", "private_data_len"), ("ref", "ah_attr", "ibv_ah_attr"),
                          ("int", "qp_num"), ("int", "qkey")]),
    ("rdma_cm_event", S, [(P, "id"), (P, "listen_id"), ("int", "event"), ("int", "status"),
                          ("nested", "param", U, [("ref", "conn", "rdma_conn_param"),
                                                  ("ref", "ud", "rdma_ud_param")])]),
    ("rdma_addrinfo", S, [("int", "ai_flags"), ("int", "ai_family"), ("int", "ai_qp_type"), ("int", "ai_port_space"),
                          ("int", "ai_src_len"), ("int", "ai_dst_len"), (P, "ai_src_addr"), (P, "ai_dst_addr"),
                          (P, "ai_src_canonname"), (P, "ai_dst_canonname"), ("long", "ai_route_len"),
                          (P, "ai_route"), ("long", "ai_connect_len"), (P, "ai_connect"), (P, "ai_next")]),
]

FUNCS = [
    ("rdma_create_event_channel", P, []),
    ("rdma_destroy_event_channel", None, [(P, "channel")]),
    ("rdma_create_id", "int", [(P, "channel"), (P, "id"), (P, "context"), ("int", "ps")]),
    ("rdma_create_ep", "int", [(P, "id"), (P, "res"), (P, "pd"), (P, "qp_init_attr")]),
    ("rdma_destroy_ep", None, [(P, "id")]),
    ("rdma_destroy_id", "int", [(P, "id")]),
    ("rdma_bind_addr", "int", [(P, "id"), (P, "addr")]),
    ("rdma_resolve_addr", "int", [(P, "id"), (P, "src_addr"), (P, "dst_addr"), ("int", "timeout_ms")]),
    ("rdma_resolve_route", "int", [(P, "id"), ("int", "timeout_ms")]),
    ("rdma_create_qp", "int", [(P, "id"), (P, "pd"), (P, "qp_init_attr")]),
    ("rdma_destroy_qp", None, [(P, "id")]),
    ("rdma_connect", "int", [(P, "id"), (P, "conn_param")]),
    ("rdma_listen", "int", [(P, "id"), ("int", "backlog")]),
    ("rdma_get_request", "int", [(P, "listen"), (P, "id")]),
    ("rdma_accept", "int", [(P, "id"), (P, "conn_param")]),
    ("rdma_reject", "int", [(P, "id"), (P, "private_data"), ("char", "private_data_len")]),
    ("rdma_disconnect", "int", [(P, "id")]),
    ("rdma_get_cm_event", "int", [(P, "channel"), (P, "event")]),
    ("rdma_ack_cm_event", "int", [(P, "event")]),
    ("rdma_get_src_port", "short", [(P, "id")]),
    ("rdma_get_dst_port", "short", [(P, "id")]),
    ("rdma_get_devices", P, [(P, "num_devices")]),
    ("rdma_free_devices", None, [(P, "list")]),
    ("rdma_event_str", P, [("int", "event")]),
    ("rdma_set_option", "int", [(P, "id"), ("int", "level"), ("int", "optname"), (P, "optval"), ("long", "optlen")]),
    ("rdma_migrate_id", "int", [(P, "id"), (P, "channel")]),
    ("rdma_getaddrinfo", "int", [(P, "node"), (P, "service"), (P, "hints"), (P, "res")]),
    ("rdma_freeaddrinfo", None, [(P, "res")]),
    ("ibv_get_device_list", P, [(P, "num_devices")]),
    ("ibv_free_device_list", None, [(P, "list")]),
    ("ibv_get_device_name", P, [(P, "device")]),
    ("ibv_open_device", P, [(P, "device")]),
    ("ibv_close_device", "int", [(P, "context")]),
    ("ibv_query_device", "int", [(P, "context"), (P, "device_attr")]),
    ("ibv_query_port", "int", [(P, "context"), ("char", "port_num"), (P, "port_attr")]),
    ("ibv_query_gid", "int", [(P, "context"), ("char", "port_num"), ("int", "index"), (P, "gid")]),
    ("ibv_alloc_pd", P, [(P, "context")]),
    ("ibv_dealloc_pd", "int", [(P, "pd")]),
    ("ibv_reg_mr", P, [(P, "pd"), (P, "addr"), ("long", "length"), ("int", "access")]),
    ("ibv_dereg_mr", "int", [(P, "mr")]),
    ("ibv_create_comp_channel", P, [(P, "context")]),
    ("ibv_destroy_comp_channel", "int", [(P, "channel")]),
    ("ibv_create_cq", P, [(P, "context"), ("int", "cqe"), (P, "cq_context"), (P, "channel"), ("int", "comp_vector")]),
    ("ibv_destroy_cq", "int", [(P, "cq")]),
    ("ibv_resize_cq", "int", [(P, "cq"), ("int", "cqe")]),
    ("ibv_create_srq", P, [(P, "pd"), (P, "srq_init_attr")]),
    ("ibv_destroy_srq", "int", [(P, "srq")]),
    ("ibv_modify_srq", "int", [(P, "srq"), (P, "srq_attr"), ("int", "srq_attr_mask")]),
    ("ibv_get_cq_event", "int", [(P, "channel"), (P, "cq"), (P, "cq_context")]),
    ("ibv_ack_cq_events", None, [(P, "cq"), ("int", "nevents")]),
    ("ibv_get_async_event", "int", [(P, "context"), (P, "event")]),
    ("ibv_ack_async_event", None, [(P, "event")]),
    ("ibv_event_type_str", P, [("int", "event")]),
    ("ibv_wc_status_str", P, [("int", "status")]),
    ("ibv_port_state_str", P, [("int", "port_state")]),
]

CONSTANTS = (
    ["RDMA_PS_IPOIB", "RDMA_PS_TCP", "RDMA_PS_UDP", "RDMA_PS_IB", "RDMA_MAX_RESP_RES", "RDMA_MAX_INIT_DEPTH",
     "RDMA_OPTION_ID", "RDMA_OPTION_IB", "RDMA_OPTION_ID_TOS", "RDMA_OPTION_ID_REUSEADDR", "RDMA_OPTION_ID_AFONLY",
     "RDMA_OPTION_ID_ACK_TIMEOUT", "RAI_PASSIVE", "RAI_NUMERICHOST", "RAI_NOROUTE", "RAI_FAMILY", "RDMA_UDP_QKEY"]
    + ["RDMA_CM_EVENT_" + e for e in (
        "ADDR_RESOLVED", "ADDR_ERROR", "ROUTE_RESOLVED", "ROUTE_ERROR", "CONNECT_REQUEST", "CONNECT_RESPONSE",
        "CONNECT_ERROR", "UNREACHABLE", "REJECTED", "ESTABLISHED", "DISCONNECTED", "DEVICE_REMOVAL",
        "MULTICAST_JOIN", "MULTICAST_ERROR", "ADDR_CHANGE", "TIMEWAIT_EXIT")]
    + ["IBV_QPT_RC", "IBV_QPT_UC", "IBV_QPT_UD", "IBV_SYSFS_NAME_MAX", "IBV_SYSFS_PATH_MAX"]
    + ["IBV_WR_" + e for e in ("RDMA_WRITE", "RDMA_WRITE_WITH_IMM", "SEND", "SEND_WITH_IMM", "RDMA_READ",
                               "ATOMIC_CMP_AND_SWP", "ATOMIC_FETCH_AND_ADD", "LOCAL_INV", "BIND_MW", "SEND_WITH_INV")]
    + ["IBV_SEND_FENCE", "IBV_SEND_SIGNALED", "IBV_SEND_SOLICITED", "IBV_SEND_INLINE"]
    + ["IBV_SRQ_MAX_WR", "IBV_SRQ_LIMIT"]
    + ["IBV_WC_" + e for e in (
        "SUCCESS", "LOC_LEN_ERR", "LOC_QP_OP_ERR", "LOC_EEC_OP_ERR", "LOC_PROT_ERR", "WR_FLUSH_ERR", "MW_BIND_ERR",
        "BAD_RESP_ERR", "LOC_ACCESS_ERR", "REM_INV_REQ_ERR", "REM_ACCESS_ERR", "REM_OP_ERR", "RETRY_EXC_ERR",
        "RNR_RETRY_EXC_ERR", "LOC_RDD_VIOL_ERR", "REM_INV_RD_REQ_ERR", "REM_ABORT_ERR", "INV_EECN_ERR",
        "INV_EEC_STATE_ERR", "FATAL_ERR", "RESP_TIMEOUT_ERR", "GENERAL_ERR")]
    + ["IBV_WC_" + e for e in ("SEND", "RDMA_WRITE", "RDMA_READ", "COMP_SWAP", "FETCH_ADD", "BIND_MW", "RECV",
                               "RECV_RDMA_WITH_IMM", "WITH_IMM", "WITH_INV")]
    + ["IBV_EVENT_" + e for e in (
        "CQ_ERR", "QP_FATAL", "QP_REQ_ERR", "QP_ACCESS_ERR", "COMM_EST", "SQ_DRAINED", "PATH_MIG", "PATH_MIG_ERR",
        "DEVICE_FATAL", "PORT_ACTIVE", "PORT_ERR", "LID_CHANGE", "PKEY_CHANGE", "SM_CHANGE", "SRQ_ERR",
        "SRQ_LIMIT_REACHED", "QP_LAST_WQE_REACHED", "CLIENT_REREGISTER", "GID_CHANGE", "WQ_FATAL")]
    + ["IBV_ACCESS_LOCAL_WRITE", "IBV_ACCESS_REMOTE_WRITE", "IBV_ACCESS_REMOTE_READ", "IBV_ACCESS_REMOTE_ATOMIC"]
    + ["IBV_PORT_NOP", "IBV_PORT_DOWN", "IBV_PORT_INIT", "IBV_PORT_ARMED", "IBV_PORT_ACTIVE", "IBV_PORT_ACTIVE_DEFER"]
    + ["IBV_LINK_LAYER_UNSPECIFIED", "IBV_LINK_LAYER_INFINIBAND", "IBV_LINK_LAYER_ETHERNET"]
    + ["IBV_TRANSPORT_IB", "IBV_TRANSPORT_IWARP", "IBV_NODE_CA", "IBV_NODE_RNIC"]
    + ["AF_INET", "AF_INET6"]
)

BY_NAME = {t[0]: t for t in TYPES}
anon_counter = [0]


def align_up(x, a):
    return (x + a - 1) // a * a


class Node:
    """A laid-out member: kind, name, size, align, java layout expression, children for groups."""

    def __init__(self, kind, name, size, align, expr, children=None, cls=None, spec=None):
        self.kind, self.name, self.size, self.align, self.expr = kind, name, size, align, expr
        self.children, self.cls, self.spec, self.offset = children or [], cls, spec, 0


def layout_group(kind, fields, name):
    """Returns (size, align, member nodes with offsets, layout expression)."""
    nodes = [member(f) for f in fields]
    parts = []
    if kind == S:
        off, al = 0, 1
        for n in nodes:
            a = align_up(off, n.align)
            if a != off:
                parts.append("MemoryLayout.paddingLayout(%d)" % (a - off))
            n.offset = a
            parts.append(n.expr)
            off = a + n.size
            al = max(al, n.align)
        size = align_up(off, al)
        if size != off:
            parts.append("MemoryLayout.paddingLayout(%d)" % (size - off))
        fn = "structLayout"
    else:
        size = max(n.size for n in nodes)
        al = max(n.align for n in nodes)
        for n in nodes:
            n.offset = 0
            parts.append(n.expr)
        full = align_up(size, al)
        if full != size:
            parts.append("MemoryLayout.paddingLayout(%d)" % full)
        size = full
        fn = "unionLayout"
    expr = "MemoryLayout.%s(\n%s\n)" % (fn, ",\n".join("    " + p.replace("\n", "\n    ") for p in parts))
    if name:
        expr += '.withName("%s")' % name
    return size, al, nodes, expr


def member(f):
    k = f[0]
    if k in PRIM:
        c = PRIM[k]
        return Node("prim", f[1], c[3], c[3], '%s.%s.withName("%s")' % (H, c[0], f[1]), spec=k)
    if k == "arr":
        c = PRIM[f[2]]
        return Node("arr", f[1], c[3] * f[3], c[3],
                    'MemoryLayout.sequenceLayout(%d, %s.%s).withName("%s")' % (f[3], H, c[0], f[1]), spec=f)
    if k == "ref":
        t = BY_NAME[f[2]]
        size, al, _, _ = layout_group(t[1], t[2], t[0])
        return Node("ref", f[1], size, al, '%s.layout().withName("%s")' % (f[2], f[1]), cls=f[2])
    if k == "fptr":
        return Node("fptr", f[1], 8, 8, '%s.C_POINTER.withName("%s")' % (H, f[1]), spec=f)
    if k == "nested":
        size, al, nodes, expr = layout_group(f[2], f[3], f[1])
        return Node("nested", f[1], size, al, expr, children=nodes, spec=f)
    if k == "anon":
        anon_counter[0] += 1
        nm = "$anon$%d" % anon_counter[0]
        size, al, nodes, expr = layout_group(f[1], f[2], nm)
        return Node("anon", nm, size, al, expr, children=nodes, spec=f)
    raise ValueError(f)


def jt(k):
    return "void" if k is None else PRIM[k][1]


def lay(k):
    return "%s.%s" % (H, PRIM[k][0])


def desc(ret, args):
    a = ", ".join(lay(x) for x in args)
    if ret is None:
        return "FunctionDescriptor.ofVoid(%s)" % a
    return "FunctionDescriptor.of(%s%s)" % (lay(ret), (", " + a) if a else "")


TRY = """        try {
            %s
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex$) {
            throw new AssertionError("should not reach here", ex$);
        }"""


def fptr_class(n, ind):
    _, name, ret, args = n.spec
    params = ", ".join("%s x%d" % (jt(a), i) for i, a in enumerate(args))
    call_args = ", ".join("x%d" % i for i in range(len(args)))
    inv = ("(%s) DOWN$MH.invokeExact(funcPtr%s)" % (jt(ret), (", " + call_args) if call_args else "")) \
        if ret else "DOWN$MH.invokeExact(funcPtr%s)" % ((", " + call_args) if call_args else "")
    body = ("return " + inv + ";") if ret else inv + ";"
    s = f"""
/**
 * {{@snippet lang=c :
 * {ret or 'void'} (*{name})({", ".join(a if a else 'void' for a in args)})
 * }}
 */
public static class {name} {{

    {name}() {{
        // Should not be called directly
    }}

    /**
     * The function pointer signature, expressed as a functional interface
     */
    public interface Function {{
        {jt(ret)} apply({params});
    }}

    private static final FunctionDescriptor $DESC = {desc(ret, args)};

    /**
     * The descriptor for this function pointer type
     */
    public static FunctionDescriptor descriptor() {{
        return $DESC;
    }}

    private static final MethodHandle UP$MH = {H}.upcallHandle({name}.Function.class, "apply", $DESC);

    /**
     * Allocates a new upcall stub, whose implementation is defined by {{@code fi}}.
     * The lifetime of the returned segment is managed by {{@code arena}}
     */
    public static MemorySegment allocate({name}.Function fi, Arena arena) {{
        return Linker.nativeLinker().upcallStub(UP$MH.bindTo(fi), $DESC, arena);
    }}

    private static final MethodHandle DOWN$MH = Linker.nativeLinker().downcallHandle($DESC);

    /**
     * Invoke the upcall stub {{@code funcPtr}}, with given parameters
     */
    public static {jt(ret)} invoke(MemorySegment funcPtr{(", " + params) if params else ""}) {{
{TRY % body}
    }}
}}
"""
    return indent(s, ind)


def indent(s, n):
    pad = " " * n
    return "\n".join((pad + l) if l.strip() else "" for l in s.split("\n"))


def accessors(n, path, ind, cls, owner_layout="$LAYOUT"):
    """Accessors for member n; path = list of groupElement names from the class layout; offset absolute."""
    sel = ", ".join('groupElement("%s")' % p for p in path)
    name, off = n.name, n.offset
    out = []
    if n.kind in ("prim", "fptr"):
        k = "ptr" if n.kind == "fptr" else n.spec
        c = PRIM[k]
        out.append(f"""
private static final {c[2]} {name}$LAYOUT = ({c[2]}){owner_layout}.select({sel});

/**
 * Layout for field:
 * {{@snippet lang=c :
 * {name}
 * }}
 */
public static final {c[2]} {name}$layout() {{
    return {name}$LAYOUT;
}}

private static final long {name}$OFFSET = {off};

/**
 * Offset for field:
 * {{@snippet lang=c :
 * {name}
 * }}
 */
public static final long {name}$offset() {{
    return {name}$OFFSET;
}}

/**
 * Getter for field:
 * {{@snippet lang=c :
 * {name}
 * }}
 */
public static {c[1]} {name}(MemorySegment struct) {{
    return struct.get({name}$LAYOUT, {name}$OFFSET);
}}

/**
 * Setter for field:
 * {{@snippet lang=c :
 * {name}
 * }}
 */
public static void {name}(MemorySegment struct, {c[1]} fieldValue) {{
    struct.set({name}$LAYOUT, {name}$OFFSET, fieldValue);
}}
""")
    elif n.kind == "arr":
        _, _, ek, cnt = n.spec
        c = PRIM[ek]
        out.append(f"""
private static final SequenceLayout {name}$LAYOUT = (SequenceLayout){owner_layout}.select({sel});

/**
 * Layout for field:
 * {{@snippet lang=c :
 * {name}[{cnt}]
 * }}
 */
public static final SequenceLayout {name}$layout() {{
    return {name}$LAYOUT;
}}

private static final long {name}$OFFSET = {off};

/**
 * Offset for field:
 * {{@snippet lang=c :
 * {name}[{cnt}]
 * }}
 */
public static final long {name}$offset() {{
    return {name}$OFFSET;
}}

/**
 * Getter for field:
 * {{@snippet lang=c :
 * {name}[{cnt}]
 * }}
 */
public static MemorySegment {name}(MemorySegment struct) {{
    return struct.asSlice({name}$OFFSET, {name}$LAYOUT.byteSize());
}}

/**
 * Setter for field:
 * {{@snippet lang=c :
 * {name}[{cnt}]
 * }}
 */
public static void {name}(MemorySegment struct, MemorySegment fieldValue) {{
    MemorySegment.copy(fieldValue, 0L, struct, {name}$OFFSET, {name}$LAYOUT.byteSize());
}}

private static long[] {name}$DIMS = {{ {cnt} }};

/**
 * Dimensions for array field:
 * {{@snippet lang=c :
 * {name}[{cnt}]
 * }}
 */
public static long[] {name}$dimensions() {{
    return {name}$DIMS;
}}
private static final VarHandle {name}$ELEM_HANDLE = {name}$LAYOUT.varHandle(sequenceElement());

/**
 * Indexed getter for field:
 * {{@snippet lang=c :
 * {name}[{cnt}]
 * }}
 */
public static {c[1]} {name}(MemorySegment struct, long index0) {{
    return ({c[1]}){name}$ELEM_HANDLE.get(struct, {name}$OFFSET, index0);
}}

/**
 * Indexed setter for field:
 * {{@snippet lang=c :
 * {name}[{cnt}]
 * }}
 */
public static void {name}(MemorySegment struct, long index0, {c[1]} fieldValue) {{
    {name}$ELEM_HANDLE.set(struct, {name}$OFFSET, index0, fieldValue);
}}
""")
    elif n.kind in ("ref", "nested"):
        out.append(f"""
private static final GroupLayout {name}$LAYOUT = (GroupLayout){owner_layout}.select({sel});

/**
 * Layout for field:
 * {{@snippet lang=c :
 * {name}
 * }}
 */
public static final GroupLayout {name}$layout() {{
    return {name}$LAYOUT;
}}

private static final long {name}$OFFSET = {off};

/**
 * Offset for field:
 * {{@snippet lang=c :
 * {name}
 * }}
 */
public static final long {name}$offset() {{
    return {name}$OFFSET;
}}

/**
 * Getter for field:
 * {{@snippet lang=c :
 * {name}
 * }}
 */
public static MemorySegment {name}(MemorySegment struct) {{
    return struct.asSlice({name}$OFFSET, {name}$LAYOUT.byteSize());
}}

/**
 * Setter for field:
 * {{@snippet lang=c :
 * {name}
 * }}
 */
public static void {name}(MemorySegment struct, MemorySegment fieldValue) {{
    MemorySegment.copy(fieldValue, 0L, struct, {name}$OFFSET, {name}$LAYOUT.byteSize());
}}
""")
    elif n.kind == "anon":
        res = []
        for ch in n.children:
            ch2 = Node(ch.kind, ch.name, ch.size, ch.align, ch.expr, ch.children, ch.cls, ch.spec)
            ch2.offset = off + ch.offset
            res.append(accessors(ch2, path + [ch.name], 0, cls, owner_layout))
        return indent("".join(res), ind)
    if n.kind == "fptr":
        out.append(fptr_class(n, 0))
    if n.kind == "nested":
        out.append(nested_class(n, 0, path, cls))
    return indent("".join(out), ind)


def nested_class(n, ind, path, parent):
    name = n.name
    sel = ", ".join('groupElement("%s")' % p for p in path)
    body = []
    for ch in n.children:
        body.append(accessors(ch, [ch.name], 4, parent + "." + name))
    s = f"""
/**
 * {{@snippet lang=c :
 * {n.spec[2]} {{ ... }} {name}
 * }}
 */
public static class {name} {{

    {name}() {{
        // Should not be called directly
    }}

    private static final GroupLayout $LAYOUT = (GroupLayout){parent}.layout().select({sel});

    /**
     * The layout of this {n.spec[2]}
     */
    public static final GroupLayout layout() {{
        return $LAYOUT;
    }}
{"".join(body)}
{indent(TAIL, 4)}
}}
"""
    return indent(s, ind)


TAIL = """
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
}"""

PREAMBLE = """// Generated in the shape of jextract 22 output (see dat-provider-rdmacm/jextract); do not edit.
// Platform: x86_64 Linux, rdma-core 44 headers (rdma/rdma_cma.h, infiniband/verbs.h).

package %s;

import java.lang.invoke.*;
import java.lang.foreign.*;
import java.nio.ByteOrder;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

import static java.lang.foreign.ValueLayout.*;
import static java.lang.foreign.MemoryLayout.PathElement.*;
""" % PKG


def struct_file(t):
    name, kind, fields = t
    anon_counter[0] = 0
    size, al, nodes, expr = layout_group(kind, fields, name)
    body = []
    for n in nodes:
        body.append(accessors(n, [n.name], 4, name))
    text = PREAMBLE + f"""
/**
 * {{@snippet lang=c :
 * {kind} {name} {{ ... }}
 * }}
 */
public class {name} {{

    {name}() {{
        // Should not be called directly
    }}

    private static final GroupLayout $LAYOUT = {indent(expr, 4).lstrip()};

    /**
     * The layout of this {kind}
     */
    public static final GroupLayout layout() {{
        return $LAYOUT;
    }}
{"".join(body)}
{indent(TAIL, 4)}
}}
"""
    return text, size


def constant_values():
    src = "#include <stdio.h>\n#include <sys/socket.h>\n#include <rdma/rdma_cma.h>\n#include <infiniband/verbs.h>\n" \
          "int main(void) {\n"
    for c in CONSTANTS:
        src += '    printf("%%s %%lld\\n", "%s", (long long)(%s));\n' % (c, c)
    src += "    return 0;\n}\n"
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "c.c"), "w") as f:
            f.write(src)
        subprocess.check_call(["gcc", "-o", os.path.join(d, "c"), os.path.join(d, "c.c")])
        out = subprocess.check_output([os.path.join(d, "c")], text=True)
    return [(l.split()[0], int(l.split()[1])) for l in out.splitlines()]


def header_file():
    parts = [PREAMBLE, f"""
/**
 * The header class of {{@code rdma/rdma_cma.h}} (with the parts of {{@code infiniband/verbs.h}} it needs): function
 * handles and wrappers, constants, and the C layouts.
 */
public class {H} {{

    {H}() {{
        // Should not be called directly
    }}

    static final Arena LIBRARY_ARENA = Arena.ofAuto();
    static final boolean TRACE_DOWNCALLS = Boolean.getBoolean("jextract.trace.downcalls");

    static void traceDowncall(String name, Object... args) {{
         String traceArgs = Arrays.stream(args)
                       .map(Object::toString)
                       .collect(Collectors.joining(", "));
         System.out.printf("%s(%s)\\n", name, traceArgs);
    }}

    static MemorySegment findOrThrow(String symbol) {{
        return SYMBOL_LOOKUP.find(symbol)
            .orElseThrow(() -> new UnsatisfiedLinkError("unresolved symbol: " + symbol));
    }}

    static MethodHandle upcallHandle(Class<?> fi, String name, FunctionDescriptor fdesc) {{
        try {{
            return MethodHandles.lookup().findVirtual(fi, name, fdesc.toMethodType());
        }} catch (ReflectiveOperationException ex) {{
            throw new AssertionError(ex);
        }}
    }}

    static MemoryLayout align(MemoryLayout layout, long align) {{
        return switch (layout) {{
            case PaddingLayout p -> p;
            case ValueLayout v -> v.withByteAlignment(align);
            case GroupLayout g -> {{
                MemoryLayout[] alignedMembers = g.memberLayouts().stream()
                        .map(m -> align(m, align)).toArray(MemoryLayout[]::new);
                yield g instanceof StructLayout ?
                        MemoryLayout.structLayout(alignedMembers) : MemoryLayout.unionLayout(alignedMembers);
            }}
            case SequenceLayout s -> MemoryLayout.sequenceLayout(s.elementCount(), align(s.elementLayout(), align));
        }};
    }}

    static final SymbolLookup SYMBOL_LOOKUP = SymbolLookup.libraryLookup("librdmacm.so.1", LIBRARY_ARENA)
            .or(SymbolLookup.libraryLookup("libibverbs.so.1", LIBRARY_ARENA))
            .or(SymbolLookup.loaderLookup())
            .or(Linker.nativeLinker().defaultLookup());

    public static final ValueLayout.OfBoolean C_BOOL = ValueLayout.JAVA_BOOLEAN;
    public static final ValueLayout.OfByte C_CHAR = ValueLayout.JAVA_BYTE;
    public static final ValueLayout.OfShort C_SHORT = ValueLayout.JAVA_SHORT;
    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfLong C_LONG_LONG = ValueLayout.JAVA_LONG;
    public static final ValueLayout.OfFloat C_FLOAT = ValueLayout.JAVA_FLOAT;
    public static final ValueLayout.OfDouble C_DOUBLE = ValueLayout.JAVA_DOUBLE;
    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS
            .withTargetLayout(MemoryLayout.sequenceLayout(java.lang.Long.MAX_VALUE, JAVA_BYTE));
    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
"""]
    for name, ret, args in FUNCS:
        params = ", ".join("%s %s" % (jt(k), n) for k, n in args)
        names = ", ".join(n for _, n in args)
        inv = "mh$.invokeExact(%s)" % names
        body = ("return (%s) %s;" % (jt(ret), inv)) if ret else inv + ";"
        trace = 'traceDowncall("%s"%s);' % (name, (", " + names) if names else "")
        parts.append(f"""
    private static class {name} {{
        public static final FunctionDescriptor DESC = {desc(ret, [k for k, _ in args])};

        public static final MemorySegment ADDR = {H}.findOrThrow("{name}");

        public static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(ADDR, DESC);
    }}

    /**
     * Function descriptor for:
     * {{@snippet lang=c :
     * {name}(...)
     * }}
     */
    public static FunctionDescriptor {name}$descriptor() {{
        return {name}.DESC;
    }}

    /**
     * Downcall method handle for:
     * {{@snippet lang=c :
     * {name}(...)
     * }}
     */
    public static MethodHandle {name}$handle() {{
        return {name}.HANDLE;
    }}

    /**
     * Address for:
     * {{@snippet lang=c :
     * {name}(...)
     * }}
     */
    public static MemorySegment {name}$address() {{
        return {name}.ADDR;
    }}

    /**
     * {{@snippet lang=c :
     * {name}(...)
     * }}
     */
    public static {jt(ret)} {name}({params}) {{
        var mh$ = {name}.HANDLE;
        try {{
            if (TRACE_DOWNCALLS) {{
                {trace}
            }}
            {body}
        }} catch (Error | RuntimeException ex) {{
           throw ex;
        }} catch (Throwable ex$) {{
           throw new AssertionError("should not reach here", ex$);
        }}
    }}
""")
    for cname, v in constant_values():
        if -2**31 <= v < 2**31:
            parts.append(f"""
    private static final int {cname} = (int){v}L;

    /**
     * {{@snippet lang=c :
     * {cname} = {v}
     * }}
     */
    public static int {cname}() {{
        return {cname};
    }}
""")
        else:
            parts.append(f"""
    private static final long {cname} = {v}L;

    /**
     * {{@snippet lang=c :
     * {cname} = {v}
     * }}
     */
    public static long {cname}() {{
        return {cname};
    }}
""")
    parts.append("}\n")
    return "".join(parts)


def main():
    os.makedirs(OUT, exist_ok=True)
    for t in TYPES:
        text, size = struct_file(t)
        with open(os.path.join(OUT, t[0] + ".java"), "w") as f:
            f.write(text)
        print("%-20s %4d bytes" % (t[0], size))
    with open(os.path.join(OUT, H + ".java"), "w") as f:
        f.write(header_file())


if __name__ == "__main__":
    main()
