package io.dat4j.examples.dapltest;

import io.dat4j.CloseMode;
import io.dat4j.Dat;
import io.dat4j.DatStatus;
import io.dat4j.Endpoint;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ProtectionZone;
import io.dat4j.StatusType;
import java.util.Set;

/**
 * The cases of the {@code hwconn}, {@code endpoint} and {@code pz} features ({@code dapl_fft_hwconn.c},
 * {@code dapl_fft_endpoint.c}, {@code dapl_fft_pz.c}). Where C passes a NULL handle, which Java cannot express, the
 * port passes a handle that is closed, for which the API defines the same {@code INVALID_HANDLE}.
 */
final class FftCases {

    private final FftTest t;
    private final Log log;

    FftCases(final FftTest t) {
        this.t = t;
        this.log = t.log;
    }

    /** Opens the IA and closes it. */
    int hwconn0() {
        log.printf("\tDescription: Test if we can normally Open NIC and then close it\n");
        try {
            final InterfaceAdapter ia = t.call(() -> Dat.openInterfaceAdapter(t.cmd.deviceName, FftTest.QLEN));
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            t.run(() -> ia.close(CloseMode.ABRUPT));
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
        } catch (final FftTest.Abort a) {
            /* cleanup: nothing */
        }
        return 1;
    }

    /** Opens IAs of names that no provider has. */
    int hwconn1() {
        log.printf("Description: try to open NIC with incorrect device name\n");
        log.printf(" (just num, one letter, multiple letter, num_letter\n");
        log.printf("letter_num). You alse can do this test manually\n");
        log.printf("dapltest -T F -D <device_name> -f hwconn <case>\n");
        for (final String name : new String[] {"40", "x", "xsdf", "x34", "34df"}) {
            final InterfaceAdapter ia = t.call(() -> Dat.openInterfaceAdapter(name, FftTest.QLEN));
            if (!t.is(StatusType.PROVIDER_NOT_FOUND)) {
                log.printf(" \t\tfff not get expected result when open NIC with device name: %s\n", name);
                final String r = Log.ret(t.rc);
                final int sp = r.indexOf(' ');
                log.printf("ERROR: %s (%s)\n", r.substring(0, sp), r.substring(sp + 1));
                if (ia != null) {
                    t.run(() -> ia.close(CloseMode.ABRUPT));
                    if (!t.clean(t.ok(), "rc == DAT_SUCCESS")) {
                        return 0;
                    }
                }
                return 0;
            }
        }
        return 1;
    }

    /** C closes a NULL IA handle; the port uses an IA it closed before (C needs no IA for this one). */
    int hwconn2() {
        log.printf("\tDescription: Try to close nic with Nic handle is null (NIC not open)\n");
        try {
            final InterfaceAdapter ia = t.openIa(t.cmd.deviceName);
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            ia.close(CloseMode.ABRUPT);
            t.run(ia::createProtectionZone);
            t.assertDat(t.is(StatusType.INVALID_HANDLE), "DAT_GET_TYPE(rc) == DAT_INVALID_HANDLE");
        } catch (final FftTest.Abort a) {
            /* cleanup: nothing */
        }
        return 1;
    }

    /** Closes the IA while its EP and EVDs exist: an abrupt close frees them. */
    int hwconn3() {
        log.printf("Description: Test if we can close NIC when the created \n");
        log.printf("endpoint has not been destroyed.\n");
        log.printf("The problem for this case is that once the hca is closed, \n");
        log.printf("there is no way to destroy the endpoint's resources\n");
        log.printf("thus the test leaks a small amount of memory\n");
        final FftTest.Connection c = t.initClient();
        if (c.ia == null) {
            return 0;
        }
        if (!t.run(() -> c.ia.close(CloseMode.ABRUPT))) {
            log.printf("Warning: dat_ia_close fails %s, reboot for cleanup\n", Log.ret(t.rc));
            return 0;
        }
        return 1;
    }

    int endpoint0() {
        log.printf("\tDescription: Test if we can normally create endpoint and destory it.\n");
        log.printf("\tThe endpoint is not associated with a CQ\n");
        return endpoint(false);
    }

    int endpoint1() {
        log.printf("\tDescription: try to create endpoint with pz already destroyed\n");
        return endpoint(true);
    }

    /** {@code DT_endpoint_generic}: an EP created normally, or with a PZ freed before (then INVALID_HANDLE). */
    private int endpoint(final boolean destroyPzEarly) {
        InterfaceAdapter ia = null;
        ProtectionZone pz = null;
        Endpoint ep = null;
        EventDispatcher send = null;
        EventDispatcher recv = null;
        EventDispatcher conn = null;
        final int res = 1;
        try {
            ia = t.openIa(t.cmd.deviceName);
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            final InterfaceAdapter a = ia;
            pz = t.call(a::createProtectionZone);
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            if (destroyPzEarly) {
                t.run(pz::close);
                t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            }
            send = t.call(() -> a.createEventDispatcher(FftTest.QLEN, null,
                    Set.of(EventStream.DTO, EventStream.RMR_BIND)));
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            recv = t.call(() -> a.createEventDispatcher(FftTest.QLEN, null, Set.of(EventStream.DTO)));
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            conn = t.call(() -> a.createEventDispatcher(FftTest.QLEN, null, Set.of(EventStream.CONNECTION)));
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            final ProtectionZone z = pz;
            final EventDispatcher r = recv;
            final EventDispatcher s = send;
            final EventDispatcher c = conn;
            ep = t.call(() -> a.createEndpoint(z, r, s, c, null));
            final StatusType wanted = destroyPzEarly ? StatusType.INVALID_HANDLE : StatusType.SUCCESS;
            t.assertDat(t.rc.type() == wanted, "DAT_GET_TYPE(rc) == wanted");
        } catch (final FftTest.Abort a) {
            /* cleanup */
        }
        for (final io.dat4j.Handle h : new io.dat4j.Handle[] {ep, send, recv, conn,
            destroyPzEarly ? null : pz}) {
            if (h != null) {
                t.run(h::close);
                if (!t.clean(t.ok(), "rc == DAT_SUCCESS")) {
                    return 0;
                }
            }
        }
        if (ia != null) {
            final InterfaceAdapter a = ia;
            t.run(() -> a.close(CloseMode.ABRUPT));
            if (!t.clean(t.ok(), "rc == DAT_SUCCESS")) {
                return 0;
            }
        }
        return res;
    }

    /** Frees an EP that has a receive posted. */
    int endpoint2() {
        log.printf("\tDescription: try to destroy ep with descriptor still in working queue\n");
        final FftTest.Connection c = new FftTest.Connection();
        try {
            c.ia = t.openIa(t.cmd.deviceName);
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            c.pz = t.call(c.ia::createProtectionZone);
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            t.createEp(c);
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            c.bpool = Bpool.alloc(log, c.ia, c.pz, 4096, 1);
            t.assertTrue(c.bpool != null, "bpool != 0");
            t.assertTrue(c.bpool.postRecv(log, c.ep, 0, 4096), "DT_post_recv_buffer(phead, ep_handle, bpool, 0, 4096) == true");
            t.run(c.ep::close);
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            /* the free flushed the receive: drop its completion */
            while (c.recvEvd.poll() != null) {
                continue;
            }
        } catch (final FftTest.Abort a) {
            /* cleanup */
        }
        if (c.bpool != null && !c.bpool.destroy(log)) {
            t.rc = DatStatus.SUCCESS;
            if (!t.clean(false, "rc != false")) {
                return 0;
            }
        }
        return freePzIa(c.pz, c.ia, 1);
    }

    int pz0() {
        log.printf("\tDescription: Test if we can normally create pz and destroy it.\n");
        InterfaceAdapter ia = null;
        ProtectionZone pz = null;
        try {
            ia = t.openIa(t.cmd.deviceName);
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            pz = t.call(ia::createProtectionZone);
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
        } catch (final FftTest.Abort a) {
            /* cleanup */
        }
        /* C asserts here with the goto form, which would loop on a failure; the port prints and goes on */
        return freePzIa(pz, ia, 1);
    }

    /** Frees a PZ that an EP uses: INVALID_STATE. */
    int pz1() {
        log.printf("\tDescription: try to destroy pz with vi still associated with it\n");
        final FftTest.Connection c = new FftTest.Connection();
        try {
            c.ia = t.openIa(t.cmd.deviceName);
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            c.pz = t.call(c.ia::createProtectionZone);
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            t.createEp(c);
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            t.run(c.pz::close);
            t.assertDat(t.is(StatusType.INVALID_STATE), "DAT_GET_TYPE(rc) == DAT_INVALID_STATE");
        } catch (final FftTest.Abort a) {
            /* cleanup, in the right order */
        }
        for (final io.dat4j.Handle h : new io.dat4j.Handle[] {c.ep, c.connEvd, c.sendEvd, c.recvEvd}) {
            if (h != null) {
                t.run(h::close);
                if (!t.clean(t.ok(), "rc == DAT_SUCCESS")) {
                    return 0;
                }
            }
        }
        return freePzIa(c.pz, c.ia, 1);
    }

    /** Frees a PZ that an LMR uses: INVALID_STATE. */
    int pz2() {
        log.printf("\tDescription: try to destroy pz with registered memory still\n");
        log.printf("\tassociated with it\n");
        InterfaceAdapter ia = null;
        ProtectionZone pz = null;
        Bpool bpool = null;
        try {
            ia = t.openIa(t.cmd.deviceName);
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            pz = t.call(ia::createProtectionZone);
            t.assertDat(t.ok(), "rc == DAT_SUCCESS");
            bpool = Bpool.alloc(log, ia, pz, 1024, 1);
            t.assertTrue(bpool != null, "bpool != 0");
            t.run(pz::close);
            t.assertDat(t.is(StatusType.INVALID_STATE), "DAT_GET_TYPE(rc) == DAT_INVALID_STATE");
        } catch (final FftTest.Abort a) {
            /* cleanup */
        }
        if (bpool != null && !bpool.destroy(log)) {
            log.printf("Warning: Destroy bpool fails, reboot for cleanup\n");
            return 0;
        }
        return freePzIa(pz, ia, 1);
    }

    /** The common end of the cases: frees the PZ and closes the IA; 0 if either fails. */
    private int freePzIa(final ProtectionZone pz, final InterfaceAdapter ia, final int res) {
        if (pz != null) {
            t.run(pz::close);
            if (!t.clean(t.ok(), "rc == DAT_SUCCESS")) {
                return 0;
            }
        }
        if (ia != null) {
            t.run(() -> ia.close(CloseMode.ABRUPT));
            if (!t.clean(t.ok(), "rc == DAT_SUCCESS")) {
                return 0;
            }
        }
        return res;
    }
}
