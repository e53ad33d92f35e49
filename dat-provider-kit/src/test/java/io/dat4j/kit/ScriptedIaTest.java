package io.dat4j.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dat4j.DatException;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.InterfaceAdapter;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.MemoryPrivilege;
import io.dat4j.ProtectionZone;
import io.dat4j.StatusType;
import java.lang.foreign.Arena;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.function.Executable;

/**
 * What most kit tests set up before each test: an IA of the kit on a {@link ScriptedTransport}, a PZ, one EVD of 64
 * for the streams the test names and, if it asks for one, an LMR; all closed after the test (the IA, then the
 * memory).
 */
abstract class ScriptedIaTest {

    static final InetAddress LO = InetAddress.getLoopbackAddress();
    /** The address a scripted connection's peer has. */
    static final InetSocketAddress PEER = new InetSocketAddress(LO, 5555);
    final ScriptedTransport transport = new ScriptedTransport();
    final Arena arena = Arena.ofShared();
    InterfaceAdapter ia;
    ProtectionZone pz;
    EventDispatcher evd;
    /** The LMR of {@code lmrBytes} bytes, or null when the test asked for none. */
    LocalMemoryRegion lmr;
    private final Set<EventStream> streams;
    private final long lmrBytes;
    private final Set<MemoryPrivilege> privileges;

    /**
     * @param streams the EVD's streams
     * @param lmrBytes bytes of the LMR, 0 for none
     * @param privileges the LMR's privileges
     */
    ScriptedIaTest(final Set<EventStream> streams, final long lmrBytes, final Set<MemoryPrivilege> privileges) {
        this.streams = streams;
        this.lmrBytes = lmrBytes;
        this.privileges = privileges;
    }

    @BeforeEach
    void open() {
        ia = ScriptedTransport.open(transport);
        pz = ia.createProtectionZone();
        evd = ia.createEventDispatcher(64, null, streams);
        if (lmrBytes > 0) {
            lmr = ia.createLocalMemoryRegion(pz, arena.allocate(lmrBytes), privileges);
        }
    }

    @AfterEach
    void close() {
        ia.close();
        arena.close();
    }

    /**
     * {@return the DatException {@code e} throws}; fails the test when it throws none or one of another type
     *
     * @param type the status type expected
     * @param e the call
     */
    static DatException fails(final StatusType type, final Executable e) {
        final DatException x = assertThrows(DatException.class, e);
        assertEquals(type, x.type(), x.getMessage());
        return x;
    }
}
