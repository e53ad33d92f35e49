#!/usr/bin/env python3
# Regenerates the tables of docs/porting.md from the installed DAT headers (/usr/include/dat2, Debian libdapl-dev)
# and the mapping below. The notes are written here, not in the .md. PortingTableTest checks the result.
import re
H='/usr/include/dat2/'
src={f:open(H+f).read() for f in ['dat.h','udat.h','dat_error.h']}
allsrc='\n'.join(src.values())
def enum_names(tname):
    m=re.search(r'typedef\s+enum\s+'+tname+r'\s*\{(.*?)\}',allsrc,re.S)
    body=re.sub(r'/\*.*?\*/','',m.group(1),flags=re.S)
    body='\n'.join(l for l in body.split('\n') if not l.strip().startswith('#'))
    return [re.match(r'\s*(\w+)',e).group(1) for e in body.split(',') if e.strip()]
F={
'dat_ia_open':('Dat.openInterfaceAdapter','Macro over dat_ia_openv with version 2.0; the async EVD is created by the IA and returned by asyncEventDispatcher().'),
'dat_ia_openv':('Registry.open','Takes the IA name and the async EVD queue length. Version and thread-safety arguments are gone: dat4j implements DAT 2.0 and every provider is thread safe.'),
'dat_ia_query':('InterfaceAdapter.attributes','providerAttributes() and asyncEventDispatcher() give the other two outputs; no parameter masks, records are cheap. max_ep_per_srq and max_recv_per_srq are maxEndpointsPerSrq() and maxRecvPerSrq().'),
'dat_ia_close':('InterfaceAdapter.close','close(CloseMode); close() is ABRUPT.'),
'dat_set_consumer_context':('Handle.consumerContext','Setter overload consumerContext(Object).'),
'dat_get_consumer_context':('Handle.consumerContext',''),
'dat_get_handle_type':('Handle.handleType',''),
'dat_strerror':('DatStatus.strerror','Returns the major and minor text as one string.'),
'dat_registry_list_providers':('Registry.listProviders','Dat.listProviders() for the default registry; each listing also says whether the IA can be opened and why not.'),
'dat_extension_op':(None,'IB extensions (atomics, immediate data, UD, counters) are not part of dat4j 0.1; providers declare no extension capability.'),
'dat_evd_create':('InterfaceAdapter.createEventDispatcher',''),
'dat_evd_query':('EventDispatcher.query',''),
'dat_evd_resize':('EventDispatcher.resize','Capability EVD_RESIZE.'),
'dat_evd_post_se':('EventDispatcher.postSoftwareEvent','The payload is any Java object instead of a pointer.'),
'dat_evd_dequeue':('EventDispatcher.dequeue','dequeue() throws QUEUE_EMPTY like C and returns a new record; poll() returns null instead, for polling loops; dequeue(EventSlot) fills a caller-owned, reusable EventSlot as C fills the DAT_EVENT the caller passes and returns false when empty: no allocation per event (DTO completions and software events).'),
'dat_evd_wait':('EventDispatcher.await','Timeout is a Duration (EventDispatcher.INFINITE for DAT_TIMEOUT_INFINITE); await(timeout, threshold) returns a new record and nmore is size(); await(timeout, threshold, EventSlot) fills a caller-owned EventSlot and returns nmore, allocation-free.'),
'dat_evd_enable':('EventDispatcher.enable',''),
'dat_evd_disable':('EventDispatcher.disable',''),
'dat_evd_set_unwaitable':('EventDispatcher.setUnwaitable',''),
'dat_evd_clear_unwaitable':('EventDispatcher.clearUnwaitable',''),
'dat_evd_modify_cno':('EventDispatcher.modifyNotifier','Capability CNO.'),
'dat_evd_free':('EventDispatcher.close',''),
'dat_cno_create':('InterfaceAdapter.createConsumerNotifier','No OS proxy agent: a Java thread waits with ConsumerNotifier.await. Capability CNO.'),
'dat_cno_fd_create':(None,'A file descriptor to select() on has no Java counterpart; wait on the CNO from a thread instead.'),
'dat_cno_modify_agent':(None,'OS proxy agents (wait proxies) have no Java counterpart; a thread waiting on the CNO replaces them.'),
'dat_cno_query':('ConsumerNotifier.interfaceAdapter','The only parameter without a proxy agent is the IA.'),
'dat_cno_wait':('ConsumerNotifier.await','Returns the EVD that fired.'),
'dat_cno_trigger':('ConsumerNotifier.trigger',''),
'dat_cno_free':('ConsumerNotifier.close',''),
'dat_ep_create':('InterfaceAdapter.createEndpoint','A zeroed DAT_EP_ATTR field means what it means to libdapl, and DAT_VALUE_UNKNOWN is EndpointAttributes.VALUE_UNKNOWN: see "C idioms and what they become".'),
'dat_ep_create_with_srq':('InterfaceAdapter.createEndpointWithSrq','Capability SRQ.'),
'dat_ep_query':('Endpoint.query',''),
'dat_ep_modify':('Endpoint.modify','Takes whole attributes instead of a mask; the PZ (`DAT_EP_FIELD_PZ_HANDLE`) with `Endpoint.modifyProtectionZone`, while UNCONNECTED or, for a provider-created EP, TENTATIVE_CONNECTION_PENDING.'),
'dat_ep_get_status':('Endpoint.status',''),
'dat_ep_recv_query':(None,'SRQ watermark accounting of an EP; dat4j reports SRQ occupancy with SharedReceiveQueue.available().'),
'dat_ep_set_watermark':(None,'Per-EP SRQ watermarks are not offered; SharedReceiveQueue.setLowWatermark covers the SRQ.'),
'dat_ep_connect':('Endpoint.connect','The remote address is an InetAddress, the timeout a Duration; the short form passes BEST_EFFORT and DEFAULT.'),
'dat_ep_dup_connect':('Endpoint.dupConnect','Capability DUP_CONNECT.'),
'dat_ep_common_connect':(None,'The CSP (common service point) model is not implemented: no provider of dat4j or C uDAPL\'s cma supports it.'),
'dat_ep_disconnect':('Endpoint.disconnect','ABRUPT returns once the EP is DISCONNECTED and the event posted (at most 250 ms, then forced), as libdapl: see "C idioms and what they become".'),
'dat_ep_reset':('Endpoint.reset',''),
'dat_ep_free':('Endpoint.close',''),
'dat_ep_post_send':('Endpoint.postSend','Segments are a List of LocalMemoryTriplet; one-segment overload.'),
'dat_ep_post_send_with_invalidate':(None,'Remote invalidation needs memory windows bound per EP; not offered in 0.1.'),
'dat_ep_post_recv':('Endpoint.postRecv',''),
'dat_ep_post_rdma_read':('Endpoint.postRdmaRead','Capability RDMA_READ.'),
'dat_ep_post_rdma_read_to_rmr':(None,'iWARP read-to-RMR needs memory windows; not offered in 0.1.'),
'dat_ep_post_rdma_write':('Endpoint.postRdmaWrite','Capability RDMA_WRITE.'),
'dat_cr_query':('ConnectionRequest.query','Also returns the RDMA read depths the requester asked for.'),
'dat_cr_accept':('ConnectionRequest.accept','null EP means the EP the CR names (RSP or provider-created).'),
'dat_cr_reject':('ConnectionRequest.reject',''),
'dat_cr_handoff':('ConnectionRequest.handoff','Capability CR_HANDOFF.'),
'dat_psp_create':('InterfaceAdapter.createPublicServicePoint',''),
'dat_psp_create_any':('InterfaceAdapter.createPublicServicePointAny','The chosen qualifier is PublicServicePoint.connectionQualifier().'),
'dat_psp_query':('PublicServicePoint.flag','Accessors: connectionQualifier(), eventDispatcher(), interfaceAdapter(), flag().'),
'dat_psp_free':('PublicServicePoint.close',''),
'dat_rsp_create':('InterfaceAdapter.createReservedServicePoint','Capability RSP.'),
'dat_rsp_query':('ReservedServicePoint.endpoint','Accessors: connectionQualifier(), eventDispatcher(), endpoint().'),
'dat_rsp_free':('ReservedServicePoint.close',''),
'dat_csp_create':(None,'Common service points (DAT 2.0 CSP model) are not implemented; use PSPs.'),
'dat_csp_query':(None,'See dat_csp_create.'),
'dat_csp_free':(None,'See dat_csp_create.'),
'dat_pz_create':('InterfaceAdapter.createProtectionZone',''),
'dat_pz_query':('ProtectionZone.interfaceAdapter',''),
'dat_pz_free':('ProtectionZone.close',''),
'dat_lmr_create':('InterfaceAdapter.createLocalMemoryRegion','The region is a native MemorySegment (DAT_MEM_TYPE_VIRTUAL, DAT_VA_TYPE_VA); contexts, size and address are accessors of the LMR.'),
'dat_lmr_query':('LocalMemoryRegion.privileges','Accessors: lmrContext(), rmrContext(), registeredSize(), registeredAddress(), segment(), protectionZone(), privileges().'),
'dat_lmr_free':('LocalMemoryRegion.close',''),
'dat_lmr_sync_rdma_read':(None,'Only needed on platforms without coherent DMA; Java runs on none such, and FFM memory is coherent.'),
'dat_lmr_sync_rdma_write':(None,'See dat_lmr_sync_rdma_read.'),
'dat_rmr_create':('InterfaceAdapter.createRemoteMemoryRegion','Capability RMR.'),
'dat_rmr_create_for_ep':(None,'Type-2 memory windows for one EP are not offered; RemoteMemoryRegion.bind names the EP.'),
'dat_rmr_query':('RemoteMemoryRegion.rmrContext',''),
'dat_rmr_bind':('RemoteMemoryRegion.bind','Capability RMR.'),
'dat_rmr_free':('RemoteMemoryRegion.close',''),
'dat_srq_create':('InterfaceAdapter.createSharedReceiveQueue','Capability SRQ.'),
'dat_srq_free':('SharedReceiveQueue.close',''),
'dat_srq_post_recv':('SharedReceiveQueue.postRecv','postRecv(segments, cookie) is the C call; a third argument, Java only, gives completion flags.'),
'dat_srq_query':('SharedReceiveQueue.query',''),
'dat_srq_resize':('SharedReceiveQueue.resize',''),
'dat_srq_set_lw':('SharedReceiveQueue.setLowWatermark','One-shot as the verbs SRQ limit: the event is an AsyncErrorEvent with reasonCode SRQ_LOW_WATERMARK_EVENT (number PROVIDER_INTERNAL_ERROR, the headers give it none); the watermark then reads 0 until set again.'),
}
funcs=sorted(set(re.findall(r'\b(dat_[a-z0-9_]+)\s*\(',src['dat.h']+src['udat.h'])))
missing=[f for f in funcs if f not in F]
assert not missing, missing
ENUMS=[('dat_event_number','Events','EventNumber'),
 ('dat_dto_completion_status','DTO completion statuses','DtoStatus'),
 ('dat_return_type','Status types','StatusType'),
 ('dat_return_subtype','Status subtypes','StatusSubtype'),
 ('dat_completion_flags','Completion flags','CompletionFlag'),
 ('dat_evd_flags','EVD flags','EventStream'),
 ('dat_mem_priv_flags','Memory privileges','MemoryPrivilege'),
 ('dat_close_flags','Close flags','CloseMode'),
 ('dat_psp_flags','PSP flags','ServicePointFlag'),
 ('dat_connect_flags','Connect flags','ConnectFlag'),
 ('dat_qos','QoS','Qos'),
 ('dat_dtos','DTO operations','DtoOperation'),
 ('dat_ep_state','EP states','EndpointState'),
 ('dat_handle_type','Handle types','HandleType'),
 ('ia_async_error_reason','Async reasons of an IA','AsyncErrorReason'),
 ('ep_async_error_reason','Async reasons of an EP','AsyncErrorReason'),
 ('evd_async_error_reason','Async reasons of an EVD','AsyncErrorReason'),
 ('srq_async_error_reason','Async reasons of an SRQ','AsyncErrorReason'),
 ('lmr_async_error_reason','Async reasons of an LMR','AsyncErrorReason'),
 ('rmr_async_error_reason','Async reasons of an RMR','AsyncErrorReason'),
 ('pz_async_error_reason','Async reasons of a PZ','AsyncErrorReason')]
special={
 'DAT_COMPLETION_DEFAULT_FLAG':('CompletionFlag.DEFAULT','The empty set.'),
 'DAT_EVD_DEFAULT_FLAG':('EventStream.DEFAULT',''),
 'DAT_MEM_PRIV_NONE_FLAG':('MemoryPrivilege.NONE','The empty set.'),
 'DAT_MEM_PRIV_ALL_FLAG':('MemoryPrivilege.ALL',''),
 'DAT_CLOSE_ABRUPT_FLAG':('CloseMode.ABRUPT',''),
 'DAT_CLOSE_GRACEFUL_FLAG':('CloseMode.GRACEFUL',''),
 'DAT_PSP_CONSUMER_FLAG':('ServicePointFlag.CONSUMER',''),
 'DAT_PSP_PROVIDER_FLAG':('ServicePointFlag.PROVIDER',''),
 'DAT_CONNECT_DEFAULT_FLAG':('ConnectFlag.DEFAULT',''),
 'DAT_CONNECT_MULTIPATH_REQUESTED_FLAG':('ConnectFlag.MULTIPATH_REQUESTED',''),
 'DAT_CONNECT_MULTIPATH_REQUIRED_FLAG':('ConnectFlag.MULTIPATH_REQUIRED',''),
 'DAT_MEM_PRIV_LOCAL_READ_FLAG':('MemoryPrivilege.LOCAL_READ',''),
 'DAT_MEM_PRIV_REMOTE_READ_FLAG':('MemoryPrivilege.REMOTE_READ',''),
 'DAT_MEM_PRIV_LOCAL_WRITE_FLAG':('MemoryPrivilege.LOCAL_WRITE',''),
 'DAT_MEM_PRIV_REMOTE_WRITE_FLAG':('MemoryPrivilege.REMOTE_WRITE',''),
 'DAT_MEM_PRIV_EXTENSION_BASE':(None,'Extension privileges are not offered (no IB extensions in 0.1).'),
 'DAT_EXTENSION_BASE':('StatusType.EXTENSION_BASE',''),
 'DAT_DTO_SUCCESS':('DtoStatus.SUCCESS',''),
 'DAT_DTO_EXTENSION_BASE':(None,'No IB extension operations in 0.1.'),
 'DAT_EXTENSION_EVENT':(None,'No IB extension events in 0.1.'),
 'DAT_IB_EXTENSION_RANGE_BASE':(None,'IB extension event numbers start here; no IB extensions in 0.1.'),
 'DAT_IW_EXTENSION_RANGE_BASE':(None,'iWARP extension event numbers start here; no extensions in 0.1.'),
 'DAT_EVD_EXTENSION_BASE':(None,'No extension event streams in 0.1.'),
 'DAT_IB_EXTENSION_EVENT':(None,'No IB extension events in 0.1.'),
 'DAT_IW_EXTENSION_EVENT':(None,'No iWARP extension events in 0.1.'),
 'DAT_EVD_ASYNC_FLAG':('EventStream.ASYNC',''),
 'DAT_RMR_OPERATION_FAILED':('DtoStatus.RMR_OPERATION_FAILED',''),
 'DAT_HANDLE_TYPE_EXTENSION_BASE':(None,'No extension handle types in 0.1.'),
 'DAT_SERVICE_TYPE_RC':(None,''),
}
def java_for(cname,cls):
    if cname in special: return special[cname]
    n=cname
    pre={'EventNumber':'DAT_','DtoStatus':'DAT_DTO_ERR_','StatusType':'DAT_','StatusSubtype':'DAT_','CompletionFlag':'DAT_COMPLETION_','EventStream':'DAT_EVD_','Qos':'DAT_QOS_','DtoOperation':'DAT_DTO_','EndpointState':'DAT_EP_STATE_','HandleType':'DAT_HANDLE_TYPE_','AsyncErrorReason':'DAT_'}[cls]
    assert n.startswith(pre),(n,cls)
    m=n[len(pre):]
    if cls in('CompletionFlag','EventStream') and m.endswith('_FLAG'): m=m[:-5]
    return (cls+'.'+m,'')
out=[]
out.append('''# Porting C uDAPL programs to dat4j

Every `dat_*` function of `dat.h` and `udat.h` (Debian `libdapl-dev`, `/usr/include/dat2`) and every `DAT_*` event,
flag, status and state, with its Java counterpart, or the reason it has none. `PortingTableTest` (dat-api) reads the
installed headers and fails when a C name is missing here, or when a Java counterpart named here does not exist.

How the Java side differs, once for all rows:
- Handles are objects; `dat_*_free` is `close()` (idempotent, children first). A call on a closed handle throws
  `DatException` with `INVALID_HANDLE`.
- A call that returns a `DAT_RETURN` other than `DAT_SUCCESS` throws `DatException`; `type()`, `subtype()` and `raw()`
  give the C values. Compare the type, as `DAT_GET_TYPE` does.
- Outputs become return values or records; parameter masks are gone (a query returns everything).
- Flags are `Set`s of enums; each enum constant keeps its C value (`value()`) and C name (`cName()` where defined).
- Timeouts are `java.time.Duration`; `EventDispatcher.INFINITE` is `DAT_TIMEOUT_INFINITE`.
- Memory is `java.lang.foreign.MemorySegment` (native); triplets are records.

## Functions

| C | Java | Notes |
|---|---|---|
''')
for f in funcs:
    j,n=F[f]
    out.append(f'| `{f}` | {"`"+j+"`" if j else "—"} | {n} |\n')
for t,title,cls in ENUMS:
    names=enum_names(t)
    out.append(f'\n## {title} (`{t}`)\n\n| C | Java | Notes |\n|---|---|---|\n')
    for c in names:
        j,n=java_for(c,cls)
        out.append(f'| `{c}` | {"`"+j+"`" if j else "—"} | {n} |\n')
import os
target = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'docs', 'porting.md')
MARK = '<!-- end of the generated tables: what follows is written by hand and kept by this script -->\n'
kept = ''
if os.path.exists(target):
    text = open(target).read()
    if MARK in text:
        kept = text.split(MARK, 1)[1]
open(target, 'w').write(''.join(out) + '\n' + MARK + kept)
print(len(funcs), sum(len(enum_names(t)) for t,_,_ in ENUMS))
