package io.cpufeatures.core.jvm;

import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.internal.CurrentReport;
import io.cpufeatures.core.internal.ArchitectureModule;
import io.cpufeatures.core.internal.Once;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where the JVM's view gets HotSpot's flags: worked out from what decides them wherever that is certain
 * ({@link FlagDerivation}), which costs a process no {@code java.management} class; otherwise from
 * {@code HotSpotDiagnosticMXBean} ({@link HotSpotFlags}), as always.
 */
final class FlagSource {

    private FlagSource() {
    }

    /**
     * The flags read, and where from.
     *
     * @param flags  each flag the VM defines, to its value; empty when none could be read
     * @param source where they came from, and for the MXBean why they were not derived
     * @param start  the release and options they were derived for; null when read through the MXBean
     */
    record Read(Map<String, String> flags, String source, io.cpufeatures.core.kit.HotSpotStart start) {
    }

    /**
     * The running VM's flags {@code names}: derived when certain, else the MXBean's.
     *
     * @param names  the flags wanted
     * @param module the running architecture's module, if there is one
     * @return the flags and their source
     */
    static Read running(List<String> names, Optional<ArchitectureModule> module) {
        FlagDerivation.Outcome d;
        try {
            d = derive(names, module);
        } catch (RuntimeException | LinkageError e) {
            Once.rethrowIfMomentary(e);
            d = FlagDerivation.Outcome.not("the derivation failed: " + e);
        }
        return d.derived() ? new Read(d.flags(), d.source(), d.start()) : mxBean(names, d.source());
    }

    /**
     * The flags {@code names} as {@code HotSpotDiagnosticMXBean} gives them.
     *
     * @param names the flags wanted
     * @param why   why they are not derived
     * @return the flags and their source
     */
    static Read mxBean(List<String> names, String why) {
        Map<String, String> flags = HotSpotFlags.read(names);
        return new Read(flags, (flags.isEmpty() ? "none readable (no HotSpotDiagnosticMXBean)" : "HotSpotDiagnosticMXBean")
                + "; not derived: " + why, null);
    }

    private static FlagDerivation.Outcome derive(List<String> names, Optional<ArchitectureModule> module) {
        if (module.isEmpty()) {
            return FlagDerivation.Outcome.not("no architecture module for this machine");
        }
        VmFacts vm = VmFacts.running();
        CpuSnapshot snapshot = null;
        String noCpu = null;
        CurrentReport cpu = CurrentReport.ifMade();
        if (cpu == null) {
            // the CPU is probed for the flags of a process that probes it anyway, never for them alone
            noCpu = "this process's CPU report is not made yet";
        } else if (cpu.source() != SourceKind.NATIVE && cpu.source() != SourceKind.PROC_CPUINFO) {
            // the kernel's flags are CPUID's with the OS's state and the kernel's dependency table applied, as HotSpot
            // applies XCR0 to its own reading; a kernel told to hide a feature (clearcpuid=) is the case where the two
            // differ, and docs/probing.md says so
            noCpu = "the CPU was read from " + cpu.source().id() + ", not by its native probe or the kernel";
        } else if (cpu.hybrid()) {
            noCpu = "the CPU has core types of more than one kind";
        } else if (cpu.snapshot().isEmpty()) {
            noCpu = "the CPU's probe kept no snapshot";
        } else {
            snapshot = cpu.snapshot().get();
        }
        return FlagDerivation.derive(vm, new RunningImage(vm), names, module.get(), snapshot, noCpu);
    }

    /** The running runtime image's check. A class, not a lambda: a cold path. */
    private static final class RunningImage implements FlagDerivation.ImageCheck {
        private final VmFacts vm;

        RunningImage(VmFacts vm) {
            this.vm = vm;
        }

        @Override
        public int check() {
            return ImageVmOptions.of(vm.modules());
        }
    }
}
