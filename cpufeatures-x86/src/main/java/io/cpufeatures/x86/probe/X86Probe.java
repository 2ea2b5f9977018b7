package io.cpufeatures.x86.probe;

import io.cpufeatures.os.OperatingSystem;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.internal.Log;
import io.cpufeatures.core.kit.ProbeSequence;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.core.jvm.NativeAccess;
import io.cpufeatures.os.AuxvFile;
import io.cpufeatures.os.DarwinSysctl;
import io.cpufeatures.os.ExecutableMemory;
import io.cpufeatures.os.NativeProbeException;
import io.cpufeatures.os.WindowsProcessorFeatures;
import io.cpufeatures.x86.CpuidSnapshot;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * Where the running CPU's snapshot comes from, best source first, never crashing the JVM:
 * <ol>
 *   <li>{@code native}: CPUID and XGETBV executed here, through the project's probe library ({@link JniCpuid}) where
 *       it loads, else through JNA's stub page; JNA is then loaded only for what the library does not do (pinning
 *       a thread on a hybrid part, the AMX permission where AMX is enabled, macOS and Windows);</li>
 *   <li>{@code proc-cpuinfo}: the Linux kernel's flags, when the native source failed; and instead of it, with no
 *       failure recorded, on a JDK that would warn about or refuse this module's native code
 *       ({@link NativeAccess}: JDK 24 and later without {@code --enable-native-access} for it), since the kernel's
 *       word on real hardware is no lesser answer than CPUID's;</li>
 *   <li>nothing, when every source failed.</li>
 * </ol>
 * On a hybrid part the native probe reads every logical CPU's core type, its thread pinned to each in
 * turn ({@link CoreTypeReader}); elsewhere it reads the CPU it runs on, and nothing more.
 * The {@link ProbeMode} forces one source. Each failed source is recorded with its reason and
 * exception. (A dump named by {@code cpufeatures.cpuid.file}, and the {@code none} mode, are the
 * core's: they never reach this class.)
 */
public final class X86Probe {

    /**
     * What a probe found.
     *
     * @param snapshot   the snapshot of the CPU the probe ran on, or none
     * @param source     the source record
     * @param coreGroups on a hybrid part, one group per core type (its snapshot and how many logical CPUs
     *                   are of it), when two or more were found; empty otherwise
     */
    public record Outcome(Optional<CpuidSnapshot> snapshot, ProbeSource source, List<CpuKind<CpuidSnapshot>> coreGroups) {

        /**
         * Validates the parts and copies the groups.
         *
         * @param snapshot   the snapshot of the CPU the probe ran on; not null (empty when every source failed)
         * @param source     the source record; not null
         * @param coreGroups one group per core type of a hybrid part, or empty; not null
         */
        public Outcome {
            Objects.requireNonNull(snapshot, "snapshot");
            Objects.requireNonNull(source, "source");
            coreGroups = List.copyOf(coreGroups);
        }
    }

    private final LongFunction<ExecutableMemory> memory;
    private final Path procCpuinfo;
    private final boolean linux;
    private final Supplier<ThreadAffinity> affinity;
    /** Whether the probe library is tried before the stub page (the system's probe; tests give their memory). */
    private final boolean library;

    X86Probe(LongFunction<ExecutableMemory> memory, Path procCpuinfo, boolean linux) {
        this(memory, procCpuinfo, linux, new Affinity(linux), false);
    }

    X86Probe(LongFunction<ExecutableMemory> memory, Path procCpuinfo, boolean linux, Supplier<ThreadAffinity> affinity) {
        this(memory, procCpuinfo, linux, affinity, false);
    }

    private X86Probe(LongFunction<ExecutableMemory> memory, Path procCpuinfo, boolean linux,
            Supplier<ThreadAffinity> affinity, boolean library) {
        this.memory = memory;
        this.procCpuinfo = procCpuinfo;
        this.linux = linux;
        this.affinity = affinity;
        this.library = library;
    }

    /**
     * {@return the probe of this machine: CPUID through the probe library, else through JNA's stub page, then
     * {@code /proc/cpuinfo} when the OS is Linux}
     */
    public static X86Probe system() {
        boolean linux = OperatingSystem.current() == OperatingSystem.LINUX;
        return new X86Probe(new StubPageMemory(), Path.of("/proc/cpuinfo"), linux, new Affinity(linux), true);
    }

    /**
     * The stub page's memory, made only where the stub page runs (the probe library refused). A class, not a method
     * reference: neither a lambda nor the stub page's classes are loaded on a first answer.
     */
    private static final class StubPageMemory implements LongFunction<ExecutableMemory> {
        @Override
        public ExecutableMemory apply(long size) {
            return NativeCpuid.defaultMemory(size);
        }
    }

    /** The thread's affinity, made only for a hybrid part's census; null off Linux. A class, not a lambda. */
    private static final class Affinity implements Supplier<ThreadAffinity> {
        private final boolean linux;

        Affinity(boolean linux) {
            this.linux = linux;
        }

        @Override
        public ThreadAffinity get() {
            return linux ? new LinuxThreadAffinity() : null;
        }
    }

    /**
     * Probes with the sources {@code mode} allows: {@code native}, {@code proc-cpuinfo}, or both in
     * that order for {@code auto}.
     *
     * @param mode the sources allowed; not {@link ProbeMode#NONE}
     * @return the snapshot of the first source that worked, with the failures before it; or no snapshot and
     *         every failure, never an exception for a source that fails
     * @throws IllegalArgumentException for {@link ProbeMode#NONE}, which asks for no probe at all
     */
    public Outcome probe(ProbeMode mode) {
        String passedOver = mode == ProbeMode.AUTO && library && linux ? NativeAccess.refusal(X86Probe.class.getModule())
                : null;
        ProbeSequence.Result<CoreTypeReader.Result> r = passedOver != null
                ? ProbeSequence.kernelOnly("the native probe is not run: " + passedOver, new Kernel(), new Detail())
                : ProbeSequence.run(mode, new Native(), new Kernel(), new Detail());
        if (r.snapshot().isEmpty()) {
            return new Outcome(Optional.empty(), r.source(), List.of());
        }
        CoreTypeReader.Result k = r.snapshot().get();
        return new Outcome(Optional.of(k.kinds().get(0).cpu()), r.source(), k.kinds().size() > 1 ? k.kinds() : List.of());
    }

    /** The native source. A class, not a lambda: the first answer spins none. */
    private final class Native implements ProbeSequence.Source<CoreTypeReader.Result> {
        @Override
        public CoreTypeReader.Result read(String why) throws NativeProbeException {
            return nativeSnapshots();
        }
    }

    /** The kernel's {@code /proc/cpuinfo}. */
    private final class Kernel implements ProbeSequence.Source<CoreTypeReader.Result> {
        @Override
        public CoreTypeReader.Result read(String why) throws IOException {
            return new CoreTypeReader.Result(List.of(new CpuKind<>(procSnapshot(why), 1, 0)), "");
        }
    }

    /** The source's line: its snapshot's detail and the census's note. */
    private static final class Detail implements java.util.function.Function<CoreTypeReader.Result, String> {
        @Override
        public String apply(CoreTypeReader.Result k) {
            return k.kinds().get(0).cpu().source().detail() + (k.note().isEmpty() ? "" : "; " + k.note());
        }
    }

    /** The snapshot of this CPU, and on a hybrid part one per core type ({@link CoreTypeReader}). */
    private CoreTypeReader.Result nativeSnapshots() throws NativeProbeException {
        String passedOver = null;
        if (library) {
            try {
                JniCpuid jni = JniCpuid.open();
                return snapshots(jni, jni.toString());
            } catch (NativeProbeException e) {
                // said here in the source, beside the stub page, and once in a WARN line where the stub page answers
                passedOver = e.getMessage();
            }
        }
        NativeCpuid stubs;
        try {
            stubs = NativeCpuid.open(memory);
        } catch (NativeProbeException e) {
            if (passedOver == null) {
                throw e;
            }
            if (e.getMessage().equals(passedOver)) {
                // one cause refused both (the native cache's): said once
                throw new NativeProbeException("neither the probe library nor JNA is used: " + passedOver, e);
            }
            throw new NativeProbeException(e.getMessage() + "; the probe library was not used: " + passedOver, e);
        }
        if (passedOver != null) {
            warnStubPage(passedOver);
        }
        try (NativeCpuid cpu = stubs) {
            return snapshots(cpu, passedOver == null ? cpu.description()
                    : cpu.description() + "; the probe library was not used: " + passedOver);
        }
    }

    /** Whether the stub page's standing in for the probe library was said; guarded by the class. */
    private static boolean stubPageSaid;

    /** Says once per process that the stub page answers in the probe library's place, and why. */
    private static void warnStubPage(String why) {
        synchronized (X86Probe.class) {
            if (stubPageSaid) {
                return;
            }
            stubPageSaid = true;
        }
        Log.of(X86Probe.class).warn("the x86 probe library is not used, CPUID runs through JNA's stub page instead: {}",
                why);
    }

    /** The snapshots read through {@code cpu}, described as {@code description}. */
    private CoreTypeReader.Result snapshots(CpuidInstruction cpu, String description) throws NativeProbeException {
        CpuidSnapshot first = LeafReader.read(cpu, new SnapshotSource(SourceKind.NATIVE, description));
        if (OperatingSystem.current() == OperatingSystem.MACOS) {
            // Darwin enables AVX-512 state on first use: XCR0 alone would say it is not usable.
            first = DarwinAvx512.apply(first, new DarwinSysctl(), OperatingSystem.osVersion());
        }
        CoreTypeReader.Result r = CoreTypeReader.read(first, cpu, affinity, Runtime.getRuntime().availableProcessors());
        if (OperatingSystem.current() == OperatingSystem.WINDOWS) {
            String check = WindowsFeatureCheck.check(first, WindowsProcessorFeatures::new);
            return new CoreTypeReader.Result(r.kinds(), r.note().isEmpty() ? check : r.note() + "; " + check);
        }
        if (!linux) {
            return r;
        }
        // AMX tile data is usable on Linux only with the process's permission: read it where it matters.
        List<CpuKind<CpuidSnapshot>> groups = new ArrayList<>();
        for (CpuKind<CpuidSnapshot> g : r.kinds()) {
            groups.add(new CpuKind<>(AmxPermission.attach(g.cpu(), AmxPermission.STATUS), g.logicalCpus(),
                    g.firstLogicalCpu()));
        }
        return new CoreTypeReader.Result(groups, r.note());
    }

    private CpuidSnapshot procSnapshot(String why) throws IOException {
        String text = io.cpufeatures.os.ProcCpuinfo.read(procCpuinfo, linux);
        CpuidSnapshot s = ProcCpuinfo.parse(procCpuinfo.toString(), text, new SnapshotSource(SourceKind.PROC_CPUINFO,
                procCpuinfo + ", the kernel's flags; XCR0 unknown (" + why + ")"));
        if (library) {
            // this process's own vector, where the file is this machine's: is the kernel's word this CPU's?
            Long hwcap;
            try {
                hwcap = AuxvFile.read(AuxvFile.SELF, AuxvFile.AT_HWCAP)[0];
            } catch (NativeProbeException e) {
                hwcap = null;
            }
            String other = KernelWordCheck.otherCpu(s, hwcap);
            if (other != null) {
                throw new IOException(other + "; not answering from it");
            }
        }
        return s;
    }
}
