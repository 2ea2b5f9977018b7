package io.cpufeatures.cli;

import ch.qos.logback.classic.Level;
import io.cpufeatures.core.CpuFeaturesConfigurationException;
import io.cpufeatures.core.UnknownFeatureException;
import io.cpufeatures.dispatch.DispatchException;
import java.io.InputStream;
import java.io.PrintWriter;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code cpufeatures} command. Without a subcommand it runs {@code report}. Exit codes: 0
 * success, 1 a file (or a dispatch point) failed, 2 a usage error; errors go to stderr in one line.
 */
@Command(name = "cpufeatures", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = "What the CPU under this JVM can really run, and what every dispatch point on the class path picks for it.",
        subcommands = {ReportCommand.class, ExplainCommand.class, DispatchCommand.class, FleetCommand.class,
            CompletionCommand.class, ManPageCommand.class},
        footerHeading = "%nExit status:%n",
        footer = {"  0  success",
            "  1  a file could not be read or parsed (fleet: at least one), or a dispatch point could not choose",
            "  2  a usage error: unknown option or feature, bad --xcr0, --xcr0 without --cpuid-file"})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final InputStream stdin;

    private Main(InputStream stdin) {
        this.stdin = stdin;
    }

    /** What {@code --cpuid-file -} reads. */
    InputStream stdin() {
        return stdin;
    }

    /** Sets the log level: quiet by default, DEBUG with {@code -v}. */
    @Option(names = {"-v", "--verbose"}, scope = ScopeType.INHERIT,
            description = "Log what the library does (probe, timings, dispatch) at DEBUG level on stderr.")
    void verbose(boolean on) {
        if (on) {
            ch.qos.logback.classic.Logger root = (ch.qos.logback.classic.Logger) LoggerFactory.getLogger(
                    org.slf4j.Logger.ROOT_LOGGER_NAME);
            root.setLevel(Level.DEBUG);
        }
    }

    /** The command's entry point. */
    public static void main(String[] args) {
        System.exit(run(args, System.in, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command with these streams and an empty standard input, and returns its exit code (for tests and embedding). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(args, InputStream.nullInputStream(), out, err);
    }

    /** Runs the command with these streams and returns its exit code (for tests and embedding). */
    public static int run(String[] args, InputStream in, PrintWriter out, PrintWriter err) {
        CommandLine cmd = commandLine(in);
        cmd.setOut(out);
        cmd.setErr(err);
        cmd.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            err.println("cpufeatures: " + TerminalText.safe(oneLine(ex)));
            err.flush();
            if (ex instanceof CliFailure f) {
                return f.exitCode();
            }
            if (ex instanceof UnknownFeatureException || ex instanceof CpuFeaturesConfigurationException) {
                return CliFailure.USAGE;
            }
            if (ex instanceof DispatchException) {
                return CliFailure.FAILED;
            }
            return CliFailure.FAILED;
        });
        // A usage error is one line and a pointer to --help, not the whole usage text.
        cmd.setParameterExceptionHandler((ex, arguments) -> {
            CommandLine failed = ex.getCommandLine();
            err.println("cpufeatures: " + TerminalText.safe(oneLine(ex)) + " (see: " + failed.getCommandSpec().qualifiedName()
                    + " --help)");
            err.flush();
            return CliFailure.USAGE;
        });
        return cmd.execute(withDefaultSubcommand(args, cmd));
    }

    /** The command model, as completion scripts and the man page are generated from it. */
    static CommandLine commandLine(InputStream in) {
        return new CommandLine(new Main(in));
    }

    /** {@code report} is the default: prepended unless a subcommand (or top-level help/version) is asked for. */
    private static String[] withDefaultSubcommand(String[] args, CommandLine cmd) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--cpuid-file") || a.equals("--xcr0")) {
                i++;
                continue;
            }
            if (a.equals("-h") || a.equals("--help") || a.equals("-V") || a.equals("--version")) {
                return args;
            }
            if (!a.startsWith("-")) {
                if (cmd.getSubcommands().containsKey(a)) {
                    // Options written before the subcommand are the subcommand's: move them after it.
                    String[] reordered = new String[args.length];
                    reordered[0] = a;
                    System.arraycopy(args, 0, reordered, 1, i);
                    System.arraycopy(args, i + 1, reordered, i + 1, args.length - i - 1);
                    return reordered;
                }
                break;
            }
        }
        String[] effective = new String[args.length + 1];
        effective[0] = "report";
        System.arraycopy(args, 0, effective, 1, args.length);
        return effective;
    }

    private static String oneLine(Exception e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    @Override
    public void run() {
        // Unreachable: run(String[]...) makes "report" the default subcommand.
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
