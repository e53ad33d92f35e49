package io.dat4j.conformance;

import static io.dat4j.conformance.Checks.assertStatus;
import static io.dat4j.conformance.Checks.assertSucceeds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.Capability;
import io.dat4j.CloseMode;
import io.dat4j.ConnectionRequest;
import io.dat4j.Dat;
import io.dat4j.Endpoint;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.Handle;
import io.dat4j.HandleType;
import io.dat4j.InterfaceAdapter;
import io.dat4j.InterfaceAdapterAttributes;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.ProviderAttributes;
import io.dat4j.PublicServicePoint;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.ResourceTracker;
import io.dat4j.conformance.support.Rule;
import java.util.EnumSet;
import java.util.List;

/**
 * The IA: open and close ({@code dat_ia_open}, {@code dat_ia_close}), attributes ({@code dat_ia_query}), the generic
 * handle calls, and the dapltest FFT cases hwconn and queryinfo.
 */
public abstract class InterfaceAdapterConformance extends ConformanceBase {

    /** For subclasses. */
    protected InterfaceAdapterConformance() {
    }

    @Rule(id = "FFT-HWCONN-0", level = Level.REQUIRED,
            text = "An IA opens by name and closes; the closed handle reports isClosed()")
    void openAndClose() {
        final InterfaceAdapter ia = rig().open();
        assertEquals(rig().fixture().interfaceAdapterName(), ia.name(), "IA name");
        assertEquals(HandleType.IA, ia.handleType(), "handle type");
        assertFalse(ia.isClosed(), "a new IA is open");
        ia.close();
        assertTrue(ia.isClosed(), "a closed IA reports isClosed()");
    }

    @Rule(id = "FFT-HWCONN-1", level = Level.REQUIRED,
            text = "Opening an IA under an unknown name (\"40\", \"x\", \"xsdf\", \"x34\", \"34df\") fails with "
                    + "PROVIDER_NOT_FOUND")
    void badNamesAreNotFound() {
        for (final String name : List.of("40", "x", "xsdf", "x34", "34df")) {
            assertStatus("dat_ia_open(\"" + name + "\")", () -> ResourceTracker.track(
                    Dat.openInterfaceAdapter(name)).close(), StatusType.PROVIDER_NOT_FOUND);
        }
    }

    @Rule(id = "FFT-HWCONN-2", level = Level.REQUIRED,
            text = "A call on a closed IA handle fails with INVALID_HANDLE (dat_ia_close(NULL) in C)")
    void closedIaIsAnInvalidHandle() {
        final InterfaceAdapter ia = rig().open();
        ia.close();
        assertStatus("createProtectionZone on a closed IA", ia::createProtectionZone, StatusType.INVALID_HANDLE);
        assertStatus("createEventDispatcher on a closed IA",
                () -> ia.createEventDispatcher(4, null, EnumSet.of(EventStream.SOFTWARE)),
                StatusType.INVALID_HANDLE);
        assertSucceeds("a second close of the IA", ia::close);
    }

    @Rule(id = "FFT-HWCONN-3", level = Level.REQUIRED,
            text = "An ABRUPT close of an IA with live children succeeds and closes every child")
    void abruptCloseClosesChildren() {
        final InterfaceAdapter ia = rig().open();
        final Rig.Side side = rig().side(ia, null);
        final Rig.Buffer buf = rig().buffer(side, 4096, MemoryPrivilege.ALL);
        final Rig.Listener l = rig().listen(ia, ServicePointFlag.CONSUMER);
        side.ep().postRecv(buf.triplet(), 1);
        ia.close(CloseMode.ABRUPT);
        for (final Handle h : List.<Handle>of(side.ep(), side.pz(), side.recvEvd(), side.requestEvd(),
                side.connectEvd(), buf.lmr(), l.psp(), l.crEvd())) {
            assertTrue(h.isClosed(), h.handleType() + " must be closed by the IA's ABRUPT close");
        }
    }

    @Rule(id = "IA-01", level = Level.REQUIRED,
            text = "A GRACEFUL close fails with INVALID_STATE while a child is open, and succeeds once none is")
    void gracefulCloseNeedsNoChildren() {
        final InterfaceAdapter ia = rig().open();
        final ProtectionZone pz = rig().pz(ia);
        assertStatus("GRACEFUL close with a PZ open", () -> ia.close(CloseMode.GRACEFUL), StatusType.INVALID_STATE);
        assertFalse(ia.isClosed(), "the IA stays open after a refused GRACEFUL close");
        assertFalse(pz.isClosed(), "the PZ stays open after a refused GRACEFUL close");
        pz.close();
        assertSucceeds("GRACEFUL close with no child", () -> ia.close(CloseMode.GRACEFUL));
        assertTrue(ia.isClosed(), "closed");
    }

    @Rule(id = "IA-02", level = Level.REQUIRED,
            text = "dat_ia_query: DAT version 2.0, positive limits, max_private_data_size is the smallest of the "
                    + "connect, accept and reject limits, and the capabilities match supports()")
    void attributesAreConsistent() {
        final InterfaceAdapter ia = rig().ia();
        final ProviderAttributes p = ia.providerAttributes();
        final InterfaceAdapterAttributes a = ia.attributes();
        assertNotNull(p, "provider attributes");
        assertNotNull(a, "IA attributes");
        assertEquals(2, p.datVersionMajor(), "DAT major version");
        assertEquals(0, p.datVersionMinor(), "DAT minor version");
        assertEquals(Math.min(p.maxConnectPrivateData(), Math.min(p.maxAcceptPrivateData(),
                p.maxRejectPrivateData())), p.maxPrivateDataSize(), "max_private_data_size");
        assertTrue(p.maxConnectPrivateData() >= 0 && p.maxAcceptPrivateData() >= 0, "private data limits");
        for (final Capability c : Capability.values()) {
            assertEquals(p.capabilities().contains(c), ia.supports(c), "supports(" + c + ") vs attributes");
        }
        assertTrue(a.maxEndpoints() > 0, "max_eps");
        assertTrue(a.maxDtoPerEndpoint() > 0, "max_dto_per_ep");
        assertTrue(a.maxEventDispatchers() > 0, "max_evds");
        assertTrue(a.maxEventDispatcherQueueLength() > 0, "max_evd_qlen");
        assertTrue(a.maxIovSegmentsPerDto() > 0, "max_iov_segments_per_dto");
        assertTrue(a.maxLocalMemoryRegions() > 0, "max_lmrs");
        assertTrue(a.maxLocalMemoryRegionSize() > 0, "max_lmr_block_size");
        assertTrue(a.maxProtectionZones() > 0, "max_pzs");
        assertTrue(a.maxMessageSize() > 0, "max_message_size");
        assertTrue(a.maxRdmaReadPerEndpointIn() >= 0 && a.maxRdmaReadPerEndpointOut() >= 0, "RDMA read depths");
        assertNotNull(ia.address(), "ia_address_ptr");
    }

    @Rule(id = "IA-03", level = Level.REQUIRED,
            text = "The IA's async EVD exists from open, belongs to the IA and takes asynchronous errors")
    void asyncEvdExists() {
        final InterfaceAdapter ia = rig().ia();
        final EventDispatcher async = ia.asyncEventDispatcher();
        assertNotNull(async, "async_evd_handle");
        assertSame(ia, async.interfaceAdapter(), "the async EVD's IA");
        assertTrue(async.streams().contains(EventStream.ASYNC), "the async EVD takes ASYNC");
    }

    @Rule(id = "IA-05", level = Level.REQUIRED,
            text = "dat_set/get_consumer_context: null until set, then the object set, on every handle type")
    void consumerContextRoundTrips() {
        final Rig.Side side = rig().side(rig().ia(), null);
        final Rig.Buffer buf = rig().buffer(side, 64, MemoryPrivilege.LOCAL);
        final Rig.Listener l = rig().listen(rig().ia(), ServicePointFlag.CONSUMER);
        for (final Handle h : List.<Handle>of(rig().ia(), side.pz(), side.ep(), side.connectEvd(), buf.lmr(),
                l.psp())) {
            assertNull(h.consumerContext(), h.handleType() + ": context before set");
            final Object ctx = new Object();
            h.consumerContext(ctx);
            assertSame(ctx, h.consumerContext(), h.handleType() + ": context after set");
            h.consumerContext(null);
            assertNull(h.consumerContext(), h.handleType() + ": context after reset");
        }
    }

    @Rule(id = "IA-06", level = Level.REQUIRED,
            text = "dat_get_handle_type names each object's type: IA, PZ, EVD, EP, LMR, PSP, CR")
    void handleTypes() {
        final Rig.Connection c = rig().connect();
        final Rig.Buffer buf = rig().buffer(c.active(), 64, MemoryPrivilege.LOCAL);
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side s = rig().side(rig().ia(), null);
        rig().connect(s, l, null);
        final ConnectionRequest cr = rig().awaitRequest(l);
        assertEquals(HandleType.IA, rig().ia().handleType());
        assertEquals(HandleType.PZ, c.active().pz().handleType());
        assertEquals(HandleType.EVD, c.active().connectEvd().handleType());
        assertEquals(HandleType.EP, c.active().ep().handleType());
        assertEquals(HandleType.LMR, buf.lmr().handleType());
        assertEquals(HandleType.PSP, l.psp().handleType());
        assertEquals(HandleType.CR, cr.handleType());
        cr.reject(null);
    }

    @Rule(id = "FFT-QUERYINFO-0", level = Level.REQUIRED,
            text = "dat_ia_query, dat_evd_query, dat_psp_query, dat_pz_query, dat_lmr_query and dat_ep_query "
                    + "succeed and return what the objects were created with")
    void queriesReturnCreationValues() {
        final InterfaceAdapter ia = rig().ia();
        final Rig.Side side = rig().side(ia, null);
        final Rig.Buffer buf = rig().buffer(side, 8192, MemoryPrivilege.ALL);
        final Rig.Listener l = rig().listen(ia, ServicePointFlag.CONSUMER);
        assertNotNull(ia.attributes(), "ia_query");
        assertSame(ia, side.pz().interfaceAdapter(), "pz_query: IA");
        assertSame(ia, side.connectEvd().query().interfaceAdapter(), "evd_query: IA");
        assertTrue(side.connectEvd().query().queueLength() >= Rig.QUEUE_LENGTH, "evd_query: queue length");
        assertEquals(EnumSet.of(EventStream.CONNECTION), side.connectEvd().query().streams(), "evd_query: flags");
        assertSame(ia, l.psp().interfaceAdapter(), "psp_query: IA");
        assertSame(l.crEvd(), l.psp().eventDispatcher(), "psp_query: EVD");
        assertEquals(ServicePointFlag.CONSUMER, l.psp().flag(), "psp_query: flag");
        assertTrue(l.psp().connectionQualifier() != 0, "psp_query: qualifier");
        assertSame(side.pz(), buf.lmr().protectionZone(), "lmr_query: PZ");
        assertTrue(buf.lmr().registeredSize() >= 8192, "lmr_query: registered size");
        assertEquals(MemoryPrivilege.ALL, buf.lmr().privileges(), "lmr_query: privileges");
        final Endpoint ep = side.ep();
        assertSame(side.pz(), ep.query().protectionZone(), "ep_query: PZ");
        assertSame(side.recvEvd(), ep.query().recvEvd(), "ep_query: recv EVD");
        assertSame(side.requestEvd(), ep.query().requestEvd(), "ep_query: request EVD");
        assertSame(side.connectEvd(), ep.query().connectEvd(), "ep_query: connect EVD");
    }

    @Rule(id = "FFT-QUERYINFO-1", level = Level.REQUIRED,
            text = "dat_cr_query succeeds on a pending request and names its service point and qualifier")
    void crQuery() {
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        final Rig.Side s = rig().side(rig().ia(), null);
        rig().connect(s, l, new byte[] {1, 2, 3});
        final ConnectionRequest cr = rig().awaitRequest(l);
        assertSame(l.psp(), cr.query().servicePoint(), "cr_query: service point");
        assertEquals(l.psp().connectionQualifier(), cr.query().connectionQualifier(), "cr_query: qualifier");
        assertNotNull(cr.query().remoteAddress(), "cr_query: remote address");
        cr.reject(null);
    }

    @Rule(id = "FFT-QUERYINFO-2", level = Level.REQUIRED,
            text = "A query on a freed IA, EVD, PSP, EP, PZ or LMR fails with INVALID_HANDLE")
    void queryOnFreedHandles() {
        final InterfaceAdapter ia = rig().open();
        final Rig.Side side = rig().side(ia, null);
        final Rig.Buffer buf = rig().buffer(side, 64, MemoryPrivilege.LOCAL);
        final Rig.Listener l = rig().listen(ia, ServicePointFlag.CONSUMER);
        final PublicServicePoint psp = l.psp();
        psp.close();
        side.ep().close();
        side.connectEvd().close();
        buf.lmr().close();
        org.junit.jupiter.api.Assertions.assertAll(
            () -> assertStatus("psp_query on a freed PSP", psp::connectionQualifier, StatusType.INVALID_HANDLE),
            () -> assertStatus("ep_query on a freed EP", side.ep()::query, StatusType.INVALID_HANDLE),
            () -> assertStatus("evd_query on a freed EVD", side.connectEvd()::query, StatusType.INVALID_HANDLE),
            () -> assertStatus("lmr_query on a freed LMR", buf.lmr()::registeredSize, StatusType.INVALID_HANDLE));
        ia.close();
        org.junit.jupiter.api.Assertions.assertAll(
            () -> assertStatus("ia_query on a closed IA", ia::attributes, StatusType.INVALID_HANDLE),
            () -> assertStatus("pz_query on a PZ freed with its IA", side.pz()::interfaceAdapter,
                    StatusType.INVALID_HANDLE));
    }

    @Rule(id = "FFT-QUERYINFO-3", level = Level.CAPABILITY, requires = Capability.CNO,
            text = "dat_cno_query succeeds on a CNO and fails with INVALID_HANDLE once it is freed")
    void cnoQuery() {
        final io.dat4j.ConsumerNotifier cno = ResourceTracker.track(rig().ia().createConsumerNotifier());
        assertSame(rig().ia(), cno.interfaceAdapter(), "cno_query: IA");
        cno.close();
        assertStatus("cno_query on a freed CNO", cno::interfaceAdapter, StatusType.INVALID_HANDLE);
    }

    @Rule(id = "FFT-QUERYINFO-4", level = Level.CAPABILITY, requires = Capability.RSP,
            text = "dat_rsp_query succeeds on an RSP and names its EP, EVD and qualifier")
    void rspQuery() {
        final Rig.Side s = rig().side(rig().ia(), null);
        final EventDispatcher cr = rig().evd(rig().ia(), 8, EventStream.CR);
        final Rig.Listener probe = rig().listen(rig().ia(), ServicePointFlag.CONSUMER);
        final long qual = probe.psp().connectionQualifier();
        probe.psp().close();
        final io.dat4j.ReservedServicePoint rsp = Rig.onFreedQualifier(() -> ResourceTracker.track(
                rig().ia().createReservedServicePoint(qual, s.ep(), cr)));
        assertSame(s.ep(), rsp.endpoint(), "rsp_query: EP");
        assertSame(cr, rsp.eventDispatcher(), "rsp_query: EVD");
        assertEquals(qual, rsp.connectionQualifier(), "rsp_query: qualifier");
    }
}
