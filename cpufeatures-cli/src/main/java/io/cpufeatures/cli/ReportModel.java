package io.cpufeatures.cli;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.kit.HotSpotFeatureList;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything a report shows, built once per machine: the source, each distinct CPU with its
 * description and its dispatch choices, and the JVM's view. The text report, the JSON and the fleet
 * rows are renderers of it; none of them decides anything.
 *
 * @param source where the answer came from
 * @param cpus   the distinct CPUs, in file order
 * @param jvm    the JVM's view
 * @param dispatch what every dispatch point chooses for the machine as a whole (on a hybrid part: for
 *                 every core type at once)
 * @param topology this machine's packages, cores and threads, when the report is of this machine and the OS says
 * @param kernel   what the kernel's word says beside the CPU's own answers, when the report is of this machine and
 *                 its CPU answered by its own instructions ({@link KernelWord})
 * @param hotSpot  the features HotSpot lists ({@code -Xlog:os+cpu}) on the machine, for the release and options of
 *                 the JVM's view; why not, where that view's flags were not worked out from them
 */
record ReportModel(ProbeSource source, List<CpuEntry> cpus, JvmView jvm, DispatchReport dispatch,
        java.util.Optional<io.cpufeatures.core.CpuTopology> topology, java.util.Optional<KernelWord> kernel,
        HotSpotFeatureList hotSpot) {

    /**
     * One distinct CPU.
     *
     * @param features    what the decoder said of it
     * @param logicalCpus how many logical CPUs it stands for
     * @param description what its architecture module says reports print
     * @param dispatch    what every dispatch point on the class path chooses (or would choose) for it
     */
    record CpuEntry(CpuFeatures features, int logicalCpus, CpuDescription description, DispatchReport dispatch) {
    }

    /**
     * The model of {@code machine} seen from {@code jvm}, with every dispatch point's choice for each
     * CPU by requirements and priority (nothing is made, self-tested or calibrated).
     */
    static ReportModel of(Machine machine, JvmView jvm) {
        return of(machine, jvm, DispatchReport.Basis.REQUIREMENTS);
    }

    /**
     * The model of {@code machine} seen from {@code jvm}, with every dispatch point's choice for each
     * CPU on {@code basis} ({@link DispatchReport.Basis#SELECTION} only for this machine).
     */
    static ReportModel of(Machine machine, JvmView jvm, DispatchReport.Basis basis) {
        List<CpuEntry> cpus = new ArrayList<>();
        for (CpuKind<CpuFeatures> c : machine.cpus()) {
            cpus.add(new CpuEntry(c.cpu(), c.logicalCpus(), c.cpu().describe(c.logicalCpus()),
                    DispatchReport.of(c.cpu(), machine.process(), basis)));
        }
        DispatchReport whole = cpus.size() == 1 ? cpus.get(0).dispatch() : DispatchReport.of(machine.whole(), machine.process(), basis);
        return new ReportModel(machine.source(), cpus, jvm, whole,
                machine.process() ? io.cpufeatures.core.CpuTopology.current() : java.util.Optional.empty(),
                machine.process() && cpus.size() == 1 ? KernelWord.of(cpus.get(0).features())
                        : java.util.Optional.empty(), hotSpot(machine, jvm));
    }

    /** HotSpot's list on the machine for the start of {@code jvm}, or why there is none. */
    static HotSpotFeatureList hotSpot(Machine machine, JvmView jvm) {
        if (jvm.start().isEmpty()) {
            return HotSpotFeatureList.unanswered(Runtime.version().feature(), "the JVM's release and options are not"
                    + " known here (its flags: " + jvm.flagSource() + ")");
        }
        HotSpotFeatureList list = machine.startCpu().hotSpotFeatures(jvm.start().get());
        if (list.optionRefused() && jvm.modelled()) {
            throw new CliFailure(CliFailure.USAGE, "--jvm-option: " + list.unanswered().orElseThrow());
        }
        return list;
    }
}
