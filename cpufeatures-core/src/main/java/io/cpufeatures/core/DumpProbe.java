package io.cpufeatures.core;

import io.cpufeatures.core.internal.ArchitectureModule.ProbeResult;
import io.cpufeatures.core.kit.DecodedCpu;
import io.cpufeatures.os.IoFailure;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The probe of a dump file named by {@code cpufeatures.cpuid.file}: its machine, as if it were this one. */
final class DumpProbe {

    private DumpProbe() {
    }

    /** The first kind of CPU of the dump the settings name, as this machine. */
    static ProbeResult fromFile(Path file, ProbeSettings settings, long start) {
        CpuDump dump;
        try {
            dump = CpuDumps.read(file, settings.assume());
        } catch (IOException e) {
            throw new CpuFeaturesConfigurationException("cpufeatures.cpuid.file: cannot read " + IoFailure.describe(file, e),
                    e);
        } catch (DumpFormatException e) {
            throw new CpuFeaturesConfigurationException("cpufeatures.cpuid.file: " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            // an assumption's value the dump's architecture refuses: its message begins with the assumption's name
            throw new CpuFeaturesConfigurationException(ProbeSettings.ASSUME_PROPERTY + e.getMessage(), e);
        }
        // A hybrid part's dump (every kind a core type) is answered as the machine would be: what every
        // core type can run. Other dumps of several kinds are answered as their first kind.
        boolean hybrid = dump.hybrid();
        String detail = file + " (" + dump.format() + ", " + dump.logicalCpus() + " logical CPUs"
                + (dump.kinds().size() > 1 ? (hybrid ? ", " : ", first of ") + dump.kinds().size()
                        + (hybrid ? " core types" : " kinds") : "") + ")";
        ProbeSource source = new ProbeSource(SourceKind.FILE, detail, List.of(), Duration.ofNanos(System.nanoTime() - start));
        if (hybrid) {
            return ProbeResult.ofCoreKinds(decodedKinds(dump.kinds()), source);
        }
        return new ProbeResult(dump.kinds().get(0).cpu().arch(), source);
    }

    /** The report of a hybrid part's dump: its core types, answered as their intersection. */
    static CpuFeatures ofCoreKinds(List<CpuKind<CpuFeatures>> kinds, ProbeSource source) {
        return CpuFeatures.decoded(ProbeResult.ofCoreKinds(decodedKinds(kinds), source));
    }

    /** The decoded CPUs of the reports {@code kinds}, kind by kind. */
    private static List<CpuKind<DecodedCpu>> decodedKinds(List<CpuKind<CpuFeatures>> kinds) {
        List<CpuKind<DecodedCpu>> decoded = new ArrayList<>();
        for (CpuKind<CpuFeatures> k : kinds) {
            decoded.add(k.as(k.cpu().arch()));
        }
        return decoded;
    }
}
