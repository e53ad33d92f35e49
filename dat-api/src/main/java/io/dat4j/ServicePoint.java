package io.dat4j;

/**
 * A place peers connect to: a {@link PublicServicePoint} or a {@link ReservedServicePoint}. {@link #close()} is
 * {@code dat_psp_free}/{@code dat_rsp_free}: it stops listening; requests already delivered stay valid.
 */
public sealed interface ServicePoint extends Handle permits PublicServicePoint, ReservedServicePoint {

    /** {@return the IA} */
    InterfaceAdapter interfaceAdapter();

    /** {@return the connection qualifier it listens on, {@code conn_qual}} */
    long connectionQualifier();

    /** {@return the EVD that receives its connection requests} */
    EventDispatcher eventDispatcher();
}
