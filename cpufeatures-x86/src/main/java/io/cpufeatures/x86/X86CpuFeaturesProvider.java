package io.cpufeatures.x86;

import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.spi.CpuFeaturesProvider;
import io.cpufeatures.core.spi.DumpContents;
import io.cpufeatures.core.spi.FeatureVocabulary;
import io.cpufeatures.core.spi.NoCpuInformation;
import io.cpufeatures.core.spi.ProbeMode;
import io.cpufeatures.x86.dump.CpuGroup;
import io.cpufeatures.x86.dump.CpuidDump;
import io.cpufeatures.x86.dump.CpuidDumps;
import io.cpufeatures.x86.dump.CpuidFormatException;
import io.cpufeatures.x86.probe.X86Probe;
import io.cpufeatures.x86.raw.CpuidRText;
import io.cpufeatures.x86.raw.CpuidSnapshot;
import io.cpufeatures.x86.raw.Xcr0Source;
import io.cpufeatures.x86.usable.Xcr0Rules;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The x86-64 module as a {@link CpuFeaturesProvider}: probes with {@link X86Probe}, decodes with
 * {@link X86Decoder}, reads and writes dumps with {@link CpuidDumps} and {@link CpuidRText}, names
 * with its vocabulary. Registered for {@link java.util.ServiceLoader}.
 */
public final class X86CpuFeaturesProvider implements CpuFeaturesProvider {

    /** Creates the provider (ServiceLoader needs a public no-argument constructor). */
    public X86CpuFeaturesProvider() {
    }

    @Override
    public String architecture() {
        return X86ArchitectureFeatures.ARCHITECTURE;
    }

    @Override
    public boolean runsOn(String osArch) {
        return osArch.equals("amd64") || osArch.equals("x86_64");
    }

    @Override
    public ProbeResult probe(ProbeMode mode) {
        X86Probe.Outcome outcome = X86Probe.system().probe(mode);
        if (outcome.snapshot().isEmpty()) {
            return new ProbeResult(new NoCpuInformation(architecture()), outcome.source());
        }
        return new ProbeResult(new X86ArchitectureFeatures(X86Decoder.decode(outcome.snapshot().get()), Set.of()),
                outcome.source());
    }

    @Override
    public Optional<ProbeResult> decode(CpuSnapshot snapshot) {
        if (!(snapshot instanceof CpuidSnapshot s)) {
            return Optional.empty();
        }
        return Optional.of(decoded(s));
    }

    private static ProbeResult decoded(CpuidSnapshot s) {
        return new ProbeResult(new X86ArchitectureFeatures(X86Decoder.decode(s), Set.of()),
                ProbeSource.of(s.source().kind(), s.source().detail()));
    }

    @Override
    public FeatureVocabulary vocabulary() {
        return X86Vocabulary.INSTANCE;
    }

    @Override
    public Optional<DumpContents> parseDump(String file, String text, OptionalLong xcr0) throws CpuidFormatException {
        Optional<CpuidDump> dump = CpuidDumps.parseIfCpuid(file, text);
        if (dump.isEmpty()) {
            return Optional.empty();
        }
        if (xcr0.isPresent()) {
            Xcr0Rules.check(xcr0.getAsLong());
        }
        List<DumpContents.Kind> kinds = new ArrayList<>();
        for (CpuGroup g : dump.get().groups()) {
            CpuidSnapshot s = g.snapshot();
            if (xcr0.isPresent()) {
                s = s.withXcr0(xcr0.getAsLong(), Xcr0Source.USER);
            }
            kinds.add(new DumpContents.Kind(decoded(s), g.count(), g.firstLogicalCpu()));
        }
        return Optional.of(new DumpContents(dump.get().format().name().toLowerCase(Locale.ROOT), dump.get().logicalCpus(),
                kinds));
    }

    @Override
    public String unrecognisedDump() {
        return CpuidDumps.UNRECOGNISED;
    }

    @Override
    public String writeDump(List<CpuSnapshot> snapshots) {
        List<CpuidSnapshot> cpuid = new ArrayList<>();
        for (CpuSnapshot s : snapshots) {
            if (!(s instanceof CpuidSnapshot c)) {
                throw new IllegalArgumentException("not an x86 snapshot: " + s.architecture());
            }
            cpuid.add(c);
        }
        return CpuidRText.write(cpuid);
    }
}
