package io.dat4j.conformance;

import static io.dat4j.conformance.Checks.assertPrivateData;
import static io.dat4j.conformance.Checks.assertStatus;
import static io.dat4j.conformance.Checks.pattern;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dat4j.Capability;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequest;
import io.dat4j.EndpointState;
import io.dat4j.EventNumber;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import io.dat4j.conformance.support.Level;
import io.dat4j.conformance.support.Rule;

/**
 * Private data of connection management: what {@code dat_ep_connect}, {@code dat_cr_accept} and
 * {@code dat_cr_reject} carry to the other side, up to the provider's limits and one byte beyond (CRA-04, RA-04,
 * RA-11, RC-03, RJ-02 of the seed rules). Part of {@link ConnectionManagementConformance}.
 */
public abstract class PrivateDataConformance extends ConformanceBase {

    /** For subclasses. */
    protected PrivateDataConformance() {
    }

    @Rule(id = "CRA-04", level = Level.REQUIRED,
            text = "Private data given to accept reaches the remote consumer with ESTABLISHED, for sizes 0 (null), 1 "
                    + "and max_accept_private_data")
    void acceptPrivateDataRoundTrips() {
        final int max = rig().providerAttributes().maxAcceptPrivateData();
        for (final int size : new int[] {0, 1, max}) {
            final byte[] pd = size == 0 ? null : pattern(size, size);
            final Rig.Pending q = rig().request(ServicePointFlag.CONSUMER);
            final Rig.Side p = rig().passiveSide();
            q.request().accept(p.ep(), pd);
            final ConnectionEvent ae = Rig.awaitEstablished(q.active());
            assertPrivateData("accept private data of " + size + " bytes", pd, ae.privateData());
            assertEquals(size, ae.privateDataSize(), "private_data_size");
        }
    }

    @Rule(id = "RA-04", level = Level.REQUIRED,
            text = "Accept copies its private data: changing the array after the call does not change what the "
                    + "remote side receives; no private data arrives as none")
    void acceptCopiesPrivateData() {
        final int max = rig().providerAttributes().maxAcceptPrivateData();
        assumeTrue(max >= 4, "max_accept_private_data " + max + " is below 4");
        final Rig.Pending q = rig().request(ServicePointFlag.CONSUMER);
        final Rig.Side p = rig().passiveSide();
        final byte[] pd = {10, 20, 30, 40};
        q.request().accept(p.ep(), pd);
        pd[0] = 99;
        final ConnectionEvent ae = Rig.awaitEstablished(q.active());
        assertPrivateData("accept private data", new byte[] {10, 20, 30, 40}, ae.privateData());
        final ConnectionEvent pe = Rig.awaitEstablished(p);
        assertEquals(0, pe.privateDataSize(), "the passive ESTABLISHED carries no private data of its own");
    }

    @Rule(id = "RA-11", level = Level.REQUIRED,
            text = "Accept private data up to max_accept_private_data is carried; one byte more fails "
                    + "(INVALID_PARAMETER or LENGTH_ERROR) before anything is sent, and the CR stays acceptable")
    void acceptPrivateDataLimit() {
        final int max = rig().providerAttributes().maxAcceptPrivateData();
        final Rig.Pending q = rig().request(ServicePointFlag.CONSUMER);
        final Rig.Side p = rig().passiveSide();
        final ConnectionRequest cr = q.request();
        assertStatus("accept with max+1 bytes of private data", () -> cr.accept(p.ep(), new byte[max + 1]),
                StatusType.INVALID_PARAMETER, StatusType.LENGTH_ERROR);
        assertEquals(EndpointState.UNCONNECTED, p.ep().state(), "the EP is untouched");
        Rig.assertQuiet(q.active().connectEvd(), "nothing reached the active side");
        final byte[] pd = pattern(max, 9);
        cr.accept(p.ep(), pd);
        assertPrivateData("max accept private data", pd, Rig.awaitEstablished(q.active()).privateData());
    }

    @Rule(id = "RC-03", level = Level.REQUIRED,
            text = "Connect private data reaches the passive side unchanged for sizes 0, 1 and "
                    + "max_connect_private_data; one byte more fails with LENGTH_ERROR and leaves the EP UNCONNECTED")
    void connectPrivateData() {
        final int max = rig().providerAttributes().maxConnectPrivateData();
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        for (final int size : new int[] {0, 1, max}) {
            final byte[] pd = size == 0 ? null : pattern(size, 100 + size);
            final ConnectionRequest cr = rig().request(l, pd).request();
            assertPrivateData("connect private data of " + size + " bytes", pd, cr.query().privateData());
            cr.reject(null);
        }
        final Rig.Side a = rig().activeSide();
        assertStatus("connect with max+1 bytes", () -> rig().connect(a, l, new byte[max + 1]),
                StatusType.LENGTH_ERROR);
        assertEquals(EndpointState.UNCONNECTED, a.ep().state(), "state after the refused connect");
        Rig.assertQuiet(l.crEvd(), "no request reaches the PSP");
    }

    @Rule(id = "RJ-02", level = Level.CAPABILITY, requires = Capability.REJECT_PRIVATE_DATA,
            text = "Private data given to reject reaches the active side with PEER_REJECTED, up to "
                    + "max_reject_private_data; one byte more fails and the CR stays pending")
    void rejectWithPrivateData() {
        final int max = rig().providerAttributes().maxRejectPrivateData();
        assumeTrue(max > 0, "max_reject_private_data is 0");
        final Rig.Listener l = rig().listen(rig().peerIa(), ServicePointFlag.CONSUMER);
        for (final int size : new int[] {1, max}) {
            final Rig.Pending q = rig().request(l, null);
            final ConnectionRequest cr = q.request();
            if (size == max) {
                assertStatus("reject with max+1 bytes", () -> cr.reject(new byte[max + 1]),
                        StatusType.INVALID_PARAMETER, StatusType.LENGTH_ERROR);
                assertFalse(cr.isClosed(), "the CR is still pending");
            }
            final byte[] pd = pattern(size, 200 + size);
            cr.reject(pd);
            final ConnectionEvent e = Rig.awaitConnection(q.active().connectEvd(),
                    EventNumber.CONNECTION_EVENT_PEER_REJECTED);
            assertPrivateData("reject private data of " + size + " bytes", pd, e.privateData());
        }
    }
}
