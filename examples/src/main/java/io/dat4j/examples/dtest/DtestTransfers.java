package io.dat4j.examples.dtest;

import io.dat4j.CompletionFlag;
import io.dat4j.DatException;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Event;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.RemoteMemoryTriplet;
import java.io.PrintStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * dtest's transfer tests: RDMA writes with a message, the RDMA write ping-pong ({@code -W}), RDMA reads, the message
 * ping-pong, and the event collection they share ({@code collect_event}, {@code send_msg}).
 */
abstract sealed class DtestTransfers extends DtestSetup permits Dtest {

    DtestTransfers(final PrintStream out, final PrintStream err) {
        super(out, err);
    }

    void doRdmaWriteWithMsg() {
        printf("%n %d RDMA WRITE DATA with SEND MSG%n%n", pid);

        if (recvMsgIndex >= MSG_BUF_COUNT) {
            throw abort();
        }

        /* get RMR information from previously received message */
        final RemoteMemoryTriplet rIov = rmrRcv[recvMsgIndex - 1];

        Libc.strcpy(sbuf, server ? "server RDMA write data..." : "client RDMA write data...");

        if (!(uniDirection && server)) {
            final LocalMemoryTriplet[] lIov = new LocalMemoryTriplet[MSG_IOV_COUNT];
            for (int i = 0; i < MSG_IOV_COUNT; i++) {
                final long segLen = bufLen / MSG_IOV_COUNT;
                lIov[i] = new LocalMemoryTriplet(hLmrSend.lmrContext(), va(hLmrSend, sbuf, segLen * i), segLen);
                logf("%d rdma_write iov[%d] buf=0x%x,len=%d%n", pid, i, sbuf.address() + segLen * i, segLen);
            }
            final List<LocalMemoryTriplet> iov = List.of(lIov);

            start = Libc.getTime();
            for (int i = 0; i < burst; i++) {
                final boolean signal = (i + 1) % signalRate == 0;
                logf("%d rdma_write # %d %s%n", pid, i + 1, signal ? "SIGNAL" : "SUPPRESS");
                try {
                    hEp.postRdmaWrite(iov, i, rIov, signal ? CompletionFlag.DEFAULT
                            : Set.of(CompletionFlag.SUPPRESS));
                } catch (final DatException e) {
                    eprintf("%d: ERROR: dat_ep_post_rdma_write() %s%n", pid, retToStr(e.status()));
                    throw abort();
                }
                if (signal) {
                    final Event event;
                    final int[] counter = {rdmaWrPollCount};
                    try {
                        event = collectEvent(hDtoReqEvd, DTO_TIMEOUT, counter, 0);
                    } catch (final DatException | Abort e) {
                        printf("%d %s RDMA write buffer contains: %s%n", pid, server ? "SERVER:" : "CLIENT:",
                                Libc.cString(rbuf));
                        throw e;
                    }
                    rdmaWrPollCount = counter[0];
                    if (!(event instanceof DtoCompletionEvent dto) || dto.status() != DtoStatus.SUCCESS
                            || dto.cookie() != i) {
                        final DtoCompletionEvent dto = event instanceof DtoCompletionEvent d ? d : null;
                        eprintf("ERROR rdma_write: cookie= %x exp 0x%x st 0x%x%n", dto == null ? -1 : dto.cookie(),
                                i, dto == null ? -1 : dto.status().value());
                        throw abort();
                    }
                }
                logf("%d rdma_write # %d completed%n", pid, i + 1);
            }
        }

        /* client: send, then wait for the server's message; server: wait for the client's, then send */
        if (!server) {
            sendWriteCompletion();
        }
        receiveWriteCompletion();
        /* the peer's writes landed before its message (RC order) */
        final String written = Libc.cString(rbuf);
        if (server) {
            /*
             * Unlike C, the server puts the data the client will RDMA read into rbuf before its message lets the
             * client start reading: C does it after, and a fast client then reads the old contents.
             */
            if (!writeOnly && rdmaRead) {
                Libc.strcpy(rbuf, "server RDMA read data...");
            }
            sendWriteCompletion();
        }

        /* acked: swap received RMR msg: network order to host order */
        swapRmrMsg();
        logf("%d inbound rdma_write; send msg event SUCCESS!!%n", pid);
        printf("%d %s RDMA write buffer contains: %s%n", pid, server ? "SERVER:" : "CLIENT:", written);
        recvMsgIndex++;
    }

    /*
     * smsg: Unlike C (SUPPRESS), wait for this send's completion: it is the only proof that the writes before it are
     * done with sbuf, which do_rdma_read_with_msg overwrites next. An RNIC has fetched sbuf long before; a provider
     * that copies when it transmits (TCP) may not have.
     */
    void sendWriteCompletion() {
        printf("%d Sending RDMA WRITE completion message%n", pid);
        try {
            sendMsg(pRmrSnd, RMR_TRIPLET_SIZE, hLmrSendMsg, CompletionFlag.DEFAULT);
        } catch (final DatException e) {
            eprintf("%d Error send_msg: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d send_msg completed%n", pid);
    }

    /* rmsg: inbound recv event, send completion's suppressed */
    void receiveWriteCompletion() {
        final int[] counter = {rdmaWrPollCount};
        final Event event;
        try {
            event = collectEvent(hDtoRcvEvd, DTO_TIMEOUT, counter, 0);
        } catch (final DatException | Abort e) {
            printf("%d %s RDMA write buffer contains: %s%n", pid, server ? "SERVER:" : "CLIENT:", Libc.cString(rbuf));
            throw e;
        }
        rdmaWrPollCount = counter[0];
        stop = Libc.getTime();
        ts.rdmaWr = (stop - start) * 1.0e6;

        /* validate event number and status */
        printf("%d inbound rdma_write; send message arrived!%n", pid);
        if (!(event instanceof DtoCompletionEvent dto)) {
            eprintf("%d Error unexpected DTO event : %s%n", pid, event.number().cName());
            throw abort();
        }
        if (dto.transferredLength() != RMR_TRIPLET_SIZE || dto.cookie() != recvMsgIndex) {
            eprintf("unexpected event data for receive: st=%d len=%dcookie=%x exp %d/%d%n", dto.status().value(),
                    dto.transferredLength(), dto.cookie(), RMR_TRIPLET_SIZE, recvMsgIndex);
            throw abort();
        }
        checkDtoStatus(dto);
    }

    /* set_pat: -D's data patterns for the write ping-pong */
    void setPat(final int len, final int patNum) {
        if (len <= 1) {
            return;
        }
        if (server) {
            if (patNum != PAT_NUM - 1) { /* check first byte only for some speed */
                final byte r0 = (byte) BYTE.getVolatile(rbuf, 0L);
                if (r0 != PAT[patNum]) {
                    eprintf("%d: ERR: message len is %d, location 0. Rx 0x%x expected 0x%x, pat %d%n", pid, len,
                            r0 & 0xff, PAT[patNum] & 0xff, patNum);
                }
            }
            MemorySegment.copy(rbuf, 0, sbuf, 0, len - 1);
        } else if (patNum == PAT_NUM - 1) { /* set random values */
            final Random r = new Random(System.nanoTime());
            for (int i = 0; i < len - 1; i++) {
                sbuf.set(ValueLayout.JAVA_BYTE, i, (byte) r.nextInt());
            }
        } else {
            sbuf.asSlice(0, len - 1).fill(PAT[patNum]);
        }
    }

    /* always uni-direction: each side writes a counter into the last byte of the peer's buffer and spins on its own */
    void doRdmaWritePingPong(final int p2, final int bytes) {
        final int len = bytes != 0 ? bytes : 1 << p2;
        if (len > bufLen) {
            eprintf("%d: ERROR: ping-pong length %d exceeds the buffer's %d%n", pid, len, bufLen);
            throw abort();
        }
        final long txOff = len - 1;
        final long rxOff = len - 1;
        int rxCnt = 0;
        int txCnt = 0;
        int rxIdx = 0;

        /* RMR information from previously received message */
        final RemoteMemoryTriplet rIov = rmrRcv[recvMsgIndex - 1];

        final LocalMemoryTriplet[] lIov = new LocalMemoryTriplet[MSG_IOV_COUNT];
        for (int i = 0; i < MSG_IOV_COUNT; i++) {
            final long segLen = len / MSG_IOV_COUNT;
            lIov[i] = new LocalMemoryTriplet(hLmrSend.lmrContext(), va(hLmrSend, sbuf, segLen * i), segLen);
            logf("%d rdma_write iov[%d] buf=0x%x,len=%d%n", pid, i, sbuf.address() + segLen * i, segLen);
        }
        final List<LocalMemoryTriplet> iov = List.of(lIov);
        final long deadline = System.nanoTime() + DTO_TIMEOUT.toNanos();
        start = Libc.getTime();
        for (int i = 0; i <= burst; i++) {
            if (rxCnt < burst && !(!server && txCnt == 0)) {
                rxCnt++;
                long spins = 0;
                while ((byte) BYTE.getVolatile(rbuf, rxOff) != (byte) rxCnt) {
                    Thread.onSpinWait();
                    if ((++spins & 0xffff) == 0 && System.nanoTime() - deadline > 0) {
                        eprintf("%d %s RW pingpong: 0x%x, *rbuf %d rcnt %d: no write from the peer%n", pid,
                                server ? "SERVER:" : "CLIENT:", rbuf.address() + rxOff,
                                (byte) BYTE.getVolatile(rbuf, rxOff) & 0xff, rxCnt & 0xff);
                        throw abort();
                    }
                }
                rxIdx = (byte) BYTE.getVolatile(rbuf, rxOff) & 0xff;

                if (dataCheck && !server && !sameBytes(len)) {
                    reportMismatch(len, rxCnt, txCnt);
                    throw abort();
                }
            }

            final boolean signal = (i + 1) % signalRate == 0;
            if (txCnt == burst) {
                break;
            }
            if (dataCheck) {
                setPat(len, txCnt % PAT_NUM);
            }

            BYTE.setVolatile(sbuf, txOff, (byte) ++txCnt);
            try {
                hEp.postRdmaWrite(iov, txCnt, rIov, signal ? CompletionFlag.DEFAULT
                        : Set.of(CompletionFlag.SUPPRESS));
            } catch (final DatException e) {
                eprintf("%d: ERROR: dat_rdma_write() %s%n", pid, retToStr(e.status()));
                throw abort();
            }
            if (signal) {
                final Event event = collectEvent(hDtoReqEvd, DTO_TIMEOUT, null, 0);
                if (!(event instanceof DtoCompletionEvent dto) || dto.status() != DtoStatus.SUCCESS) {
                    final DtoCompletionEvent dto = event instanceof DtoCompletionEvent d ? d : null;
                    eprintf("ERROR rdma_write: status=0x%x ck= %x exp 0x%x%n",
                            dto == null ? -1 : dto.status().value(), dto == null ? -1 : dto.cookie(), txCnt);
                    throw abort();
                }
            }
            logf("%d %s RW pingpong: 0x%x, *rbuf %d rcnt %d%n", pid, server ? "SERVER:" : "CLIENT:",
                    rbuf.address() + rxOff, (byte) BYTE.getVolatile(rbuf, rxOff) & 0xff, rxCnt & 0xff);
        }
        stop = Libc.getTime();
        ts.rtt = (stop - start) * 1.0e6;

        if (rxIdx != (rxCnt & 0xff)) {
            printf("%d %s RW pingpong: 0x%x, last *buf %d != cnt %d%n", pid, server ? "SERVER:" : "CLIENT:",
                    rbuf.address() + rxOff, (byte) BYTE.getVolatile(rbuf, rxOff) & 0xff, rxCnt & 0xff);
            throw abort();
        }

        if (allDataSizes) {
            printf("%d: RDMA write PingPong: (%d x %d) Total %6.2f us: latency %3.2f us, BW %4.2f MB/s%n", pid,
                    burst, len, ts.rtt, ts.rtt / burst / 2, 1 / (ts.rtt / burst / 2 / len));
        }
    }

    boolean sameBytes(final int len) {
        return MemorySegment.mismatch(sbuf, 0, len, rbuf, 0, len) < 0;
    }

    void reportMismatch(final int len, final int rxCnt, final int txCnt) {
        eprintf("%d: ERR: Tx data from server wrong%n", pid);
        final int l = (int) MemorySegment.mismatch(sbuf, 0, len, rbuf, 0, len);
        eprintf("%d: len %d, 1st error at %d. Tx 0x%x Rx 0x%x%n", pid, len, l,
                sbuf.get(ValueLayout.JAVA_BYTE, l) & 0xff, rbuf.get(ValueLayout.JAVA_BYTE, l) & 0xff);
        eprintf("%d: rcnt %d (char = %d), tcnt %d, *rbuf %d%n", pid, rxCnt, (byte) rxCnt, txCnt,
                rbuf.get(ValueLayout.JAVA_BYTE, len - 1) & 0xff);
        final StringBuilder s = new StringBuilder("Send:");
        final StringBuilder r = new StringBuilder("Recv:");
        for (int ll = l; ll < len && ll < 1 + 64; ll++) {
            s.append(String.format(Locale.ROOT, "%02x", sbuf.get(ValueLayout.JAVA_BYTE, ll) & 0xff));
            r.append(String.format(Locale.ROOT, "%02x", rbuf.get(ValueLayout.JAVA_BYTE, ll) & 0xff));
        }
        eprintf("%s%n%s%n", s, r);
    }

    void doRdmaReadWithMsg() {
        printf("%n %d RDMA READ DATA with SEND MSG%n%n", pid);

        if (recvMsgIndex >= MSG_BUF_COUNT) {
            throw abort();
        }

        /* get RMR information from previously received message */
        final RemoteMemoryTriplet rIov = rmrRcv[recvMsgIndex - 1];

        /* setup rdma read buffer to initial string to be overwritten */
        Libc.strcpy(sbuf, "blah, blah, blah\n");
        Libc.strcpy(rbuf, server ? "server RDMA read data..." : "client RDMA read data...");

        final LocalMemoryTriplet lIov = new LocalMemoryTriplet(hLmrSend.lmrContext(), va(hLmrSend, sbuf, 0), bufLen);

        for (int i = 0; i < MAX_RDMA_RD; i++) {
            start = Libc.getTime();
            try {
                hEp.postRdmaRead(List.of(lIov), 0x9999, rIov, CompletionFlag.DEFAULT);
            } catch (final DatException e) {
                eprintf("%d: ERROR: dat_ep_post_rdma_read() %s%n", pid, retToStr(e.status()));
                throw abort();
            }

            /* RDMA read completion event */
            final Event event = collectEvent(hDtoReqEvd, DTO_TIMEOUT, rdmaRdPollCount, i);

            /* validate event number, len, cookie, and status */
            if (!(event instanceof DtoCompletionEvent dto)) {
                eprintf("%d: ERROR: DTO event number %s%n", pid, event.number().cName());
                throw abort();
            }
            if (dto.transferredLength() != bufLen || dto.cookie() != 0x9999) {
                eprintf("%d: ERROR: DTO len %d or cookie %x%n", pid, dto.transferredLength(), dto.cookie());
                throw abort();
            }
            if (dto.status() != DtoStatus.SUCCESS) {
                eprintf("%d: ERROR: DTO event status %s%n", pid, dto.status());
                throw abort();
            }
            stop = Libc.getTime();
            ts.rdmaRd[i] = (stop - start) * 1.0e6;
            ts.rdmaRdTotal += ts.rdmaRd[i];

            logf("%d rdma_read # %d completed%n", pid, i + 1);
        }

        /*
         *  Send RMR information a 3rd time to indicate completion
         *  NOTE: already swapped to network order in connect_ep
         */
        printf("%d Sending RDMA read completion message%n", pid);

        /* give remote chance to process read completes */
        if (useCno) {
            sleep(1000);
        }

        try {
            sendMsg(pRmrSnd, RMR_TRIPLET_SIZE, hLmrSendMsg, Set.of(CompletionFlag.SUPPRESS));
        } catch (final DatException e) {
            eprintf("%d Error send_msg: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d send_msg completed%n", pid);

        printf("%d Waiting for inbound message....%n", pid);
        final int[] counter = {pollCount};
        final Event event = collectEvent(hDtoRcvEvd, DTO_TIMEOUT, counter, 0);
        pollCount = counter[0];

        /* validate event number and status */
        printf("%d inbound rdma_read; send message arrived!%n", pid);
        if (!(event instanceof DtoCompletionEvent dto)) {
            eprintf("%d Error unexpected DTO event : %s%n", pid, event.number().cName());
            throw abort();
        }
        if (dto.transferredLength() != RMR_TRIPLET_SIZE || dto.cookie() != recvMsgIndex) {
            eprintf("unexpected event data for receive: len=%d cookie=%x exp %d/%d%n", dto.transferredLength(),
                    dto.cookie(), RMR_TRIPLET_SIZE, recvMsgIndex);
            throw abort();
        }
        checkDtoStatus(dto);
        swapRmrMsg();
        logf("%d inbound rdma_write; send msg event SUCCESS!!%n", pid);

        printf("%d %s RCV RDMA read buffer contains: %s%n", pid, server ? "SERVER:" : "CLIENT:", Libc.cString(sbuf));
        recvMsgIndex++;
    }

    void doPingPongMsg() {
        printf("%n %d PING DATA with SEND MSG%n%n", pid);

        long sndBuf = 0;
        long rcvBuf = 0;

        /* pre-post all buffers */
        for (int i = 0; i < msgBurst; i++) {
            final LocalMemoryTriplet lIov = new LocalMemoryTriplet(hLmrRecv.lmrContext(), va(hLmrRecv, rbuf, rcvBuf),
                    bufLen);
            logf("%d Pre-posting Receive Message Buffer[%d] 0x%x%n", pid, i, rbuf.address() + rcvBuf);
            try {
                hEp.postRecv(List.of(lIov), i, CompletionFlag.DEFAULT);
            } catch (final DatException e) {
                eprintf("%d Error posting recv msg buffer: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d Posted Receive Message Buffer 0x%x%n", pid, rbuf.address() + rcvBuf);

            /* next buffer */
            rcvBuf += bufLen;
        }
        sleep(1000);

        /* Initialize recv_buf and index to beginning */
        rcvBuf = 0;
        burstMsgIndex = 0;

        /* client ping 0x55, server pong 0xAA in first byte */
        start = Libc.getTime();
        for (int i = 0; i < msgBurst; i++) {
            /* walk the send and recv buffers */
            if (!server) {
                sbuf.set(ValueLayout.JAVA_BYTE, sndBuf, (byte) 0x55);
                logf("%d %s SND buffer 0x%x contains: 0x%x len=%d%n", pid, "CLIENT:", sbuf.address() + sndBuf,
                        0x55, bufLen);
                try {
                    sendMsg(sbuf.asSlice(sndBuf, bufLen), bufLen, hLmrSend, Set.of(CompletionFlag.SUPPRESS));
                } catch (final DatException e) {
                    eprintf("%d Error send_msg: %s%n", pid, retToStr(e.status()));
                    throw e;
                }
                logf("%d send_msg completed%n", pid);
            }

            /* recv message, send completions suppressed */
            final int[] counter = {pollCount};
            final Event event = collectEvent(hDtoRcvEvd, DTO_TIMEOUT, counter, 0);
            pollCount = counter[0];

            /* start timer after first message arrives on server */
            if (i == 0) {
                start = Libc.getTime();
            }
            /* validate event number and status */
            logf("%d inbound message; message arrived!%n", pid);
            if (!(event instanceof DtoCompletionEvent dto)) {
                eprintf("%d Error DTO event (0x%x): %s%n", pid, event.number().value(), event.number().cName());
                throw abort();
            }
            if (dto.transferredLength() != bufLen || dto.cookie() != burstMsgIndex) {
                eprintf("ERR: recv event: len=%d cookie=%x exp %d/%d%n", dto.transferredLength(), dto.cookie(),
                        bufLen, burstMsgIndex);
                throw abort();
            }
            checkDtoStatus(dto);

            logf("%d %s RCV buffer[%d] 0x%x contains: 0x%x len=%d%n", pid, server ? "SERVER:" : "CLIENT:", i,
                    rbuf.address() + rcvBuf, rbuf.get(ValueLayout.JAVA_BYTE, rcvBuf) & 0xff, bufLen);

            burstMsgIndex++;

            /* If server, change data and send it back to client */
            if (server) {
                sbuf.set(ValueLayout.JAVA_BYTE, sndBuf, (byte) 0xaa);
                logf("%d %s SND buffer[%d] 0x%x contains: 0x%x len=%d%n", pid, "SERVER:", i,
                        sbuf.address() + sndBuf, 0xaa, bufLen);
                try {
                    sendMsg(sbuf.asSlice(sndBuf, bufLen), bufLen, hLmrSend, Set.of(CompletionFlag.SUPPRESS));
                } catch (final DatException e) {
                    eprintf("%d Error send_msg: %s%n", pid, retToStr(e.status()));
                    throw e;
                }
                logf("%d send_msg completed%n", pid);
            }

            /* next buffers */
            rcvBuf += bufLen;
            sndBuf += bufLen;
        }
        stop = Libc.getTime();
        ts.rtt = (stop - start) * 1.0e6;
    }
}
