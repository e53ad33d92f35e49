package io.dat4j.provider.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dat4j.DtoStatus;
import io.dat4j.provider.shm.HostileShmPeer.Answer;
import io.dat4j.testsupport.PerClassHarness;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The provider sends rendezvous SENDs (SEND_RDV) to a hostile peer that announced PULLS, and the peer answers right,
 * wrongly or not at all: an RDV_ACK for a position that holds no SEND_RDV, a duplicate ack, an ack with flags or a
 * payload, a NAK, its death. Each SEND completes exactly once with the status the answer calls for, only the hostile
 * connection ends, the provider's memory keeps every byte it may not write, and the IA still serves an honest
 * connection ({@link HostileShmPeer}). The receiving side's checks of a SEND_RDV are in {@link RendezvousPullTest}.
 */
class HostileRendezvousPeerTest {

    @RegisterExtension
    static final PerClassHarness<HostileShmPeer> PEER = new PerClassHarness<>(HostileShmPeer::new);

    private static HostileShmPeer peer() {
        return PEER.get();
    }

    @ParameterizedTest
    @CsvSource({"ACK, 1, SUCCESS", "ACK, 3, SUCCESS", "ACK_TWICE, 1, SUCCESS", "ACK_UNKNOWN, 1, FLUSHED",
        "ACK_FLAGS, 2, FLUSHED", "ACK_PAYLOAD, 1, FLUSHED", "NAK, 1, REMOTE_ACCESS", "EOF, 2, FLUSHED"})
    void eachRendezvousSendCompletesOnceWhateverThePeerAnswers(final Answer answer, final int segments,
            final DtoStatus expected) throws Exception {
        assertEquals(expected, peer().rendezvous(answer, segments));
    }
}
