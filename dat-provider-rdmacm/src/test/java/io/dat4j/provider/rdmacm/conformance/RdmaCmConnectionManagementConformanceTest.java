package io.dat4j.provider.rdmacm.conformance;

import io.dat4j.conformance.ConnectionManagementConformance;
import io.dat4j.conformance.ProviderFixture;

/** The rdmacm provider under {@link ConnectionManagementConformance}: its seven areas, as nested classes. */
class RdmaCmConnectionManagementConformanceTest extends ConnectionManagementConformance {

    @Override
    protected ProviderFixture fixture() {
        return RdmaCmFixture.fixture();
    }
}
