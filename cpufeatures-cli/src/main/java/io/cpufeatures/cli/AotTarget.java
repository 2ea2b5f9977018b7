package io.cpufeatures.cli;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.kit.HotSpotFeatureList;
import io.cpufeatures.core.kit.HotSpotStart;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JDK AOT cache ({@code -XX:AOTCache}) trained on one machine and run on another: the cache records the CPU features
 * of HotSpot's {@code -Xlog:os+cpu} list at training, and code in it (adapters, stubs) may use any of them. What a
 * production machine lacks is the training list less its own, both modelled for the same release and options.
 *
 * <p>JDK 25 and 26 check nothing before using the cache: a production machine that lacks a training feature may crash
 * with SIGILL in cached code; {@code -XX:-AOTAdapterCaching} keeps the cache's classes and drops its code
 * (adoptium-support#1507). Releases after 26 refuse the cache's code unless the two lists are equal except {@code ht}
 * (openjdk/jdk#30796); they are not modelled. JDK 17 has no AOT cache. {@code ht} (more than one thread per core) is
 * no instruction and never a missing feature.
 *
 * @param given    the target as given
 * @param start    the VM of both runs
 * @param training HotSpot's list on the training machine
 * @param architecture the training machine's architecture: a cache's code runs on no other
 */
record AotTarget(String given, HotSpotStart start, HotSpotFeatureList training, String architecture)
        implements Target {

    /** The release whose AOT cache is modelled: the only one of {@link HotSpotStart#MODELLED_RELEASES} that has one. */
    static final int RELEASE = 25;

    /** What to do on a machine that lacks features of the training machine. */
    static final String ADVICE = "the JVM checks nothing before running cached code: run with"
            + " -XX:-AOTAdapterCaching there, or train on it (adoptium-support#1507)";

    /** The name HotSpot lists for more than one thread per core: no instruction. */
    private static final String HT = "ht";

    /**
     * The target {@code aot:MACHINE}: a dump path, or {@code this}.
     *
     * @throws CliFailure exit 2 for a release without an AOT cache or not modelled, or an option not accepted; exit 1
     *                    for a dump that cannot be read or a training machine HotSpot cannot be modelled on
     */
    static AotTarget of(String machine, JvmOptions vm) {
        HotSpotStart start = vm.start();
        if (start.jdk() != RELEASE) {
            throw new CliFailure(CliFailure.USAGE, "aot: JDK " + start.jdk() + " has no AOT cache modelled (JDK 24"
                    + " brought -XX:AOTCache); accepted: --jdk " + RELEASE);
        }
        if (machine.isEmpty()) {
            throw new CliFailure(CliFailure.USAGE, "aot: names no training machine; accepted: aot:this, aot:DUMP-FILE");
        }
        Machine m = machine.equals("this") ? Machine.load(null, null) : Machine.load(Path.of(machine), null);
        HotSpotFeatureList training = hotSpot(m.startCpu(), start);
        if (training.optionRefused()) {
            throw new CliFailure(CliFailure.USAGE, "--jvm-option: " + training.unanswered().orElseThrow());
        }
        if (training.unanswered().isPresent()) {
            throw new CliFailure(CliFailure.FAILED, "aot:" + machine + ": HotSpot's list cannot be modelled on the"
                    + " training machine: " + training.unanswered().get());
        }
        return new AotTarget("aot:" + machine, start, training, m.startCpu().architecture());
    }


    private static HotSpotFeatureList hotSpot(CpuFeatures cpu, HotSpotStart start) {
        return cpu.hotSpotFeatures(start);
    }

    /** {@return the verdict on a production CPU: the training list's names its own list lacks} */
    @Override
    public Verdict judge(CpuFeatures cpu) {
        if (!cpu.architecture().equals(architecture)) {
            String cache = CheckTarget.shown(architecture);
            String machine = CheckTarget.shown(cpu.architecture());
            return Verdict.refused(CheckTarget.article(cache) + " " + cache + " AOT cache on "
                    + CheckTarget.article(machine) + " " + machine + " machine");
        }
        HotSpotFeatureList production = hotSpot(cpu, start);
        if (production.unanswered().isPresent()) {
            return new Verdict(List.of(), Optional.of("HotSpot's list cannot be modelled here: "
                    + production.unanswered().get()), "cannot tell", Optional.empty());
        }
        List<String> missing = new ArrayList<>();
        List<String> unsure = new ArrayList<>();
        for (String name : training.names()) {
            if (name.equals(HT) || production.names().contains(name)) {
                continue;
            }
            (production.unsure().containsKey(name) ? unsure : missing).add(name);
        }
        for (Map.Entry<String, String> e : training.unsure().entrySet()) {
            if (!e.getKey().equals(HT) && !production.names().contains(e.getKey())) {
                unsure.add(e.getKey());
            }
        }
        if (!missing.isEmpty()) {
            return new Verdict(missing, Optional.empty(), "may crash (SIGILL)", Optional.of(ADVICE));
        }
        if (!unsure.isEmpty()) {
            return new Verdict(List.of(), Optional.of("the model cannot decide " + String.join(" ", unsure)
                    + " on one of the two machines"), "cannot tell", Optional.empty());
        }
        return Verdict.missing(List.of());
    }
}
