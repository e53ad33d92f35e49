package io.dat4j.conformance;

import java.util.List;
import org.junit.jupiter.api.Nested;

/**
 * Connection management, every area in one class: a provider subclasses this once with its {@link ProviderFixture}
 * and runs all seven areas below as JUnit {@link Nested} classes, each with its own leak check. A provider that wants
 * one area alone (or a report per area) subclasses that area's class instead; the rules and ids are the same.
 *
 * <ul>
 * <li>{@link EstablishmentConformance}: {@code dat_cr_accept} (CRA-01..03, CRA-05..12) and
 * {@code dat_ep_dup_connect};</li>
 * <li>{@link PrivateDataConformance}: private data of connect, accept and reject (CRA-04, RA-04, RA-11, RC-03,
 * RJ-02);</li>
 * <li>{@link RejectConformance}: {@code dat_cr_reject} and transport rejects (RJ-01, RJ-03, RJ-04);</li>
 * <li>{@link ConnectionRequestConformance}: CR retrieval, lifetime and query, provider-created EPs (GR-01, GR-03,
 * GR-04, CE-03, CE-04, CM-11);</li>
 * <li>{@link DisconnectConformance}: connect timeout, disconnect both ways, reset (CM-01..06);</li>
 * <li>{@link ServicePointConformance}: PSP qualifiers and free, RSP, handoff (CM-07..10, CM-13, CM-14);</li>
 * <li>{@link InterProcessConformance}: the two-process rules against a peer JVM (XP-01..04).</li>
 * </ul>
 *
 * <pre>{@code
 * class TcpConnectionManagementConformanceTest extends ConnectionManagementConformance {
 *     @Override
 *     protected ProviderFixture fixture() {
 *         return ProviderFixture.of("tcp-lo");
 *     }
 * }
 * }</pre>
 */
public abstract class ConnectionManagementConformance {

    /** For subclasses. */
    protected ConnectionManagementConformance() {
    }

    /** {@return the provider under test; called once per test of every area} */
    protected abstract ProviderFixture fixture();

    /** {@return the area classes this class runs, in the order of its nested classes} */
    public static List<Class<? extends ConformanceBase>> areas() {
        return List.of(EstablishmentConformance.class, PrivateDataConformance.class, RejectConformance.class,
                ConnectionRequestConformance.class, DisconnectConformance.class, ServicePointConformance.class,
                InterProcessConformance.class);
    }

    /** {@link EstablishmentConformance} with the enclosing fixture. */
    @Nested
    class Establishment extends EstablishmentConformance {
        @Override
        protected ProviderFixture fixture() {
            return ConnectionManagementConformance.this.fixture();
        }
    }

    /** {@link PrivateDataConformance} with the enclosing fixture. */
    @Nested
    class PrivateData extends PrivateDataConformance {
        @Override
        protected ProviderFixture fixture() {
            return ConnectionManagementConformance.this.fixture();
        }
    }

    /** {@link RejectConformance} with the enclosing fixture. */
    @Nested
    class Reject extends RejectConformance {
        @Override
        protected ProviderFixture fixture() {
            return ConnectionManagementConformance.this.fixture();
        }
    }

    /** {@link ConnectionRequestConformance} with the enclosing fixture. */
    @Nested
    class ConnectionRequest extends ConnectionRequestConformance {
        @Override
        protected ProviderFixture fixture() {
            return ConnectionManagementConformance.this.fixture();
        }
    }

    /** {@link DisconnectConformance} with the enclosing fixture. */
    @Nested
    class Disconnect extends DisconnectConformance {
        @Override
        protected ProviderFixture fixture() {
            return ConnectionManagementConformance.this.fixture();
        }
    }

    /** {@link ServicePointConformance} with the enclosing fixture. */
    @Nested
    class ServicePoint extends ServicePointConformance {
        @Override
        protected ProviderFixture fixture() {
            return ConnectionManagementConformance.this.fixture();
        }
    }

    /** {@link InterProcessConformance} with the enclosing fixture. */
    @Nested
    class InterProcess extends InterProcessConformance {
        @Override
        protected ProviderFixture fixture() {
            return ConnectionManagementConformance.this.fixture();
        }
    }
}
