package io.dat4j.examples.dtest;

import io.dat4j.AsyncErrorEvent;
import io.dat4j.CloseMode;
import io.dat4j.CompletionFlag;
import io.dat4j.ConnectionEvent;
import io.dat4j.ConnectionRequestEvent;
import io.dat4j.ConnectionRequestParameters;
import io.dat4j.DatException;
import io.dat4j.DatStatus;
import io.dat4j.DtoCompletionEvent;
import io.dat4j.DtoStatus;
import io.dat4j.Event;
import io.dat4j.EventDispatcher;
import io.dat4j.EventNumber;
import io.dat4j.EventStream;
import io.dat4j.Handle;
import io.dat4j.LocalMemoryRegion;
import io.dat4j.LocalMemoryTriplet;
import io.dat4j.MemoryPrivilege;
import io.dat4j.RemoteMemoryTriplet;
import io.dat4j.ServicePointFlag;
import io.dat4j.StatusType;
import java.io.PrintStream;
import java.lang.foreign.MemorySegment;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * dtest's set-up and tear-down: memory registration, the EVDs, the connection with its private data and the
 * buffer-info messages, the disconnect and the flush of the EVDs.
 */
abstract sealed class DtestSetup extends DtestOptions permits DtestTransfers {

    DtestSetup(final PrintStream out, final PrintStream err) {
        super(out, err);
    }

    void printIaAddress(final InetSocketAddress sa) {
        if (sa != null && sa.getAddress() instanceof Inet4Address) {
            printf("%d Local Address AF_INET - %s port %d%n", pid, sa.getAddress().getHostAddress(), serverConnQual);
        } else if (sa != null) {
            /* C prints the UCM QPN and LID packed in sin6_flowinfo and sin6_port; an IP IA has neither */
            printf("%d Local Address AF_INET6 - %s flowinfo(QPN)=0x%x, port(LID)=0x%x%n", pid,
                    sa.getAddress().getHostAddress(), 0, sa.getPort());
        } else {
            printf("%d Local Address UNKNOWN FAMILY - port %d%n", pid, serverConnQual);
        }
    }

    void initData() {
        rbuf.asSlice(0, bufLen).fill((byte) 'a');
        sbuf.asSlice(0, bufLen).fill((byte) 'b');
    }

    void flushEvds() {
        /* Flush async error queue */
        logf("%d: Checking ASYNC EVD...%n", pid);
        for (Event e = poll(hAsyncEvd); e != null; e = poll(hAsyncEvd)) {
            if (e instanceof AsyncErrorEvent a) {
                logf("%d ERR: ASYNC EVD ENTRY: handle=%s reason=%s%n", pid, a.source(), a.reason());
            }
        }
        /* Flush receive queue */
        logf("%d: Checking RECEIVE EVD...%n", pid);
        for (Event e = poll(hDtoRcvEvd); e != null; e = poll(hDtoRcvEvd)) {
            if (e instanceof DtoCompletionEvent d) {
                logf(" RCV EVD ENTRY: op=%d stat=%d ln=%d ck=%x%n", d.operation().value(), d.status().value(),
                        d.transferredLength(), d.cookie());
            }
        }
        /* Flush request queue */
        logf("%d: Checking REQUEST EVD...%n", pid);
        for (Event e = poll(hDtoReqEvd); e != null; e = poll(hDtoReqEvd)) {
            if (e instanceof DtoCompletionEvent d) {
                logf(" REQ EVD ENTRY: op=%d stat=%d ln=%d ck=%x%n", d.operation().value(), d.status().value(),
                        d.transferredLength(), d.cookie());
            }
        }
    }

    static Event poll(final EventDispatcher evd) {
        return evd == null || evd.isClosed() ? null : evd.poll();
    }

    /**
     * collect_event: CNO wait, EVD wait or a dequeue loop, as chosen by -c and -p. C's CNO and polling loops never
     * give up; here they give up after {@code timeout} too.
     */
    Event collectEvent(final EventDispatcher dtoEvd, final Duration timeout, final int[] counter,
            final int index) {
        final long deadline = System.nanoTime() + timeout.toNanos();
        if (useCno) {
            while (true) {
                /* CNO wait could return EVD's in any order and may drop some EVD notifications if already
                 * triggered. Once woken, simply dequeue the EVD the caller wants to collect and return. */
                boolean woke = true;
                try {
                    hDtoCno.await(CNO_TIMEOUT);
                } catch (final DatException e) {
                    if (e.type() != StatusType.TIMEOUT_EXPIRED) {
                        throw e;
                    }
                    woke = false;
                }
                final Event e = dtoEvd.poll();
                if (e != null) {
                    return e;
                }
                if (woke) {
                    printf(" WARNING: CNO notification: without EVD?%n");
                }
                checkDeadline(deadline, dtoEvd);
            }
        } else if (!polling) {
            /* use wait to dequeue */
            try {
                return dtoEvd.await(timeout, 1);
            } catch (final DatException e) {
                eprintf("Error waiting on h_dto_evd %s: %s%n", dtoEvd, retToStr(e.status()));
                throw e;
            }
        } else {
            Event e = dtoEvd.poll();
            while (e == null) {
                if (counter != null) {
                    counter[index]++;
                }
                Thread.onSpinWait();
                if ((counter == null || (counter[index] & 0xffff) == 0)) {
                    checkDeadline(deadline, dtoEvd);
                }
                e = dtoEvd.poll();
            }
            return e;
        }
    }

    void checkDeadline(final long deadline, final EventDispatcher evd) {
        if (System.nanoTime() - deadline > 0) {
            final DatStatus st = DatStatus.error(StatusType.TIMEOUT_EXPIRED, null);
            eprintf("Error waiting on h_dto_evd %s: %s%n", evd, retToStr(st));
            throw new Abort(st);
        }
    }

    void sendMsg(final MemorySegment data, final long size, final LocalMemoryRegion lmr,
            final Set<CompletionFlag> flags) {
        final LocalMemoryTriplet iov = new LocalMemoryTriplet(lmr.lmrContext(), va(lmr, data, 0), size);
        logf("%d calling post_send%n", pid);
        try {
            hEp.postSend(List.of(iov), 0xaaaa, flags);
        } catch (final DatException e) {
            eprintf("%d: ERROR: dat_ep_post_send() %s%n", pid, retToStr(e.status()));
            throw e;
        }
        if (!flags.contains(CompletionFlag.SUPPRESS)) {
            final Event event = collectEvent(hDtoReqEvd, DTO_TIMEOUT, new int[] {pollCount}, 0);
            /* validate event number, len, cookie, and status */
            if (!(event instanceof DtoCompletionEvent dto)) {
                eprintf("%d: ERROR: DTO event number %s%n", pid, event.number().cName());
                throw abort();
            }
            if (dto.transferredLength() != size || dto.cookie() != 0xaaaa) {
                eprintf("%d: ERROR: DTO len %d or cookie %x %n", pid, dto.transferredLength(), dto.cookie());
                throw abort();
            }
            if (dto.status() != DtoStatus.SUCCESS) {
                eprintf("%d: ERROR: DTO event status %s%n", pid, dto.status());
                throw abort();
            }
        }
    }

    void connectEp(final String host, final long connId, final InetSocketAddress serSa) {
        /* Register send message buffer */
        logf("%d Registering send Message Buffer 0x%x, len %d%n", pid, pRmrSnd.address(), RMR_TRIPLET_SIZE);
        try {
            hLmrSendMsg = hIa.createLocalMemoryRegion(hPz, pRmrSnd.asSlice(0, RMR_TRIPLET_SIZE),
                    Set.of(MemoryPrivilege.LOCAL_WRITE));
        } catch (final DatException e) {
            eprintf("%d Error registering send msg buffer: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d Registered send Message Buffer 0x%x %n", pid, pRmrSnd.address());

        /* Register Receive buffers */
        logf("%d Registering Receive Message Buffer 0x%x%n", pid, pRmrRcv.address());
        try {
            hLmrRecvMsg = hIa.createLocalMemoryRegion(hPz, pRmrRcv.asSlice(0, (long) RMR_TRIPLET_SIZE * MSG_BUF_COUNT),
                    Set.of(MemoryPrivilege.LOCAL_WRITE));
        } catch (final DatException e) {
            eprintf("%d Error registering recv msg buffer: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d Registered Receive Message Buffer 0x%x%n", pid, pRmrRcv.address());

        for (int i = 0; i < MSG_BUF_COUNT; i++) {
            final LocalMemoryTriplet lIov = new LocalMemoryTriplet(hLmrRecvMsg.lmrContext(),
                    va(hLmrRecvMsg, pRmrRcv, (long) i * RMR_TRIPLET_SIZE), RMR_TRIPLET_SIZE);
            logf("%d Posting Receive Message Buffer 0x%x%n", pid, pRmrRcv.address() + (long) i * RMR_TRIPLET_SIZE);
            try {
                hEp.postRecv(List.of(lIov), i, CompletionFlag.DEFAULT);
            } catch (final DatException e) {
                eprintf("%d Error registering recv msg buffer: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d Registered Receive Message Buffer 0x%x%n", pid, pRmrRcv.address());
        }

        /* setup receive rdma buffer to initial string to be overwritten */
        Libc.strcpy(rbuf, "blah, blah, blah\n");

        Event event;
        if (server) { /* SERVER */
            /*
             * Unlike C, listen before telling the client where to connect: a C client connects as soon as it has
             * read the message, and a JVM under emulation may not have created the PSP by then.
             */
            logf("%d Creating service point for listen%n", pid);
            try {
                hPsp = hIa.createPublicServicePoint(connId, hCrEvd, ServicePointFlag.CONSUMER);
            } catch (final DatException e) {
                eprintf("%d Error dat_psp_create: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d dat_psp_created for server listen%n", pid);

            /* Exchange info with client */
            if (new ServerInfoExchange(con, connPort).send(serSa, provider, String.format(java.util.Locale.ROOT,
                    "%d Server is waiting for client connection to send server info%n", pid)) != 0) {
                printf("%d Failed to send server params%n", pid);
                throw abort();
            }

            printf("%d Server waiting for connect request on port %x%n", pid, connId);
            con.out().flush();

            try {
                event = hCrEvd.await(SERVER_TIMEOUT, 1);
            } catch (final DatException e) {
                eprintf("%d Error dat_evd_wait: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d dat_evd_wait for cr_evd completed%n", pid);

            if (!(event instanceof ConnectionRequestEvent cre)) {
                eprintf("%d Error unexpected cr event : %s%n", pid, event.number().cName());
                throw abort();
            }
            if (cre.connectionQualifier() != serverConnQual || cre.servicePoint() != hPsp) {
                eprintf("%d Error wrong cr event data : %s%n", pid, event.number().cName());
                throw abort();
            }

            /* use to test rdma_cma timeout logic */
            if (delay > 0) {
                sleep(delay * 1000L);
            }

            /* accept connect request from client */
            hCr = cre.request();
            logf("%d Accepting connect request from client%n", pid);

            /* private data - check and send it back */
            final ConnectionRequestParameters crParam = hCr.query();
            final byte[] buf = crParam.privateData().toByteArray();
            logf("%d CONN REQUEST Private Data %s[0]=%d [47]=%d%n", pid, "buf", at(buf, 0), at(buf, 47));
            for (int i = 0; i < 48; i++) {
                if (at(buf, i) != i + 1) {
                    eprintf("%d Error with CONNECT REQUEST private data: %s[%d]=%d s/be %d%n", pid, "buf", i,
                            at(buf, i), i + 1);
                    hCr.reject(null);
                    throw abort();
                }
                buf[i]++; /* change for trip back */
            }

            try {
                hCr.accept(hEp, Arrays.copyOf(buf, 48));
            } catch (final DatException e) {
                eprintf("%d Error dat_cr_accept: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d dat_cr_accept completed%n", pid);
        } else { /* CLIENT */
            final InetAddress target;
            try {
                target = Libc.resolve(host);
            } catch (final UnknownHostException e) {
                eprintf("%n remote name resolution failed!: %s%n", e.getMessage());
                throw abort();
            }
            final byte[] ip = target.getAddress();
            printf("%d Server Name: %s %n", pid, host);
            printf("%d Server Net Address: %d.%d.%d.%d port %x%n", pid, ip[0] & 0xff, ip[1] & 0xff, ip[2] & 0xff,
                    ip[3] & 0xff, connId);

            final byte[] pdata = new byte[48];
            for (int i = 0; i < 48; i++) { /* simple pattern in private data */
                pdata[i] = (byte) (i + 1);
            }

            logf("%d Connecting to server%n", pid);
            start = Libc.getTime();
            try {
                hEp.connect(target, connId, CONN_TIMEOUT, pdata);
            } catch (final DatException e) {
                eprintf("%d Error dat_ep_connect: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d dat_ep_connect completed%n", pid);
        }

        printf("%d Waiting for connect response%n", pid);
        con.out().flush();

        if (polling) {
            final long deadline = System.nanoTime() + CONN_TIMEOUT.toNanos();
            event = hConnEvd.poll();
            while (event == null) {
                connPollCount++;
                Thread.onSpinWait();
                if ((connPollCount & 0xffff) == 0) {
                    checkDeadline(deadline, hConnEvd);
                }
                event = hConnEvd.poll();
            }
        } else {
            event = hConnEvd.await(EventDispatcher.INFINITE, 1);
        }

        if (!server) {
            stop = Libc.getTime();
            ts.conn += (stop - start) * 1.0e6;
        }

        if (event.number() != EventNumber.CONNECTION_EVENT_ESTABLISHED) {
            eprintf("%d Error unexpected conn event : 0x%x %s%n", pid, event.number().value(),
                    event.number().cName());
            throw abort();
        }

        /* check private data back from server */
        if (!server) {
            final byte[] buf = ((ConnectionEvent) event).privateData().toByteArray();
            logf("%d CONN Private Data %s[0]=%d [47]=%d%n", pid, "buf", at(buf, 0), at(buf, 47));
            for (int i = 0; i < 48; i++) {
                if (at(buf, i) != i + 2) {
                    eprintf("%d Error with CONNECT event private data: %s[%d]=%d s/be %d%n", pid, "buf", i,
                            at(buf, i), i + 2);
                    hEp.disconnect(CloseMode.ABRUPT);
                    logf("%d waiting for disconnect event...%n", pid);
                    hConnEvd.await(CONN_TIMEOUT, 1);
                    throw abort();
                }
            }
        }

        printf("%n%d CONNECTED!%n%n", pid);
        connected = true;
        con.out().flush();

        /*
         *  Setup our remote memory and tell the other side about it
         */
        pRmrSnd.set(NET_U64, 0, va(hLmrRecv, rbuf, 0));         /* htonll(rbuf) */
        pRmrSnd.set(NET_U32, 8, bufLen);                         /* htonl(buf_len) */
        pRmrSnd.set(NET_U32, 12, hLmrRecv.rmrContext());         /* htonl(rmr_context_recv) */

        printf("%d Send RMR msg to remote: r_key_ctx=0x%x,va=0x%x,len=0x%x%n", pid, hLmrRecv.rmrContext(),
                va(hLmrRecv, rbuf, 0), bufLen);

        try {
            sendMsg(pRmrSnd, RMR_TRIPLET_SIZE, hLmrSendMsg, CompletionFlag.DEFAULT);
        } catch (final DatException e) {
            eprintf("%d Error send_msg: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d send_msg completed%n", pid);

        /*
         *  Wait for remote RMR information for RDMA
         */
        final int[] counter = {pollCount};
        event = collectEvent(hDtoRcvEvd, DTO_TIMEOUT, counter, 0);
        pollCount = counter[0];
        printf("%d remote RMR data arrived!%n", pid);
        if (!(event instanceof DtoCompletionEvent dto)) {
            eprintf("%d Error unexpected DTO event: 0x%x %s%n", pid, event.number().value(),
                    event.number().cName());
            throw abort();
        }
        if (dto.transferredLength() != RMR_TRIPLET_SIZE || dto.cookie() != recvMsgIndex) {
            eprintf("ERR recv event: len=%d cookie=%x expected %d/%d%n", dto.transferredLength(), dto.cookie(),
                    RMR_TRIPLET_SIZE, recvMsgIndex);
            throw abort();
        }
        checkDtoStatus(dto);
        swapRmrMsg();
        recvMsgIndex++;
    }

    void checkDtoStatus(final DtoCompletionEvent dto) {
        /* Java only: C reads the message whatever the status says */
        if (dto.status() != DtoStatus.SUCCESS) {
            eprintf("%d: ERROR: DTO event status %s%n", pid, dto.status());
            throw abort();
        }
    }

    /** swap received RMR msg: network order to host order, then print it. */
    void swapRmrMsg() {
        final long off = (long) recvMsgIndex * RMR_TRIPLET_SIZE;
        rmrRcv[recvMsgIndex] = new RemoteMemoryTriplet(pRmrRcv.get(NET_U32, off + 12), pRmrRcv.get(NET_U64, off),
                Integer.toUnsignedLong(pRmrRcv.get(NET_U32, off + 8)));
        final RemoteMemoryTriplet r = rmrRcv[recvMsgIndex];
        printf("%d Received RMR from remote: r_iov: r_key_ctx=%x,va=%x,len=0x%x%n", pid, r.rmrContext(),
                r.virtualAddress(), r.segmentLength());
    }

    void disconnectEp() {
        if (connected) {
            /*
             * Only the client needs to call disconnect. The server _should_ be able
             * to just wait on the EVD associated with connection events for a
             * disconnect request and then exit.
             */
            if (!server) {
                logf("%d dat_ep_disconnect%n", pid);
                try {
                    hEp.disconnect(CloseMode.ABRUPT); /* DAT_CLOSE_DEFAULT */
                    logf("%d dat_ep_disconnect completed%n", pid);
                } catch (final DatException e) {
                    eprintf("%d Error dat_ep_disconnect: %s%n", pid, retToStr(e.status()));
                }
            } else {
                logf("%d Server waiting for disconnect...%n", pid);
            }
            try {
                /* C waits forever; a peer that never disconnects is given the DTO timeout */
                hConnEvd.await(DTO_TIMEOUT, 1);
                logf("%d dat_evd_wait for h_conn_evd completed%n", pid);
            } catch (final DatException e) {
                eprintf("%d Error dat_evd_wait: %s%n", pid, retToStr(e.status()));
            }
        }

        /* destroy service point */
        if (server && hPsp != null) {
            try {
                hPsp.close();
                logf("%d dat_psp_free completed%n", pid);
            } catch (final DatException e) {
                eprintf("%d Error dat_psp_free: %s%n", pid, retToStr(e.status()));
            }
        }

        /* Unregister Send message Buffer */
        if (hLmrSendMsg != null) {
            logf("%d Unregister send message h_lmr %s %n", pid, hLmrSendMsg);
            try {
                hLmrSendMsg.close();
                logf("%d Unregistered send message Buffer%n", pid);
                hLmrSendMsg = null;
            } catch (final DatException e) {
                eprintf("%d Error deregistering send msg mr: %s%n", pid, retToStr(e.status()));
            }
        }

        /* Unregister recv message Buffer */
        if (hLmrRecvMsg != null) {
            logf("%d Unregister recv message h_lmr %s %n", pid, hLmrRecvMsg);
            try {
                hLmrRecvMsg.close();
                logf("%d Unregistered recv message Buffer%n", pid);
                hLmrRecvMsg = null;
            } catch (final DatException e) {
                eprintf("%d Error deregistering recv msg mr: %s%n", pid, retToStr(e.status()));
            }
        }
    }

    /* Register RDMA Receive buffer */
    void registerRdmaMemory() {
        final long len = (long) bufLen * rqCnt;
        start = Libc.getTime();
        try {
            hLmrRecv = hIa.createLocalMemoryRegion(hPz, rbuf.asSlice(0, len), MemoryPrivilege.ALL);
        } catch (final DatException e) {
            eprintf("%d Error registering Receive RDMA buffer: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        stop = Libc.getTime();
        ts.reg += (stop - start) * 1.0e6;
        ts.total += ts.reg;
        logf("%d Registered Receive RDMA Buffer 0x%x%n", pid, rbuf.address());

        /* Register RDMA Send buffer */
        try {
            hLmrSend = hIa.createLocalMemoryRegion(hPz, sbuf.asSlice(0, len), MemoryPrivilege.ALL);
        } catch (final DatException e) {
            eprintf("%d Error registering send RDMA buffer: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d Registered Send RDMA Buffer 0x%x%n", pid, sbuf.address());
    }

    /* Unregister RDMA memory */
    void unregisterRdmaMemory() {
        /* Unregister Recv Buffer */
        if (hLmrRecv != null) {
            logf("%d Unregister h_lmr %s %n", pid, hLmrRecv);
            start = Libc.getTime();
            try {
                hLmrRecv.close();
            } catch (final DatException e) {
                eprintf("%d Error deregistering recv mr: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            stop = Libc.getTime();
            ts.unreg += (stop - start) * 1.0e6;
            ts.total += ts.unreg;
            logf("%d Unregistered Recv Buffer%n", pid);
            hLmrRecv = null;
        }

        /* Unregister Send Buffer */
        if (hLmrSend != null) {
            logf("%d Unregister h_lmr %s %n", pid, hLmrSend);
            try {
                hLmrSend.close();
            } catch (final DatException e) {
                eprintf("%d Error deregistering send mr: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            logf("%d Unregistered send Buffer%n", pid);
            hLmrSend = null;
        }
    }

    /* Create CNO, CR, CONN, and DTO events */
    void createEvents() {
        /* create CNO */
        if (useCno) {
            start = Libc.getTime();
            try {
                hDtoCno = hIa.createConsumerNotifier();
            } catch (final DatException e) {
                eprintf("%d Error dat_cno_create: %s%n", pid, retToStr(e.status()));
                throw e;
            }
            stop = Libc.getTime();
            ts.cnoc += (stop - start) * 1.0e6;
            ts.total += ts.cnoc;
            logf("%d cr_evd created, %s%n", pid, hDtoCno);
        }

        /* create cr EVD */
        start = Libc.getTime();
        try {
            hCrEvd = hIa.createEventDispatcher(10, null, Set.of(EventStream.CR));
        } catch (final DatException e) {
            eprintf("%d Error dat_evd_create: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        stop = Libc.getTime();
        ts.evdc += (stop - start) * 1.0e6;
        ts.total += ts.evdc;
        logf("%d cr_evd created %s%n", pid, hCrEvd);

        /* create conn EVD */
        try {
            hConnEvd = hIa.createEventDispatcher(10, null, Set.of(EventStream.CONNECTION));
        } catch (final DatException e) {
            eprintf("%d Error dat_evd_create: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d con_evd created %s%n", pid, hConnEvd);

        /* create dto SND EVD, with CNO if use_cno was set */
        final int reqLen = (MSG_BUF_COUNT + MAX_RDMA_RD + burst) * 2;
        try {
            hDtoReqEvd = hIa.createEventDispatcher(reqLen, hDtoCno, Set.of(EventStream.DTO));
        } catch (final DatException e) {
            eprintf("%d Error dat_evd_create REQ: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d dto_req_evd created %s%n", pid, hDtoReqEvd);

        /* create dto RCV EVD, with CNO if use_cno was set */
        try {
            hDtoRcvEvd = hIa.createEventDispatcher(MSG_BUF_COUNT + burst, hDtoCno, Set.of(EventStream.DTO));
        } catch (final DatException e) {
            eprintf("%d Error dat_evd_create RCV: %s%n", pid, retToStr(e.status()));
            throw e;
        }
        logf("%d dto_rcv_evd created %s%n", pid, hDtoRcvEvd);

        /* query DTO req EVD and check size */
        final int qlen = hDtoReqEvd.query().queueLength();
        if (qlen < reqLen) {
            eprintf("%d Error dat_evd qsize too small: %d < %d%n", pid, qlen, reqLen);
            throw abort();
        }
        logf("%d dto_req_evd QLEN - requested %d and actual %d%n", pid, reqLen, qlen);
    }

    /* Destroy CR, CONN, CNO, and DTO events */
    void destroyEvents() {
        /* free cr EVD */
        if (hCrEvd != null) {
            free(hCrEvd, "cr EVD", "cr EVD");
            hCrEvd = null;
        }

        /* free conn EVD */
        if (hConnEvd != null) {
            free(hConnEvd, "conn EVD", "conn EVD");
            hConnEvd = null;
        }

        /* free RCV dto EVD */
        if (hDtoRcvEvd != null) {
            ts.evdf += free(hDtoRcvEvd, "RCV dto EVD", "dto EVD");
            ts.total += ts.evdf;
            hDtoRcvEvd = null;
        }

        /* free REQ dto EVD */
        if (hDtoReqEvd != null) {
            free(hDtoReqEvd, "REQ dto EVD", "dto EVD");
            hDtoReqEvd = null;
        }

        /* free CNO */
        if (hDtoCno != null) {
            ts.cnof += free(hDtoCno, "dto CNO", "dto CNO");
            ts.total += ts.cnof;
            hDtoCno = null;
        }
    }

    /**
     * Frees one EVD or CNO with dtest's log and error lines ("Free X", then "Error freeing Y" or "Freed Y").
     *
     * @return the microseconds the free took
     */
    double free(final Handle h, final String what, final String name) {
        logf("%d Free %s %s %n", pid, what, h);
        start = Libc.getTime();
        try {
            h.close();
        } catch (final DatException e) {
            eprintf("%d Error freeing %s: %s%n", pid, name, retToStr(e.status()));
            throw e;
        }
        stop = Libc.getTime();
        logf("%d Freed %s%n", pid, name);
        return (stop - start) * 1.0e6;
    }
}
