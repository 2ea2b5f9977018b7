package io.cpufeatures.cli;

import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.kit.HotSpotStart;
import java.util.Optional;

/**
 * The JVM view the command reports. The command's own JVM does not load {@code jdk.incubator.vector} unless a
 * caller asks for the real selection ({@code report --select}, {@code dispatch} on this machine: the launcher then
 * adds the module), because loading it costs every run the class-data archive's module graph and prints the
 * incubator warning. Otherwise it reports what an application started with {@code --add-modules
 * jdk.incubator.vector} gets on this JVM: the preferred species derived from the HotSpot flags that decide it
 * ({@link JvmView#assumingVectorApi()}), which tests hold equal to the real one.
 */
final class CommandJvm {

    private CommandJvm() {
    }

    /**
     * The view to report.
     *
     * @param realSelection whether the command makes and self-tests candidates here (then the real view: a
     *                      candidate the module cannot serve must not be chosen)
     * @return the running JVM's view, or that view assuming the Vector API
     */
    static JvmView view(boolean realSelection) {
        return realSelection ? JvmView.current() : JvmView.current().assumingVectorApi();
    }

    /**
     * The view to report for {@code machine}: this JVM's ({@link #view(boolean)}) for this machine when no VM is
     * named; otherwise HotSpot as {@code vm} names it (the running JVM's release and no options for a dump), modelled
     * on the machine's CPU ({@link JvmView#modelled}), never this JVM's flags pasted onto another CPU.
     *
     * @param machine       what the command reports on
     * @param vm            the VM options given
     * @param realSelection whether the command makes and self-tests candidates here
     * @return the view
     * @throws CliFailure exit 2 for a VM named with --select, or a release or option not accepted; exit 1 where nothing
     *                    is known of the CPU to model HotSpot on
     */
    static JvmView view(Machine machine, JvmOptions vm, boolean realSelection) {
        if (machine.process() && !vm.given()) {
            return view(realSelection);
        }
        if (realSelection) {
            throw new CliFailure(CliFailure.USAGE, "--select makes this JVM's own choices; --jdk and --jvm-option model"
                    + " another VM (give one or the other)");
        }
        return modelled(machine, vm.start());
    }

    /** HotSpot started as {@code start}, modelled on the machine's CPU (on a hybrid part, the first core type's). */
    static JvmView modelled(Machine machine, HotSpotStart start) {
        Optional<CpuSnapshot> snapshot = machine.startCpu().snapshot();
        if (snapshot.isEmpty()) {
            throw new CliFailure(CliFailure.FAILED, "nothing is known of the CPU (" + machine.source().detail()
                    + "): no HotSpot can be modelled on it");
        }
        return JvmView.modelled(snapshot.get(), start);
    }
}
