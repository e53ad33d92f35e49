package io.dat4j.examples.dtest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The 128-byte server-info message of dapl 2.1.x dtest, byte for byte as a C dtest on this host writes it. */
class ServerInfoTest {

    private static byte[] cMessage(final String text) {
        return Arrays.copyOf(text.getBytes(StandardCharsets.US_ASCII), ServerInfo.SIZE);
    }

    @Test
    void shouldWriteWhatCDtestWritesForTheSameAddress() throws Exception {
        final Inet4Address a = (Inet4Address) InetAddress.getByName("10.0.2.15");
        final byte[] msg = ServerInfo.of(a, "ofa-v2-rxe").encode();
        assertEquals(ServerInfo.SIZE, msg.length);
        // strace of C dtest 2.1.10 on x86-64: write(12, "0000:00000000:00000000:0f02000a:ofa-v2-rxe\0...", 128)
        final String expected = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN
                ? "0000:00000000:00000000:0f02000a:ofa-v2-rxe" : "0000:00000000:00000000:0a00020f:ofa-v2-rxe";
        assertArrayEquals(cMessage(expected), msg);
    }

    @Test
    void shouldReadWhatCDtestWrites() throws Exception {
        final byte[] msg = cMessage("0000:00000000:00000000:0f02000a:ofa-v2-rxe");
        msg[60] = 0x55; // C sends its stack after the NUL
        final ServerInfo i = ServerInfo.decode(msg);
        assertEquals(5, i.parsed());
        assertEquals("ofa-v2-rxe", i.provider());
        assertEquals(ServerInfo.sinAddr((Inet4Address) InetAddress.getByName("10.0.2.15")), i.sinAddr());
        assertEquals(InetAddress.getByName("10.0.2.15"), i.address());
        assertEquals(0, i.lid() | i.qpn() | i.scopeId());
    }

    @Test
    void shouldRoundTripEveryField() throws Exception {
        final ServerInfo i = new ServerInfo(0xbeef, 0x80000001, 0x12, ServerInfo.sinAddr(
                (Inet4Address) InetAddress.getByName("192.168.1.200")), "tcp-lo", 5);
        assertEquals(i, ServerInfo.decode(i.encode()));
    }

    @Test
    void shouldCountFieldsAsSscanf() {
        assertEquals(0, ServerInfo.decode(cMessage("hello")).parsed());
        assertEquals(2, ServerInfo.decode(cMessage("0000:0000000g")).parsed());
        assertEquals(4, ServerInfo.decode(cMessage("0000:00000000:00000000:0f02000a:")).parsed());
        assertEquals(4, ServerInfo.decode(cMessage("1:2:3:4")).parsed());
        assertEquals(5, ServerInfo.decode(cMessage(" 1: 2: 3: 4: name tail")).parsed());
        assertEquals("name", ServerInfo.decode(cMessage(" 1: 2: 3: 4: name tail")).provider());
        assertEquals(0, ServerInfo.decode(new byte[0]).parsed());
        // %04hx reads at most 4 digits: the fifth is not a colon
        assertEquals(1, ServerInfo.decode(cMessage("00000:0:0:0:x")).parsed());
    }

    @Test
    void shouldRefuseANameThatDoesNotFit() throws Exception {
        final ServerInfo i = ServerInfo.of((Inet4Address) InetAddress.getByName("10.0.0.1"), "x".repeat(100));
        assertThrows(IllegalArgumentException.class, i::encode);
    }
}
