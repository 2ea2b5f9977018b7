package io.cpufeatures.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code cpufeatures explain FEATURE}: one feature through the layers. */
@Command(name = "explain", mixinStandardHelpOptions = true,
        description = "One feature through every layer: its CPUID bit, the XCR0 state it needs, its dependencies,"
                + " errata, policy, the JVM's view, and the verdict.")
final class ExplainCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Mixin
    TargetOptions target = new TargetOptions();

    @Mixin
    JvmOptions vm = new JvmOptions();

    @Parameters(index = "0", paramLabel = "FEATURE", description = "A feature name or alias (avx512f, sse3, lzcnt),"
            + " a policy flag (prefer_ymm), a group (x86-64-v3) or a JVM feature (jvm.vector512).")
    String feature;

    @Override
    public Integer call() {
        Machine loaded = target.load(main.stdin());
        // a dump's jvm.* names are its own HotSpot's, modelled: never this JVM's
        Machine machine = loaded.withJvm(CommandJvm.view(loaded, vm, false));
        PrintWriter out = spec.commandLine().getOut();
        for (int i = 0; i < machine.cpus().size(); i++) {
            if (machine.cpus().size() > 1) {
                out.println("CPU kind " + (i + 1) + " of " + machine.cpus().size() + ":");
            }
            out.print(FeatureExplainer.explain(machine.cpus().get(i), feature));
        }
        out.flush();
        return 0;
    }
}
