package io.dat4j.provider.tcp;

import io.dat4j.CompletionFlag;
import io.dat4j.Endpoint;
import io.dat4j.EndpointAttributes;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import java.lang.foreign.Arena;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two threads on one unconnected EP of tcp-lo: the deadlocks of issue 16 (the operation queue's lock against the
 * state machine's monitor, taken in opposite orders by a post and by modify / modifyProtectionZone). Before the EP
 * had one lock, each of these deadlocked within a second; now every call answers, with a refusal where the state or
 * the posted receives forbid it.
 */
@Timeout(60)
class EndpointDeadlockTest {

    private static final Duration TIME = Duration.ofSeconds(2);

    private final Arena arena = Arena.ofShared();
    private InterfaceAdapter ia;
    private ProtectionZone pz;
    private ProtectionZone other;
    private Endpoint ep;
    private List<LocalMemoryTriplet> segment;

    @BeforeEach
    void open() {
        ia = Fixture.open("race", "127.0.0.1");
        pz = ia.createProtectionZone();
        other = ia.createProtectionZone();
        final EventDispatcher evd = ia.createEventDispatcher(64, null, EnumSet.of(EventStream.DTO,
                EventStream.CONNECTION));
        ep = ia.createEndpoint(pz, evd, evd, evd, EndpointAttributes.builder().maxRecvDtos(4).build());
        final LocalMemoryRegion lmr = ia.createLocalMemoryRegion(pz, arena.allocate(64), MemoryPrivilege.ALL);
        segment = List.of(lmr.triplet(0, 64));
    }

    /** Closes on a daemon thread with a bounded wait: after a deadlock the close would hang on the same locks. */
    @AfterEach
    void close() throws InterruptedException {
        final Thread t = Thread.ofPlatform().daemon().start(() -> {
            ia.close();
            arena.close();
        });
        t.join(Duration.ofSeconds(20));
        if (t.isAlive()) {
            throw new AssertionError("the IA did not close within 20 s");
        }
    }

    @Test
    void shouldAnswerPostRecvAgainstModify() throws InterruptedException {
        final EndpointAttributes attributes = EndpointAttributes.builder().maxRecvDtos(4).build();
        Race.run(TIME, () -> ep.postRecv(segment, 1, CompletionFlag.DEFAULT), () -> ep.modify(attributes));
    }

    @Test
    void shouldAnswerPostRecvAgainstModifyProtectionZone() throws InterruptedException {
        Race.run(TIME, () -> ep.postRecv(segment, 1, CompletionFlag.DEFAULT), () -> ep.modifyProtectionZone(pz));
    }

    @Test
    void shouldAnswerPostRecvAgainstModifyProtectionZoneAndQueries() throws InterruptedException {
        Race.run(TIME, () -> ep.postRecv(segment, 1, CompletionFlag.DEFAULT),
                () -> ep.modifyProtectionZone(other), () -> {
                    ep.status();
                    ep.query();
                });
    }
}
