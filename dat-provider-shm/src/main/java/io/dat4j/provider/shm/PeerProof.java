package io.dat4j.provider.shm;

import io.dat4j.provider.shm.sys.Handshake;
import io.dat4j.kit.RemoteFaultLog;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The proof of a process id, one per connection (docs/shm-wire.md, "the proof of a pid"): this side sends a fresh
 * random challenge, the peer holds it in its own private memory and says where; this side copies into the peer with
 * CMA only after reading it there, with {@code process_vm_readv} on the pid the peer named. The JDK does not give a
 * Unix socket's peer pid, and a copy into the wrong process (or, for a peer naming this very process, into this one
 * at the peer's addresses) would be a write on the peer's word; this makes the pid the peer's, or that of a process
 * the peer can already ptrace. The other direction: this side holds the peer's challenge in a word of its own.
 *
 * <p>Not thread safe: the connection-management thread only.
 */
final class PeerProof implements AutoCloseable {

    private final ShmTransport transport;
    private long challenge;
    private Arena arena;

    PeerProof(final ShmTransport transport) {
        this.transport = transport;
    }

    /**
     * Fills who this side is: its pid, its doorbell, a fresh challenge, and where it holds the peer's.
     *
     * @param m the message (REQ, REP)
     * @param peerChallenge the challenge the peer sent, or 0 (REQ: none yet)
     */
    void fill(final Handshake m, final long peerChallenge) {
        m.pid = ShmTransport.PID;
        m.doorbellFd = transport.doorbell.descriptor();
        challenge = transport.challenge();
        m.probeValue = challenge;
        m.probeAddress = peerChallenge == 0 ? 0 : hold(peerChallenge);
    }

    /**
     * Holds the peer's challenge in this process's private memory (freed with the connection).
     *
     * @param peerChallenge the challenge
     * @return the word's address, for the peer
     */
    long hold(final long peerChallenge) {
        if (arena == null) {
            arena = Arena.ofShared();
        }
        final MemorySegment word = arena.allocate(8, 8);
        word.set(ValueLayout.JAVA_LONG, 0, peerChallenge);
        return word.address();
    }

    /**
     * {@return true if this side may copy into the peer with CMA}: CMA is on here, the peer names another process,
     * and that process holds this side's challenge at {@code address}. The read runs on the IA's prober thread and is
     * waited for at most {@link CmaProber#BOUND_NANOS}: a peer whose memory there never answers gets no CMA, and the
     * CM thread goes on serving the IA's other connections.
     *
     * @param pid the process the peer named
     * @param address where the peer says it holds the challenge
     * @param faults where a false claim is logged
     */
    boolean proven(final long pid, final long address, final RemoteFaultLog faults) {
        return transport.config.cma() && pid != ShmTransport.PID
                && transport.cmaReaches(pid, address, challenge, faults);
    }

    /** Frees the word that held the peer's challenge; idempotent. */
    @Override
    public void close() {
        if (arena != null) {
            arena.close();
            arena = null;
        }
    }
}
