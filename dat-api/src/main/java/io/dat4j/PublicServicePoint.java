package io.dat4j;

/**
 * A public service point ({@code DAT_PSP_HANDLE}): listens for any number of connection requests.
 * {@code dat_psp_query} is the accessors.
 */
public non-sealed interface PublicServicePoint extends ServicePoint {

    /** {@return who creates the EP of each request} */
    ServicePointFlag flag();
}
