package io.cpufeatures.cli;

import io.cpufeatures.cli.DumpWalk.Input;
import io.cpufeatures.cli.DumpWalk.Walk;
import io.cpufeatures.core.CpuCache;
import io.cpufeatures.core.UnrecognisedDumpException;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.kit.HotSpotStart;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code cpufeatures fleet PATH...}: many dumps as one table, one line per distinct CPU, and what every dispatch point
 * would choose on each. Files found in a directory are recognised by their content: what no module reads as a dump
 * (a README, JSON, expected outputs beside the dumps) is skipped and counted; a file named on the command line must
 * be a dump. A CPU that two files describe identically (the same dump in two formats) is one line naming both.
 */
@Command(name = "fleet", mixinStandardHelpOptions = true,
        description = "One line per distinct CPU of every dump given (files, or directories searched recursively):"
                + " identity, microarchitecture, level, key usable features, and the choice of every dispatch point,"
                + " then a summary line. In directories, files that are not dumps are skipped and counted; a dump that"
                + " does not parse, or a named file that is not a dump, is reported on its line and the run goes on"
                + " (exit code 1).")
final class FleetCommand implements Callable<Integer> {

    /** More files than this get a progress bar, when stderr is a terminal. */
    static final int PROGRESS_ABOVE = 20;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Dump files or directories of dumps; '-' reads a dump,"
            + " or one file name per line, from standard input.")
    List<Path> paths;

    @Mixin
    JvmOptions vm = new JvmOptions();

    @Mixin
    WalkFilters filters = new WalkFilters();

    @Option(names = "--json", description = "JSON Lines: one report object per dump file, with \"file\" and without"
            + " \"jvm\", for loading into a database (docs/cli.md); the summary goes to standard error.")
    boolean json;

    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        // each machine's own HotSpot, modelled: this JVM's flags are not another machine's
        HotSpotStart start = vm.start();
        Walk walk = walk();
        // what the walk could not list, and what it did not follow, before the files: stdout stays JSON with --json
        for (String line : walk.errorLines()) {
            out.println(line);
        }
        for (String line : walk.notFollowed()) {
            (json ? err : out).println(TerminalText.safe(line));
        }
        out.flush();
        List<Input> files = walk.inputs();
        ProgressBar progress = new ProgressBar(err, files.size(),
                files.size() > PROGRESS_ABOVE && Terminals.isTerminal(Terminals.STDERR));
        Map<String, DistinctCpu> distinct = new LinkedHashMap<>();
        List<String> errors = new ArrayList<>(walk.errors());
        int read = 0;
        int cpus = 0;
        int skipped = walk.filtered() + walk.notFollowed().size();
        int unread = 0;
        for (int i = 0; i < files.size(); i++) {
            Input file = files.get(i);
            String name = file.name();
            String line = null;
            try {
                Machine machine = file.stdin() != null ? Machine.ofStdinText(file.stdin()) : Machine.load(file.path(), null);
                JvmView jvm = CommandJvm.modelled(machine, start);
                ReportModel model = ReportModel.of(machine.withJvm(jvm), jvm);
                read++;
                if (json) {
                    line = JsonReport.write(JsonReport.fleetLine(name, model), false);
                }
                for (ReportModel.CpuEntry cpu : model.cpus()) {
                    cpus++;
                    String shown = file.stdin() != null ? name : file.path().getFileName().toString();
                    distinct.computeIfAbsent(key(cpu), k -> new DistinctCpu(cpu)).files().add(shown);
                }
            } catch (CliFailure e) {
                if (e.exitCode() == CliFailure.USAGE) {
                    // an option the modelled VM refuses is the command line's fault, not this file's
                    throw e;
                }
                if (!file.named() && e.getCause() instanceof UnrecognisedDumpException u) {
                    skipped++;
                    // a dump of an architecture no module here reads (a riscv64 machine's /proc/cpuinfo) is named
                    if (u.architecture().isPresent()) {
                        unread++;
                        progress.clear();
                        (json ? err : out).println(TerminalText.safe(name + "  SKIPPED " + u.problem()));
                    }
                } else {
                    errors.add(name);
                    line = json ? JsonReport.write(JsonReport.fleetError(name, e.getMessage()), false)
                            : TerminalText.safe(name + "  ERROR " + e.getMessage());
                }
            } catch (OutOfMemoryError e) {
                // this file's parse is garbage once thrown: the others may still fit
                errors.add(name);
                String why = Main.outOfMemory(e);
                line = json ? JsonReport.write(JsonReport.fleetError(name, why), false)
                        : TerminalText.safe(name + "  ERROR " + why);
            }
            // stdout and stderr may be the same terminal: the bar goes before a line is printed, and comes back after it.
            progress.clear();
            if (line != null) {
                out.println(line);
            }
            out.flush();
            progress.show(i + 1);
        }
        progress.clear();
        if (!json) {
            for (DistinctCpu cpu : distinct.values()) {
                out.println(TerminalText.safe(row(cpu)));
            }
        }
        String summary = "fleet: " + read + " dump" + (read == 1 ? "" : "s") + " read, " + cpus + " CPU"
                + (cpus == 1 ? "" : "s") + ", " + distinct.size() + " distinct, " + skipped + " skipped (not dumps"
                + (!filters.given() ? "" : ", or left out by --include/--exclude")
                + (walk.notFollowed().isEmpty() ? "" : ", or links not followed")
                + (unread == 0 ? "" : ", or of an architecture no module here reads") + "), " + errors.size() + " failed";
        (json ? err : out).println(summary);
        out.flush();
        err.flush();
        return errors.isEmpty() ? 0 : CliFailure.FAILED;
    }

    /** One distinct CPU and every file that describes it. */
    private record DistinctCpu(ReportModel.CpuEntry cpu, List<String> files) {

        DistinctCpu(ReportModel.CpuEntry cpu) {
            this(cpu, new ArrayList<>());
        }
    }

    /** What makes two CPUs the same line: everything the row and the decoding say, except the file. */
    private static String key(ReportModel.CpuEntry cpu) {
        return cpu.logicalCpus() + "|" + cpu.features().architecture() + "|" + cpu.features().identity() + "|"
                + cpu.features().present() + "|" + cpu.features().usable() + "|" + cpu.features().policyFlags() + "|"
                + row(new DistinctCpu(cpu, List.of("")));
    }

    /** The files to read, as {@link DumpWalk} finds them; what cannot be listed is a line, JSON with --json. */
    private Walk walk() {
        return DumpWalk.walk(paths, filters.include, filters.exclude, (path, why) -> json
                ? JsonReport.write(JsonReport.fleetError(path, why), false) : TerminalText.safe(path + "  ERROR " + why),
                main::stdin);
    }

    /** Files, logical CPUs, the CPU's one-line summary, its key features that are usable, every point's choice. */
    private static String row(DistinctCpu distinct) {
        ReportModel.CpuEntry cpu = distinct.cpu();
        StringBuilder sb = new StringBuilder();
        sb.append(String.join(", ", distinct.files())).append("  x").append(cpu.logicalCpus()).append("  ")
                .append(cpu.description().summary());
        List<String> key = new ArrayList<>();
        for (String k : cpu.description().keyFeatures()) {
            if (cpu.features().has(k)) {
                key.add(k);
            }
        }
        sb.append("  [").append(String.join(" ", key)).append(']');
        // the unified levels, the sizes that tell parts of one model apart (a 7800X3D's 96 MiB L3)
        List<String> caches = cpu.features().caches().stream().filter(c -> c.type() == CpuCache.Type.UNIFIED)
                .map(c -> c.name() + " " + c.shape().substring(0, c.shape().indexOf(',') < 0 ? c.shape().length()
                        : c.shape().indexOf(','))).toList();
        if (!caches.isEmpty()) {
            sb.append("  ").append(String.join(" ", caches));
        }
        for (DispatchReport.Entry e : cpu.dispatch().points()) {
            sb.append("  ").append(e.point()).append('=').append(e.selected().orElse("none"));
        }
        return sb.toString();
    }
}
