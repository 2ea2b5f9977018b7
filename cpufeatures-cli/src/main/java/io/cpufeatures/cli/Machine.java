package io.cpufeatures.cli;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuFeaturesConfigurationException;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.spi.ProbeSettings;
import io.cpufeatures.x86.X86CpuInfo;
import io.cpufeatures.x86.dump.CpuGroup;
import io.cpufeatures.x86.dump.CpuidDump;
import io.cpufeatures.x86.dump.CpuidDumps;
import io.cpufeatures.x86.dump.CpuidFormatException;
import io.cpufeatures.x86.raw.CpuidSnapshot;
import io.cpufeatures.x86.raw.Xcr0Source;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a command reports on: this machine (the process-wide report) or the distinct CPUs of a dump
 * file, each with how many logical CPUs it stands for.
 *
 * @param cpus    the distinct CPUs, in file order
 * @param source  where the answer came from
 * @param process whether this is the running machine (dispatch then uses the process-wide choice)
 */
record Machine(List<Cpu> cpus, ProbeSource source, boolean process) {

    /** One distinct CPU. */
    record Cpu(CpuFeatures features, int logicalCpus) {

        Optional<X86CpuInfo> x86() {
            return features.unwrap(X86CpuInfo.class);
        }

        Optional<CpuidSnapshot> snapshot() {
            return x86().map(X86CpuInfo::snapshot);
        }
    }

    /**
     * This machine, or the dump {@code cpuidFile} with XCR0 {@code xcr0} if given.
     *
     * @throws CliFailure exit 1 for an unreadable or malformed file, exit 2 for a bad XCR0 or an XCR0 without a file
     */
    static Machine load(Path cpuidFile, String xcr0) {
        if (cpuidFile == null) {
            if (xcr0 != null) {
                throw new CliFailure(CliFailure.USAGE, "--xcr0 describes a dump: give it with --cpuid-file");
            }
            CpuFeatures here = CpuFeatures.current();
            return new Machine(List.of(new Cpu(here, Runtime.getRuntime().availableProcessors())), here.source(), true);
        }
        Long value = null;
        if (xcr0 != null) {
            try {
                value = ProbeSettings.parseXcr0(xcr0);
            } catch (CpuFeaturesConfigurationException e) {
                throw new CliFailure(CliFailure.USAGE, e.getMessage().replace("cpufeatures.xcr0", "--xcr0"));
            }
        }
        CpuidDump dump = read(cpuidFile);
        List<Cpu> cpus = new ArrayList<>();
        ProbeSource source = null;
        for (CpuGroup g : dump.groups()) {
            CpuidSnapshot s = g.snapshot();
            if (value != null) {
                s = s.withXcr0(value, Xcr0Source.USER);
            }
            CpuFeatures f = CpuFeatures.of(s);
            if (source == null) {
                source = f.source();
            }
            cpus.add(new Cpu(f, g.count()));
        }
        return new Machine(cpus, new ProbeSource("file", cpuidFile + " (" + dump.format().name().toLowerCase()
                + ", " + dump.logicalCpus() + " logical CPUs, " + dump.groups().size() + " distinct)", List.of(),
                source.elapsed()), false);
    }

    /** Parses a dump, turning failures into one-line errors. */
    static CpuidDump read(Path file) {
        try {
            return CpuidDumps.read(file);
        } catch (NoSuchFileException e) {
            throw new CliFailure(CliFailure.FILE_FAILED, "cannot read " + file + ": no such file", e);
        } catch (IOException e) {
            throw new CliFailure(CliFailure.FILE_FAILED, "cannot read " + file + ": " + e, e);
        } catch (CpuidFormatException e) {
            throw new CliFailure(CliFailure.FILE_FAILED, e.getMessage(), e);
        }
    }
}
