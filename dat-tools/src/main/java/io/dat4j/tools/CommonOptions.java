package io.dat4j.tools;

import io.dat4j.Dat;
import picocli.CommandLine.Option;

/** The options every command has: {@code -P IA_NAME}, {@code -v} and {@code --help}. */
final class CommonOptions {

    @Option(names = {"-P", "--ia"}, paramLabel = "IA_NAME",
            description = "The IA to open, as -P of dtest: a dat.conf name (e.g. ofa-v2-rxe0) or a provider's own"
                + " name: tcp0 (TCP provider, every interface) or tcp-lo (loopback only). Default: ${DEFAULT-VALUE}"
                + " (-Ddat4j.ia=NAME changes it). `dat providers` lists them.")
    String ia = Dat.defaultInterfaceAdapterName();

    @Option(names = {"-v", "--verbose"}, description = "Log more to stderr (-v info, -vv debug).")
    boolean[] verbose = new boolean[0];

    @Option(names = "--help", usageHelp = true, description = "Show this help and exit.")
    boolean help;
}
