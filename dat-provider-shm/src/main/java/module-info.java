/**
 * The shared-memory provider of dat4j: DAT 2.0 between processes (and within one) on one host, through rings in
 * shared memory, with one-sided RDMA by cross-memory attach (process_vm_readv/writev) where the kernel allows it.
 */
module io.dat4j.provider.shm {
    requires io.dat4j.kit;
    requires org.apache.logging.log4j;
    requires jdk.net;

    provides io.dat4j.spi.DatProvider with io.dat4j.provider.shm.ShmProvider;
}
