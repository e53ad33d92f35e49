package io.dat4j.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dat4j.EventStream;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link Transport#memoryRevoked}: the free of an LMR tells the transport after new acquires fail and before it waits
 * for the region's users, so a transport that keeps a region acquired between copies gives the hold back there and
 * the free does not wait for it (the kit's wait would end only after 10 s, freeing the memory under the hold).
 */
class KitMemoryRevokedTest extends ScriptedIaTest {

    KitMemoryRevokedTest() {
        super(Set.of(EventStream.DTO), 0, Set.of());
    }

    @Test
    void theFreeTellsTheTransportAfterAcquiresFailAndBeforeItWaitsAndDeregisters() throws Exception {
        transport.holdRegions = true;
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, arena.allocate(4096),
                Set.of(MemoryPrivilege.LOCAL_READ, MemoryPrivilege.LOCAL_WRITE));
        final Thread free = Thread.ofPlatform().daemon().start(lmr::close);
        free.join(TimeUnit.SECONDS.toMillis(5)); // a bound for a loaded machine; the kit gives up after 10 s
        final boolean prompt = !free.isAlive();
        free.join();
        assertTrue(prompt, "the free waited for the hold the transport gives back in memoryRevoked");
        assertEquals(List.of("revoked acquire=false", "deregister"), transport.memoryCalls);
        lmr.close(); // idempotent: no second call
        assertEquals(2, transport.memoryCalls.size());
    }
}
