package io.dat4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DatStatusTest {

    @Test
    void shouldLayOutClassTypeAndSubtypeAsDatError() {
        final DatStatus s = DatStatus.error(StatusType.INVALID_HANDLE, StatusSubtype.INVALID_HANDLE_EP);
        assertEquals(0x80000000 | 0x00050000 | StatusSubtype.INVALID_HANDLE_EP.value(), s.raw());
        assertEquals(StatusType.INVALID_HANDLE, s.type());
        assertEquals(StatusSubtype.INVALID_HANDLE_EP, s.subtype());
        assertTrue(s.isError());
        assertFalse(s.isWarning());
        assertFalse(s.isSuccess());
    }

    @Test
    void shouldDecodeARawValueWithoutTheClassBitAsCUdaplSometimesReturns() {
        final DatStatus bare = new DatStatus(StatusType.INVALID_STATE.value());
        assertEquals(StatusType.INVALID_STATE, bare.type());
        assertEquals(StatusSubtype.NO_SUBTYPE, bare.subtype());
        assertFalse(bare.isError());
    }

    @Test
    void shouldTellSuccess() {
        assertTrue(DatStatus.SUCCESS.isSuccess());
        assertEquals(StatusType.SUCCESS, DatStatus.SUCCESS.type());
        assertEquals(0, DatStatus.error(StatusType.SUCCESS, null).raw());
    }

    @Test
    void shouldGiveStrerrorWithBothCNames() {
        final DatStatus s = DatStatus.error(StatusType.QUEUE_EMPTY, null);
        assertEquals("DAT_QUEUE_EMPTY", s.strerror());
        assertEquals("DAT_INVALID_STATE DAT_INVALID_STATE_EP_CONNECTED",
                DatStatus.error(StatusType.INVALID_STATE, StatusSubtype.INVALID_STATE_EP_CONNECTED).strerror());
    }

    @Test
    void shouldCarryTheStatusInTheException() {
        final DatException e = new DatException(StatusType.LENGTH_ERROR, StatusSubtype.INVALID_ARG4,
                "private data is 300 bytes, the limit is 256");
        assertEquals(StatusType.LENGTH_ERROR, e.type());
        assertEquals(StatusSubtype.INVALID_ARG4, e.subtype());
        assertEquals(e.status().raw(), e.raw());
        assertTrue(e.getMessage().startsWith("DAT_LENGTH_ERROR DAT_INVALID_ARG4: private data"));
    }

    @Test
    void shouldRejectUnknownTypeBits() {
        assertThrows(IllegalArgumentException.class, () -> StatusType.fromRaw(0x00FF0000));
        assertEquals(null, StatusSubtype.fromRaw(0xFFFF));
    }

    @Test
    void shouldClassifyEventNumbers() {
        for (final EventNumber n : EventNumber.values()) {
            assertEquals(n.name().startsWith("CONNECTION_EVENT_"), n.isConnectionEvent(), n.name());
            assertEquals(n.name().startsWith("ASYNC_ERROR_") || n.name().startsWith("HA_"), n.isAsyncError(),
                    n.name());
        }
    }

    @Test
    void shouldRefuseWrongNumbersInEventRecords() {
        assertThrows(IllegalArgumentException.class,
                () -> new ConnectionEvent(EventNumber.SOFTWARE_EVENT, null, null, (PrivateData) null));
        assertThrows(IllegalArgumentException.class,
                () -> new AsyncErrorEvent(EventNumber.CONNECTION_EVENT_BROKEN, null, null, "x"));
    }

    @Test
    void shouldCopyPrivateDataInAndOut() {
        final byte[] pd = {1, 2, 3};
        final ConnectionEvent e = new ConnectionEvent(EventNumber.CONNECTION_EVENT_ESTABLISHED, null, null, pd);
        pd[0] = 9;
        assertEquals(1, e.privateData().get(0));
        e.privateData().toByteArray()[1] = 9;
        assertEquals(2, e.privateData().get(1));
        assertEquals(3, e.privateDataSize());
        assertEquals(0, new ConnectionEvent(EventNumber.CONNECTION_EVENT_BROKEN, null, null, (byte[]) null)
                .privateDataSize());
        assertEquals(PrivateData.EMPTY,
                new ConnectionEvent(EventNumber.CONNECTION_EVENT_BROKEN, null, null, (PrivateData) null).privateData());
    }
}
