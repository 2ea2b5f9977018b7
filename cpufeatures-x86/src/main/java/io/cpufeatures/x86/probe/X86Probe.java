package io.cpufeatures.x86.probe;

import io.cpufeatures.core.CpuFeaturesConfigurationException;
import io.cpufeatures.core.ProbeFailure;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.spi.ProbeSettings;
import io.cpufeatures.x86.dump.CpuidDump;
import io.cpufeatures.x86.dump.CpuidDumps;
import io.cpufeatures.x86.dump.CpuidFormatException;
import io.cpufeatures.x86.raw.CpuidSnapshot;
import io.cpufeatures.x86.raw.SnapshotSource;
import io.cpufeatures.x86.raw.Xcr0Source;
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
 *   <li>a dump named by {@code cpufeatures.cpuid.file} (emulating another machine);</li>
 *   <li>{@code native}: CPUID and XGETBV executed here through JNA;</li>
 *   <li>{@code proc-cpuinfo}: the Linux kernel's flags, when JNA cannot load, executable memory is
 *       refused or the JVM is not x86-64;</li>
 *   <li>nothing: the architecture and the JVM view only.</li>
 * </ol>
 * {@code cpufeatures.probe} forces one source. Each failed source is recorded with its reason and
 * exception.
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
     * Probes.
     *
     * @throws CpuFeaturesConfigurationException if the dump named by the settings cannot be read
     */
    public Outcome probe(ProbeSettings settings) {
        long start = System.nanoTime();
        if (settings.cpuidFile().isPresent()) {
            return fromFile(settings, start);
        }
        List<String> order = switch (settings.probe()) {
            case "native" -> List.of("native");
            case "proc-cpuinfo" -> List.of("proc-cpuinfo");
            case "none" -> List.of();
            default -> List.of("native", "proc-cpuinfo");
        };
        List<ProbeFailure> failures = new ArrayList<>();
        for (String kind : order) {
            try {
                CpuidSnapshot s = kind.equals("native") ? nativeSnapshot(failures) : procSnapshot(failures);
                return new Outcome(Optional.of(s), new ProbeSource(kind, s.source().detail(), failures, since(start)));
            } catch (NativeProbeException | IOException | RuntimeException | LinkageError e) {
                failures.add(new ProbeFailure(kind, e.getMessage() == null ? e.toString() : e.getMessage(), Optional.of(e)));
            }
        }
        String why = order.isEmpty() ? "forced by cpufeatures.probe=none" : "every source failed";
        return new Outcome(Optional.empty(), new ProbeSource("none", why, failures, since(start)));
    }

    private CpuidSnapshot nativeSnapshot(List<ProbeFailure> earlier) throws NativeProbeException {
        try (NativeCpuid cpu = NativeCpuid.open(memory)) {
            return LeafReader.read(cpu, new SnapshotSource(SnapshotSource.Kind.NATIVE, cpu.description()));
        }
    }

    private CpuidSnapshot procSnapshot(List<ProbeFailure> earlier) throws IOException {
        if (!linux) {
            throw new IOException("/proc/cpuinfo exists only on Linux");
        }
        String text = Files.readString(procCpuinfo, StandardCharsets.ISO_8859_1);
        String why = earlier.isEmpty() ? "forced by cpufeatures.probe=proc-cpuinfo"
                : "because " + earlier.get(earlier.size() - 1);
        return ProcCpuinfo.parse(text, new SnapshotSource(SnapshotSource.Kind.PROC_CPUINFO,
                procCpuinfo + ", the kernel's flags; XCR0 unknown (" + why + ")"));
    }

    private static Outcome fromFile(ProbeSettings settings, long start) {
        Path file = settings.cpuidFile().get();
        CpuidDump dump;
        try {
            dump = CpuidDumps.read(file);
        } catch (IOException e) {
            throw new CpuFeaturesConfigurationException("cpufeatures.cpuid.file: cannot read " + file + ": " + e, e);
        } catch (CpuidFormatException e) {
            throw new CpuFeaturesConfigurationException("cpufeatures.cpuid.file: " + e.getMessage(), e);
        }
        CpuidSnapshot s = dump.groups().get(0).snapshot();
        if (settings.xcr0().isPresent()) {
            s = s.withXcr0(settings.xcr0().getAsLong(), Xcr0Source.USER);
        }
        String detail = file + " (" + dump.format().name().toLowerCase(Locale.ROOT) + ", " + dump.logicalCpus()
                + " logical CPUs" + (dump.groups().size() > 1 ? ", first of " + dump.groups().size() + " kinds" : "") + ")";
        return new Outcome(Optional.of(s.withSource(SnapshotSource.file(detail))),
                new ProbeSource("file", detail, List.of(), since(start)));
    }

    private static Duration since(long start) {
        return Duration.ofNanos(System.nanoTime() - start);
    }
}
