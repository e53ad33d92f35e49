package io.dat4j.provider.rdmacm;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * A JFR event per step of an EP's connection set-up and teardown, the steps librdmacm's {@code cmtime} times: the
 * event is committed when the step ends and carries how long it took ({@link #took}), so that a recording (or
 * {@code dat cm --steps}) can put the provider's steps next to cmtime's. Steps ({@link #step}):
 * <ul>
 * <li>{@code create id}: {@code rdma_create_id} of a connect;</li>
 * <li>{@code resolve addr}: from {@code rdma_resolve_addr} to ADDR_RESOLVED taken by the CM thread;</li>
 * <li>{@code resolve route}: from {@code rdma_resolve_route} to ROUTE_RESOLVED;</li>
 * <li>{@code create qp}: the QP's creation ({@code rdma_create_qp} with the CQ reservations), both sides;</li>
 * <li>{@code request}: passive side, from CONNECT_REQUEST taken by the CM thread to the consumer's accept;</li>
 * <li>{@code connect}: active side, from {@code rdma_connect} (REQ) to ESTABLISHED (REP received);</li>
 * <li>{@code accept}: passive side, from {@code rdma_accept} (REP) to ESTABLISHED (RTU received);</li>
 * <li>{@code established upcall}: the kit's handling of ESTABLISHED (the EP becomes CONNECTED, the event is posted);</li>
 * <li>{@code disconnect}: from this side's {@code rdma_disconnect} to DISCONNECTED;</li>
 * <li>{@code destroy}: QP and identifier destroyed at the end of a connection ({@code rdma_destroy_qp},
 * {@code rdma_destroy_id});</li>
 * <li>{@code free}: the EP's transport half freed ({@code dat_ep_free}).</li>
 * </ul>
 * Enabled by default with no threshold; when no recording asks for it, {@link #record} does nothing but the check.
 *
 * <p>Thread safety: an instance is filled and committed by one thread; {@link #record} may be called from any.
 */
@Name(ConnectionStepEvent.NAME)
@Label("rdmacm connection step")
@Category({"dat4j", "rdmacm"})
@Description("One step of an rdmacm EP's connection set-up or teardown, committed when it ends")
@StackTrace(false)
final class ConnectionStepEvent extends Event {

    /** The event's name in recordings. */
    static final String NAME = "io.dat4j.rdmacm.ConnectionStep";

    @Label("Step")
    @Description("What was timed: create id, resolve addr, resolve route, create qp, request, connect, accept,"
            + " established upcall, disconnect, destroy, free")
    String step;

    @Label("Active")
    @Description("True on the side that connects, false on the side that accepts")
    boolean active;

    @Label("Endpoint")
    @Description("The EP's index in the IA (its wr_id prefix)")
    int endpoint;

    @Label("Took")
    @Timespan(Timespan.NANOSECONDS)
    long took;

    /**
     * Commits a step that began at {@code startNanos} ({@link System#nanoTime}) and ends now, if a recording wants it.
     *
     * @param step the step's name
     * @param active true on the connecting side
     * @param endpoint the EP's index
     * @param startNanos when the step began
     */
    static void record(final String step, final boolean active, final int endpoint, final long startNanos) {
        final ConnectionStepEvent e = new ConnectionStepEvent();
        if (!e.isEnabled()) {
            return;
        }
        e.took = Math.max(0, System.nanoTime() - startNanos);
        e.step = step;
        e.active = active;
        e.endpoint = endpoint;
        e.commit();
    }
}
