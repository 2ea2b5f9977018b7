package io.cpufeatures.cli;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.UnrecognisedDumpException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code cpufeatures check --target T [PATH...]}: whether an artifact built for {@code T} runs on each machine, this one
 * or the dumps given (read as {@code fleet} reads them). A machine runs it when every kind of CPU it has does; what a
 * machine lacks is named in the target's own vocabulary. A summary follows: for each architecture, the highest psABI
 * level and the most demanding GraalVM {@code -march} every machine of it runs.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Whether an artifact built for a target runs on this machine or on every dump given (files, or"
                + " directories searched recursively, as fleet reads them): one line per machine, 'runs' or 'does not"
                + " run: missing ...', then a summary. Exit code 0 when every machine runs it, 1 when one does not (or"
                + " a dump cannot be read), 2 for a target or option not accepted. See docs/check.md.")
final class CheckCommand implements Callable<Integer> {

    /** What a machine read from no file is called. */
    static final String THIS_MACHINE = "this machine";

    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Option(names = "--target", required = true, paramLabel = "TARGET", description = "What the artifact is built for:"
            + " x86-64-v1..x86-64-v4 (the psABI level); graalvm:MARCH (a native-image -march value: x86-64-v3, haswell,"
            + " skylake-avx512, compatibility, armv8.1-a, ...); features:NAME,... (the library's names), or"
            + " features:'TEXT' with GraalVM's 'required by the image: [...]' message or HotSpot's 'cpu features that"
            + " are required: ...' line pasted; aot:MACHINE (a JDK AOT cache trained on a dump, or aot:this, for"
            + " --jdk 25 and the --jvm-option given).")
    String target;

    @Parameters(arity = "0..*", paramLabel = "PATH", description = "Dump files or directories of dumps, as fleet takes"
            + " them ('-': standard input); none: this machine.")
    List<Path> paths = new ArrayList<>();

    @Mixin
    JvmOptions vm = new JvmOptions();

    @Mixin
    WalkFilters filters = new WalkFilters();

    @Option(names = "--json", description = "JSON Lines: one object per machine (\"kind\": \"machine\") and one summary"
            + " (\"kind\": \"summary\"), for loading into a database (docs/check.md).")
    boolean json;

    /**
     * One machine's verdict.
     *
     * @param name    the file, or {@link #THIS_MACHINE}
     * @param kinds   its kinds of CPU
     * @param verdict whether it runs the target, and what it lacks
     */
    record Row(String name, List<CpuKind<CpuFeatures>> kinds, Target.Verdict verdict) {
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Target t = Target.parse(target, vm);
        List<Row> rows = new ArrayList<>();
        int failed = 0;
        if (paths.isEmpty()) {
            Machine here = Machine.load(null, null);
            // the process runs on any of its cores: what every core type can run
            List<CpuKind<CpuFeatures>> kinds = List.of(new CpuKind<>(here.whole(),
                    here.cpus().stream().mapToInt(CpuKind::logicalCpus).sum(), 0));
            rows.add(print(out, new Row(THIS_MACHINE, here.cpus(), judge(t, kinds))));
        } else {
            DumpWalk.Walk walk = DumpWalk.walk(paths, filters.include, filters.exclude, this::errorLine, main::stdin);
            walk.errorLines().forEach(out::println);
            walk.notFollowed().forEach(l -> err.println(TerminalText.safe(l)));
            failed += walk.errors().size();
            for (DumpWalk.Input file : walk.inputs()) {
                Machine m;
                try {
                    m = file.load();
                } catch (CliFailure e) {
                    if (!file.named() && e.getCause() instanceof UnrecognisedDumpException) {
                        continue;
                    }
                    failed++;
                    out.println(errorLine(file.name(), e.getMessage()));
                    continue;
                }
                rows.add(print(out, new Row(file.name(), m.cpus(), judge(t, m.cpus()))));
            }
        }
        summary(out, rows, failed);
        out.flush();
        err.flush();
        return failed == 0 && rows.stream().allMatch(r -> r.verdict().runs()) ? 0 : CliFailure.FAILED;
    }

    /** A machine runs the target when each of its kinds of CPU does: what any lacks, it lacks. */
    static Target.Verdict judge(Target t, List<CpuKind<CpuFeatures>> kinds) {
        Set<String> missing = new LinkedHashSet<>();
        Target.Verdict first = null;
        for (CpuKind<CpuFeatures> k : kinds) {
            Target.Verdict v = t.judge(k.cpu());
            missing.addAll(v.missing());
            if (first == null && !v.runs()) {
                first = v;
            }
        }
        if (first == null) {
            return Target.Verdict.missing(List.of());
        }
        // the first failing kind says how it fails; what every kind lacks is named
        return new Target.Verdict(first.reason().isPresent() ? first.missing() : List.copyOf(missing), first.reason(),
                first.failure(), first.advice());
    }

    private Row print(PrintWriter out, Row row) {
        out.println(json ? JsonReport.write(JsonReport.checkLine(row, target), false) : TerminalText.safe(line(row)));
        out.flush();
        return row;
    }

    /** {@return the text line of one machine} */
    static String line(Row row) {
        return row.name() + "  " + row.verdict().text();
    }

    private String errorLine(String path, String why) {
        return json ? JsonReport.write(JsonReport.checkError(path, why), false)
                : TerminalText.safe(path + "  ERROR " + why);
    }

    /** For each architecture among the machines: the best level and -march every machine of it runs. */
    private void summary(PrintWriter out, List<Row> rows, int failed) {
        long runs = rows.stream().filter(r -> r.verdict().runs()).count();
        List<Best> best = best(rows);
        if (json) {
            out.println(JsonReport.write(JsonReport.checkSummary(target, rows.size(), runs, failed, best), false));
            return;
        }
        StringBuilder sb = new StringBuilder("check: ").append(rows.size()).append(rows.size() == 1 ? " machine" : " machines")
                .append(", ").append(runs).append(" run it, ").append(rows.size() - runs).append(" do not, ")
                .append(failed).append(" failed");
        for (Best b : best) {
            sb.append("; every ").append(CheckTarget.shown(b.architecture())).append(" machine (").append(b.machines())
                    .append(") runs ");
            List<String> parts = new ArrayList<>();
            b.level().ifPresent(parts::add);
            b.march().ifPresent(m -> parts.add("graalvm:" + m));
            sb.append(parts.isEmpty() ? "no psABI level and no graalvm: -march" : String.join(" and ", parts));
        }
        out.println(TerminalText.safe(sb.toString()));
    }

    /**
     * What every machine of one architecture runs.
     *
     * @param architecture the library's architecture
     * @param machines     how many machines have it
     * @param level        the highest psABI level they all run (x86-64 only)
     * @param march        the GraalVM {@code -march} with the most features they all run
     */
    record Best(String architecture, int machines, Optional<String> level, Optional<String> march) {
    }

    /** The best level and {@code -march} of each architecture the machines have. */
    static List<Best> best(List<Row> rows) {
        Map<String, List<Row>> byArch = new LinkedHashMap<>();
        for (Row r : rows) {
            Set<String> archs = new LinkedHashSet<>();
            r.kinds().forEach(k -> archs.add(k.cpu().architecture()));
            // a machine whose kinds differ in architecture does not exist; the first is its
            byArch.computeIfAbsent(archs.iterator().next(), a -> new ArrayList<>()).add(r);
        }
        List<Best> out = new ArrayList<>();
        byArch.forEach((arch, rs) -> {
            Optional<String> level = Optional.empty();
            if (arch.equals(GraalVmMarch.X86_64)) {
                for (String l : List.of("x86-64-v4", "x86-64-v3", "x86-64-v2", "x86-64-v1")) {
                    if (allRun(CheckTarget.parse(l), rs)) {
                        level = Optional.of(l);
                        break;
                    }
                }
            }
            Optional<String> march = Optional.empty();
            int most = -1;
            for (GraalVmMarch.March m : GraalVmMarch.VALUES) {
                // the first of the most demanding: a tie goes to the value GraalVM lists first
                if (m.architecture().equals(arch) && m.features().size() > most
                        && allRun(CheckTarget.parse("graalvm:" + m.name()), rs)) {
                    march = Optional.of(m.name());
                    most = m.features().size();
                }
            }
            out.add(new Best(arch, rs.size(), level, march));
        });
        return out;
    }

    private static boolean allRun(Target t, List<Row> rows) {
        return rows.stream().allMatch(r -> judge(t, r.kinds()).runs());
    }
}
