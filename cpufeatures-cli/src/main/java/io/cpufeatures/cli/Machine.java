package io.cpufeatures.cli;

import io.cpufeatures.core.CpuDump;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuFeaturesConfigurationException;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.spi.ProbeSettings;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * What a command reports on: this machine (the process-wide report) or the distinct CPUs of a dump
 * file of any architecture whose module is on the class path, each with how many logical CPUs it
 * stands for.
 *
 * @param cpus    the distinct CPUs, in file order
 * @param source  where the answer came from
 * @param process whether this is the running machine (dispatch then uses the process-wide choice)
 */
record Machine(List<Cpu> cpus, ProbeSource source, boolean process) {

    /** One distinct CPU. */
    record Cpu(CpuFeatures features, int logicalCpus) {
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
        OptionalLong value = OptionalLong.empty();
        if (xcr0 != null) {
            try {
                value = OptionalLong.of(ProbeSettings.parseXcr0(xcr0));
            } catch (CpuFeaturesConfigurationException e) {
                throw new CliFailure(CliFailure.USAGE, e.getMessage().replace("cpufeatures.xcr0", "--xcr0"));
            }
        }
        CpuDump dump = read(cpuidFile, value);
        List<Cpu> cpus = new ArrayList<>();
        for (CpuDump.Kind k : dump.kinds()) {
            cpus.add(new Cpu(k.features(), k.logicalCpus()));
        }
        return new Machine(cpus, dump.source(), false);
    }

    /** Reads a dump, turning failures into one-line errors. */
    private static CpuDump read(Path file, OptionalLong xcr0) {
        try {
            return CpuDumps.read(file, xcr0);
        } catch (NoSuchFileException e) {
            throw new CliFailure(CliFailure.FAILED, "cannot read " + file + ": no such file", e);
        } catch (IOException e) {
            throw new CliFailure(CliFailure.FAILED, "cannot read " + file + ": " + e, e);
        } catch (DumpFormatException e) {
            throw new CliFailure(CliFailure.FAILED, e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new CliFailure(CliFailure.USAGE, "--xcr0: " + e.getMessage(), e);
        }
    }
}
