package io.cpufeatures.x86.probe;

import io.cpufeatures.core.ProbeFailure;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.spi.ProbeMode;
import io.cpufeatures.x86.raw.CpuidSnapshot;
import io.cpufeatures.x86.raw.SnapshotSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * Where the running CPU's snapshot comes from, best source first, never crashing the JVM:
 * <ol>
 *   <li>{@code native}: CPUID and XGETBV executed here through JNA;</li>
 *   <li>{@code proc-cpuinfo}: the Linux kernel's flags, when JNA cannot load, executable memory is
 *       refused or the JVM is not x86-64;</li>
 *   <li>nothing, when every source failed.</li>
 * </ol>
 * The {@link ProbeMode} forces one source. Each failed source is recorded with its reason and
 * exception. (A dump named by {@code cpufeatures.cpuid.file}, and the {@code none} mode, are the
 * core's: they never reach this class.)
 */
public final class X86Probe {

    /** What a probe found: the snapshot, or none, and the source record. */
    public record Outcome(Optional<CpuidSnapshot> snapshot, ProbeSource source) {
    }

    private final LongFunction<ExecutableMemory> memory;
    private final Path procCpuinfo;
    private final boolean linux;

    X86Probe(LongFunction<ExecutableMemory> memory, Path procCpuinfo, boolean linux) {
        this.memory = memory;
        this.procCpuinfo = procCpuinfo;
        this.linux = linux;
    }

    /** The probe of this machine. */
    public static X86Probe system() {
        return new X86Probe(NativeCpuid::defaultMemory, Path.of("/proc/cpuinfo"),
                System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux"));
    }

    /**
     * Probes with the sources {@code mode} allows: {@code native}, {@code proc-cpuinfo}, or both in
     * that order for {@code auto}.
     *
     * @throws IllegalArgumentException for {@link ProbeMode#NONE}, which asks for no probe at all
     */
    public Outcome probe(ProbeMode mode) {
        long start = System.nanoTime();
        List<SourceKind> order = switch (mode) {
            case NATIVE -> List.of(SourceKind.NATIVE);
            case PROC_CPUINFO -> List.of(SourceKind.PROC_CPUINFO);
            case AUTO -> List.of(SourceKind.NATIVE, SourceKind.PROC_CPUINFO);
            case NONE -> throw new IllegalArgumentException("probe mode none asks for no probe");
        };
        List<ProbeFailure> failures = new ArrayList<>();
        for (SourceKind kind : order) {
            try {
                CpuidSnapshot s = kind == SourceKind.NATIVE ? nativeSnapshot() : procSnapshot(failures);
                return new Outcome(Optional.of(s), new ProbeSource(kind, s.source().detail(), failures, since(start)));
            } catch (NativeProbeException | IOException | RuntimeException | LinkageError e) {
                failures.add(new ProbeFailure(kind, e.getMessage() == null ? e.toString() : e.getMessage(), Optional.of(e)));
            }
        }
        return new Outcome(Optional.empty(), new ProbeSource(SourceKind.NONE, "every source failed", failures, since(start)));
    }

    private CpuidSnapshot nativeSnapshot() throws NativeProbeException {
        try (NativeCpuid cpu = NativeCpuid.open(memory)) {
            return LeafReader.read(cpu, new SnapshotSource(SourceKind.NATIVE, cpu.description()));
        }
    }

    private CpuidSnapshot procSnapshot(List<ProbeFailure> earlier) throws IOException {
        if (!linux) {
            throw new IOException("/proc/cpuinfo exists only on Linux");
        }
        String text = Files.readString(procCpuinfo, StandardCharsets.ISO_8859_1);
        String why = earlier.isEmpty() ? "forced by cpufeatures.probe=proc-cpuinfo"
                : "because " + earlier.get(earlier.size() - 1);
        return ProcCpuinfo.parse(text, new SnapshotSource(SourceKind.PROC_CPUINFO,
                procCpuinfo + ", the kernel's flags; XCR0 unknown (" + why + ")"));
    }

    private static Duration since(long start) {
        return Duration.ofNanos(System.nanoTime() - start);
    }
}
