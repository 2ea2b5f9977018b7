package io.cpufeatures.cli;

import io.cpufeatures.core.jvm.JvmView;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code cpufeatures fleet PATH...}: many dumps as one table, and what every dispatch point would choose on each. */
@Command(name = "fleet", mixinStandardHelpOptions = true,
        description = "One line per distinct CPU of every dump given (files, or directories searched recursively):"
                + " identity, microarchitecture, level, key usable features, and the choice of every dispatch point."
                + " A dump that does not parse is reported on its line and the run goes on (exit code 1).")
final class FleetCommand implements Callable<Integer> {

    /** More files than this get a progress bar, when stderr is a terminal. */
    static final int PROGRESS_ABOVE = 20;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Dump files or directories of dumps.")
    List<Path> paths;

    @Option(names = "--json", description = "JSON Lines: one report object per file, with \"file\" and without"
            + " \"jvm\", for loading into a database (docs/cli.md).")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Path> files = files();
        ProgressBar progress = new ProgressBar(err, files.size(),
                files.size() > PROGRESS_ABOVE && Terminals.isTerminal(Terminals.STDERR));
        JvmView jvm = CommandJvm.view(false);
        int failed = 0;
        for (int i = 0; i < files.size(); i++) {
            Path file = files.get(i);
            List<String> lines = new ArrayList<>();
            try {
                ReportModel model = ReportModel.of(Machine.load(file, null).withJvm(jvm), jvm);
                if (json) {
                    lines.add(JsonReport.write(JsonReport.fleetLine(file.toString(), model), false));
                } else {
                    for (ReportModel.CpuEntry cpu : model.cpus()) {
                        lines.add(TerminalText.safe(row(file, cpu)));
                    }
                }
            } catch (CliFailure e) {
                failed++;
                lines.add(json ? JsonReport.write(JsonReport.fleetError(file.toString(), e.getMessage()), false)
                        : TerminalText.safe(file + "  ERROR " + e.getMessage()));
            }
            // stdout and stderr may be the same terminal: the bar goes before a row is printed, and comes back after it.
            progress.clear();
            for (String line : lines) {
                out.println(line);
            }
            out.flush();
            progress.show(i + 1);
        }
        progress.clear();
        out.flush();
        return failed == 0 ? 0 : CliFailure.FAILED;
    }

    private List<Path> files() {
        List<Path> files = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> walk = Files.walk(p)) {
                    walk.filter(Files::isRegularFile).sorted().forEach(files::add);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else {
                files.add(p);
            }
        }
        return files;
    }

    /** File, logical CPUs, the CPU's one-line summary, its key features that are usable, every point's choice. */
    private static String row(Path file, ReportModel.CpuEntry cpu) {
        StringBuilder sb = new StringBuilder();
        sb.append(file.getFileName()).append("  x").append(cpu.logicalCpus()).append("  ").append(cpu.description().summary());
        List<String> key = new ArrayList<>();
        for (String k : cpu.description().keyFeatures()) {
            if (cpu.features().has(k)) {
                key.add(k);
            }
        }
        sb.append("  [").append(String.join(" ", key)).append(']');
        for (DispatchReport.Entry e : cpu.dispatch().points()) {
            sb.append("  ").append(e.point()).append('=').append(e.selected().orElse("none"));
        }
        return sb.toString();
    }
}
