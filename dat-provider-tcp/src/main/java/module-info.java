/**
 * The pure-Java TCP provider of dat4j: DAT 2.0 semantics, including one-sided RDMA read and write, over NIO sockets.
 */
module io.dat4j.provider.tcp {
    requires io.dat4j.kit;
    requires org.apache.logging.log4j;

    provides io.dat4j.spi.DatProvider with io.dat4j.provider.tcp.TcpProvider;
}
