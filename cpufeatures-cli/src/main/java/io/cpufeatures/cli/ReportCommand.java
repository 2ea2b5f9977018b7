package io.cpufeatures.cli;

import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.jvm.JvmView;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code cpufeatures report}: the whole picture of one machine. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "What this CPU (or a dump's) has, what a program may use and why not, what it should prefer,"
                + " what the JVM will compile, and what every dispatch point chooses.")
final class ReportCommand implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(ReportCommand.class);

    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Mixin
    TargetOptions target = new TargetOptions();

    @Mixin
    JvmOptions vm = new JvmOptions();

    @Option(names = "--json", description = "One JSON object (fields documented in docs/cli.md).")
    boolean json;

    @Option(names = "--select", description = "Choose as a program here does: make and self-test the candidates, and"
            + " calibrate the points that ask (slower). Without it the choices follow requirements, priority and overrides.")
    boolean select;

    @Option(names = "--raw", description = "Print the snapshot in its architecture's dump format (x86: cpuid -r),"
            + " which --cpuid-file reads back.")
    boolean raw;

    @Override
    public Integer call() {
        return execute(spec.commandLine().getOut(), main.stdin());
    }

    /**
     * The report of this machine, or of the dump the options name, to {@code out}; {@code stdin} is what
     * {@code --cpuid-file -} reads. Run by {@link #call()} and, for a plain {@code report} or {@code report --json},
     * by {@link Main} without the command-line model (which costs more than the report on a cold JVM).
     */
    int execute(PrintWriter out, java.io.InputStream stdin) {
        if (raw && (json || select)) {
            throw new CliFailure(CliFailure.USAGE, "--raw prints the dump and nothing else: give --raw, or --json"
                    + (select ? " and --select" : "") + ", not both");
        }
        if (select && target.cpuidFile != null) {
            throw new CliFailure(CliFailure.USAGE, "--select makes and measures this machine's candidates; a dump's"
                    + " choices follow requirements and priority (give --select or --cpuid-file, not both)");
        }
        long t0 = System.nanoTime();
        Machine probed = target.load(stdin);
        long t1 = System.nanoTime();
        LOG.debug("probe and decode: {} ms ({})", (t1 - t0) / 1_000_000, probed.source().kind());
        if (raw) {
            try {
                out.print(CpuDumps.write(probed.cpus().stream().map(CpuKind::cpu).toList()));
            } catch (IllegalArgumentException e) {
                throw new CliFailure(CliFailure.FAILED, e.getMessage(), e);
            }
            out.flush();
            return 0;
        }
        JvmView jvm = CommandJvm.view(probed, vm, select);
        Machine machine = probed.withJvm(jvm);
        long t2 = System.nanoTime();
        LOG.debug("JVM view: {} ms", (t2 - t1) / 1_000_000);
        ReportModel model = ReportModel.of(machine, jvm,
                select ? DispatchReport.Basis.SELECTION : DispatchReport.Basis.REQUIREMENTS);
        long t3 = System.nanoTime();
        LOG.debug("dispatch: {} ms", (t3 - t2) / 1_000_000);
        if (json) {
            out.println(JsonReport.write(JsonReport.report(model), true));
        } else {
            boolean terminal = Terminals.isTerminal(Terminals.STDOUT);
            out.print(TextReport.render(model, Terminals.colour(System.getenv(), terminal) ? Ansi.ON : Ansi.OFF,
                    Terminals.columns(System.getenv(), terminal)));
        }
        out.flush();
        LOG.debug("output: {} ms", (System.nanoTime() - t3) / 1_000_000);
        // A dispatch point that could not choose is reported in its entry, and fails the command (exit 1).
        boolean pointFailed = model.cpus().stream().anyMatch(c -> c.dispatch().points().stream()
                .anyMatch(e -> e.error().isPresent()));
        return pointFailed ? CliFailure.FAILED : 0;
    }

}
