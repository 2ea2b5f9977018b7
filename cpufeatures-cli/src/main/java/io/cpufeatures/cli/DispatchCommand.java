package io.cpufeatures.cli;

import io.cpufeatures.dispatch.Explanation;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code cpufeatures dispatch}: every dispatch point on the class path, its choice and why. */
@Command(name = "dispatch", mixinStandardHelpOptions = true,
        description = "Every dispatch point on the class path, its choice and the explanation of every candidate."
                + " Honours -Dcpufeatures.dispatch.* overrides; with --cpuid-file, what that machine would choose.")
final class DispatchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Mixin
    TargetOptions target = new TargetOptions();

    @Mixin
    JvmOptions vm = new JvmOptions();

    @Option(names = "--json", description = "One JSON object per kind of CPU, {\"formatVersion\", \"dispatch\"} (fields"
            + " documented in docs/cli.md).")
    boolean json;

    @Override
    public Integer call() {
        Machine loaded = target.load(main.stdin());
        // On this machine the candidates are made and self-tested: the real view. A dump's choices follow requirements,
        // with its own HotSpot modelled.
        Machine machine = loaded.withJvm(CommandJvm.view(loaded, vm, loaded.process()));
        PrintWriter out = spec.commandLine().getOut();
        int status = 0;
        for (int i = 0; i < machine.cpus().size(); i++) {
            DispatchReport report = DispatchReport.of(machine.cpus().get(i).cpu(), machine.process(),
                    machine.process() ? DispatchReport.Basis.SELECTION : DispatchReport.Basis.REQUIREMENTS);
            if (json) {
                out.println(JsonReport.write(JsonReport.dispatchReport(report), true));
                continue;
            }
            if (machine.cpus().size() > 1) {
                out.println("CPU kind " + (i + 1) + " of " + machine.cpus().size() + ":");
            }
            if (report.points().isEmpty()) {
                out.println("no dispatch point on the class path");
            }
            for (DispatchReport.Entry e : report.points()) {
                if (e.explanation().isPresent()) {
                    out.print(e.explanation().map(Explanation::format).get());
                }
                if (e.error().isPresent()) {
                    out.println(e.point() + ": " + e.error().get());
                    status = 1;
                }
                out.println();
            }
        }
        out.flush();
        return status;
    }
}
