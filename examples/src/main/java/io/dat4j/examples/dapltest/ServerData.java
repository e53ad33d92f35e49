package io.dat4j.examples.dapltest;

import io.dat4j.Endpoint;
import io.dat4j.EventDispatcher;
import io.dat4j.InterfaceAdapter;
import io.dat4j.ProtectionZone;
import io.dat4j.PublicServicePoint;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The server's state that outlives one client ({@code Per_Server_Data_t}): its IA and the objects of its listening
 * EP, the next connection qualifier to hand out, the number of tests still running, and the lock that lets one
 * performance test run at a time ({@code g_PerfTestLock}: taken by the main thread, released by the test's thread,
 * hence a semaphore).
 *
 * <p>Thread safety: the main server thread owns the handles; the test threads read {@link #ia} and update
 * {@link #numClients}.
 */
final class ServerData {

    int nextPortNumber;
    final AtomicInteger numClients = new AtomicInteger();
    final Semaphore perfTestLock = new Semaphore(1);
    InterfaceAdapter ia;
    ProtectionZone pz;
    EventDispatcher recvEvd;
    EventDispatcher reqtEvd;
    EventDispatcher connEvd;
    EventDispatcher creqEvd;
    Endpoint ep;
    PublicServicePoint psp;
    Bpool bpool;
}
