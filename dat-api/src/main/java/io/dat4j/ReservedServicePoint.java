package io.dat4j;

/**
 * A reserved service point ({@code DAT_RSP_HANDLE}): takes one connection request for its bound EP, then stops
 * listening. {@code dat_rsp_query} is the accessors.
 */
public non-sealed interface ReservedServicePoint extends ServicePoint {

    /** {@return the bound EP} */
    Endpoint endpoint();
}
