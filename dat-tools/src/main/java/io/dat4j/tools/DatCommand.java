package io.dat4j.tools;

import java.io.PrintWriter;
import java.lang.module.ModuleDescriptor;
import java.nio.charset.StandardCharsets;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code dat} command: {@code providers}, {@code test}, {@code cm}, {@code perf lat|bw} and {@code demo}.
 * Exit codes: 0 success, 1 the check or measurement failed, 2 bad usage.
 */
@Command(name = "dat", mixinStandardHelpOptions = false, versionProvider = DatCommand.Version.class,
        description = {"The DAT 2.0 (uDAPL) tools for dat4j: what the registry offers, dtest/dtestcm-style checks,",
            "perftest-style latency and bandwidth, and a demo. Every command takes -P IA_NAME like the C tools."},
        subcommands = {ProvidersCommand.class, TestCommand.class, CmCommand.class, PerfCommand.class,
            DemoCommand.class, ConformanceCommand.class, CommandLine.HelpCommand.class,
            AutoComplete.GenerateCompletion.class},
        exitCodeOnInvalidInput = 2, exitCodeOnExecutionException = 1)
public final class DatCommand implements Runnable {

    /** Property that sets the log level; {@code -v} and {@code -vv} set it before any logger exists. */
    static final String LOG_LEVEL_PROP_NAME = "dat4j.log.level";

    @Spec
    private CommandSpec spec;

    @Option(names = "--help", usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    @Option(names = "--version", versionHelp = true, description = "Show the version and exit.")
    private boolean version;

    /** Creates the command; picocli fills the fields. */
    public DatCommand() {
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a command is required: providers, test, cm, perf, demo");
    }

    /**
     * Runs the command and exits with its code.
     *
     * @param args the arguments
     */
    public static void main(final String[] args) {
        System.exit(execute(args));
    }

    /**
     * Runs the command with the process's stdout and stderr.
     *
     * @param args the arguments
     * @return the exit code
     */
    static int execute(final String... args) {
        configureLogging(args);
        System.setProperty("java.awt.headless", "true");
        final CommandLine cl = commandLine();
        cl.setOut(new PrintWriter(System.out, true, StandardCharsets.UTF_8));
        cl.setErr(new PrintWriter(System.err, true, StandardCharsets.UTF_8));
        return cl.execute(args);
    }

    /** {@return the configured picocli command line} */
    static CommandLine commandLine() {
        final CommandLine cl = new CommandLine(new DatCommand());
        // `dat generate-completion` prints the bash/zsh completion script the distribution ships; not in the help
        cl.getSubcommands().get("generate-completion").getCommandSpec().usageMessage().hidden(true);
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            cmd.getErr().println(cmd.getCommandSpec().qualifiedName() + ": " + describe(ex));
            if (Boolean.getBoolean("dat4j.trace") || "debug".equals(System.getProperty(LOG_LEVEL_PROP_NAME))) {
                ex.printStackTrace(cmd.getErr());
            }
            return 1;
        });
        return cl;
    }

    /**
     * {@return a one-line description of a failure, with its causes}
     *
     * @param t the failure
     */
    static String describe(final Throwable t) {
        final StringBuilder sb = new StringBuilder(String.valueOf(t.getMessage() == null ? t : t.getMessage()));
        Throwable c = t.getCause();
        while (c != null && c != c.getCause()) {
            sb.append(" (cause: ").append(c.getMessage() == null ? c : c.getMessage()).append(')');
            c = c.getCause();
        }
        return sb.toString();
    }

    private static void configureLogging(final String[] args) {
        if (System.getProperty(LOG_LEVEL_PROP_NAME) != null) {
            return;
        }
        int v = 0;
        for (final String a : args) {
            if (a.equals("-v") || a.equals("--verbose")) {
                v++;
            } else if (a.equals("-vv")) {
                v += 2;
            }
        }
        System.setProperty(LOG_LEVEL_PROP_NAME, v == 0 ? "warn" : v == 1 ? "info" : "debug");
    }

    /** The version line: the dat4j version and the DAT version implemented. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            final ModuleDescriptor d = DatCommand.class.getModule().getDescriptor();
            final String v = d != null && d.rawVersion().isPresent() ? d.rawVersion().get()
                    : DatCommand.class.getPackage().getImplementationVersion();
            return new String[] {"dat " + (v == null ? "(development build)" : v) + ", DAT "
                + io.dat4j.Dat.VERSION_MAJOR + "." + io.dat4j.Dat.VERSION_MINOR};
        }
    }
}
