package io.cpufeatures.cli;

import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeaturesConfigurationException;
import io.cpufeatures.core.UnknownFeatureException;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.event.Level;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code cpufeatures} command. Without a subcommand it runs {@code report}. Exit codes: 0
 * success, 1 a file (or a dispatch point) failed, 2 a usage error; errors go to stderr in one line.
 * Only the subcommand that runs is built (picocli reads a command's annotations when it is added),
 * except for help, completion and the man page, which describe them all.
 */
@Command(name = "cpufeatures", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = "What the CPU under this JVM can really run, and what every dispatch point on the class path picks for it.",
        footerHeading = "%nExit status:%n",
        footer = {"  0  success",
            "  1  a file could not be read or parsed, or a dispatch point could not choose",
            "  2  a usage error (option, feature name, --xcr0)"})
public final class Main implements Runnable {

    /** The subcommands, in the order help lists them. */
    private static final Map<String, Supplier<Object>> SUBCOMMANDS = new LinkedHashMap<>();

    static {
        SUBCOMMANDS.put("report", ReportCommand::new);
        SUBCOMMANDS.put("explain", ExplainCommand::new);
        SUBCOMMANDS.put("dispatch", DispatchCommand::new);
        SUBCOMMANDS.put("fleet", FleetCommand::new);
        SUBCOMMANDS.put("check", CheckCommand::new);
        SUBCOMMANDS.put("jfr", JfrCommand::new);
        SUBCOMMANDS.put("completion", CompletionCommand::new);
        SUBCOMMANDS.put("man", ManPageCommand::new);
    }

    /** The subcommands that describe all the others, so need them all built. */
    private static final List<String> DESCRIBING = List.of("completion", "man");

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
            StderrLoggerProvider.threshold(Level.DEBUG);
        }
    }

    /** The command's entry point: logs through {@link StderrLoggerProvider}, whatever else is on the class path. */
    public static void main(String[] args) {
        if (System.getProperty("slf4j.provider") == null) {
            System.setProperty("slf4j.provider", StderrLoggerProvider.class.getName());
            // SLF4J would say, at its INFO level, that it loaded the provider named.
            System.setProperty("slf4j.internal.verbosity", "WARN");
        }
        // standard output with its first write failure kept, standard input checked for a descriptor started closed
        StandardOutput stdout = new StandardOutput(new FileOutputStream(FileDescriptor.out));
        PrintWriter out = new PrintWriter(stdout, true);
        PrintWriter err = new PrintWriter(System.err, true);
        System.exit(stdout.finish(run(args, StandardInput.ofProcess(), out, err), out, err));
    }

    /** Runs the command with these streams and an empty standard input, and returns its exit code (for tests and embedding). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(args, InputStream.nullInputStream(), out, err);
    }

    /** Runs the command with these streams and returns its exit code (for tests and embedding). */
    public static int run(String[] args, InputStream in, PrintWriter out, PrintWriter err) {
        Optional<String> unknown = unknownSubcommand(args);
        if (unknown.isPresent()) {
            err.println("cpufeatures: " + TerminalText.safe(unknown.get()));
            err.flush();
            return CliFailure.USAGE;
        }
        String[] effective = withDefaultSubcommand(args);
        if (plainReport(effective)) {
            // the command's most common use, on a cold JVM: no command-line model (picocli reads every option's
            // annotations and converters, more than the report itself costs); the same code and the same errors
            ReportCommand report = new ReportCommand();
            report.json = effective.length == 2;
            try {
                return report.execute(out, in);
            } catch (RuntimeException e) {
                return failed(e, err);
            } catch (OutOfMemoryError | StackOverflowError e) {
                return exhausted(e, err);
            }
        }
        boolean one = effective.length > 0 && SUBCOMMANDS.containsKey(effective[0]) && !DESCRIBING.contains(effective[0]);
        boolean version = effective.length == 1 && (effective[0].equals("-V") || effective[0].equals("--version"));
        CommandLine cmd = commandLine(in, one ? List.of(effective[0]) : version ? List.of() : SUBCOMMANDS.keySet());
        cmd.setOut(out);
        cmd.setErr(err);
        cmd.setExecutionExceptionHandler((ex, commandLine, parseResult) -> failed(ex, err));
        // A usage error is one line and a pointer to --help, not the whole usage text.
        cmd.setParameterExceptionHandler((ex, arguments) -> {
            CommandLine failed = ex.getCommandLine();
            String suggestion = "";
            if (ex instanceof UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
                suggestion = "; did you mean " + String.join(" or ", u.getSuggestions().stream().limit(3).toList()) + "?";
            }
            err.println("cpufeatures: " + TerminalText.safe(oneLine(ex)) + suggestion + " (see: "
                    + failed.getCommandSpec().qualifiedName() + " --help)");
            err.flush();
            return CliFailure.USAGE;
        });
        try {
            return cmd.execute(effective);
        } catch (OutOfMemoryError | StackOverflowError e) {
            return exhausted(e, err);
        }
    }

    /** Says in one line that the heap or the stack ran out, with the fix, and returns exit code 1. */
    private static int exhausted(VirtualMachineError e, PrintWriter err) {
        // what was being read is garbage once this is thrown: there is room for one line
        err.println("cpufeatures: " + (e instanceof OutOfMemoryError oom ? outOfMemory(oom)
                : "ran out of stack (" + e + "); run with a larger -Xss"));
        err.flush();
        return CliFailure.FAILED;
    }

    /** {@code report} or {@code report --json} and nothing else: run without the command-line model. */
    static boolean plainReport(String[] effective) {
        return effective.length >= 1 && effective.length <= 2 && effective[0].equals("report")
                && (effective.length == 1 || effective[1].equals("--json"));
    }

    /** Says a command's failure in one line and returns its exit code: 2 for a usage error, 1 for any other. */
    private static int failed(Exception ex, PrintWriter err) {
        err.println("cpufeatures: " + TerminalText.safe(oneLine(ex)));
        err.flush();
        if (ex instanceof CliFailure f) {
            return f.exitCode();
        }
        if (ex instanceof UnknownFeatureException || ex instanceof CpuFeaturesConfigurationException) {
            return CliFailure.USAGE;
        }
        return CliFailure.FAILED;
    }

    /**
     * The one line for {@code e}: what ran out, this JVM's heap, and what a dump at the size limit needs
     * (docs/cli.md, measured), so that the fix is in the message.
     */
    static String outOfMemory(OutOfMemoryError e) {
        return "out of memory (" + e.getMessage() + ") with a heap of " + (Runtime.getRuntime().maxMemory() >> 20)
                + " MiB; a dump of up to " + (CpuDumps.MAX_BYTES >> 20) + " MiB is read in " + DUMP_HEAP_MIB
                + " MiB of heap: give the JVM more with -Xmx";
    }

    /** The heap a dump at {@link CpuDumps#MAX_BYTES} is read and decoded in (docs/cli.md, measured). */
    static final int DUMP_HEAP_MIB = 64;

    /** The whole command model, as help, completion scripts and the man page describe it. */
    static CommandLine commandLine(InputStream in) {
        return commandLine(in, SUBCOMMANDS.keySet());
    }

    /** The command with only the subcommands {@code names}. */
    private static CommandLine commandLine(InputStream in, Collection<String> names) {
        CommandLine cmd = new CommandLine(new Main(in));
        for (String name : names) {
            cmd.addSubcommand(name, SUBCOMMANDS.get(name).get());
        }
        return cmd;
    }

    /**
     * A first word that is neither an option nor a subcommand ({@code cpufeatures dispach}): the one-line error, with
     * the closest subcommand when one is within two edits; empty when the arguments start otherwise.
     */
    static Optional<String> unknownSubcommand(String[] args) {
        int i = firstWord(args, false);
        if (i < 0 || SUBCOMMANDS.containsKey(args[i])) {
            return Optional.empty();
        }
        String closest = null;
        int best = 3;
        for (String name : SUBCOMMANDS.keySet()) {
            int d = EditDistance.of(args[i], name);
            if (d < best) {
                best = d;
                closest = name;
            }
        }
        return Optional.of("unknown subcommand '" + args[i] + "'" + (closest == null ? "" : "; did you mean '" + closest
                + "'?") + " (subcommands: " + String.join(", ", SUBCOMMANDS.keySet()) + "; see: cpufeatures --help)");
    }

    /** {@link #firstWord}'s answer when help or the version is asked for before any word. */
    private static final int HELP = -2;

    /**
     * The index of the first argument that is not an option or an option's value ({@code --cpuid-file} and
     * {@code --xcr0} take one); -1 when there is none; {@link #HELP} when {@code stopAtHelp} and {@code -h},
     * {@code --help}, {@code -V} or {@code --version} comes first.
     */
    private static int firstWord(String[] args, boolean stopAtHelp) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--cpuid-file") || a.equals("--xcr0")) {
                i++;
            } else if (stopAtHelp && (a.equals("-h") || a.equals("--help") || a.equals("-V") || a.equals("--version"))) {
                return HELP;
            } else if (!a.startsWith("-")) {
                return i;
            }
        }
        return -1;
    }

    /** {@code report} is the default: prepended unless a subcommand (or top-level help/version) is asked for. */
    private static String[] withDefaultSubcommand(String[] args) {
        int i = firstWord(args, true);
        if (i == HELP) {
            return args;
        }
        if (i >= 0 && SUBCOMMANDS.containsKey(args[i])) {
            // Options written before the subcommand are the subcommand's: move them after it.
            String[] reordered = new String[args.length];
            reordered[0] = args[i];
            System.arraycopy(args, 0, reordered, 1, i);
            System.arraycopy(args, i + 1, reordered, i + 1, args.length - i - 1);
            return reordered;
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
