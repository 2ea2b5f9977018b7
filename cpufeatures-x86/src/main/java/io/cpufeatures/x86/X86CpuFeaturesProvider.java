package io.cpufeatures.x86;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.kit.DecodedFeatures;
import io.cpufeatures.core.spi.ArchitectureFeatures;
import io.cpufeatures.core.spi.CpuFeaturesProvider;
import io.cpufeatures.core.spi.DumpContents;
import io.cpufeatures.core.spi.FeatureVocabulary;
import io.cpufeatures.core.spi.NoCpuInformation;
import io.cpufeatures.core.spi.ProbeMode;
import io.cpufeatures.x86.dump.CpuidDump;
import io.cpufeatures.x86.dump.CpuidDumps;
import io.cpufeatures.x86.dump.CpuidFormatException;
import io.cpufeatures.x86.probe.X86Probe;
import io.cpufeatures.x86.raw.CpuidRText;
import io.cpufeatures.x86.usable.Xcr0Rules;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The x86-64 module as a {@link CpuFeaturesProvider}: probes with {@code X86Probe}, decodes with
 * {@link X86Decoder} (the kit's layers with the x86 tables), reads and writes dumps with {@link CpuidDumps} and {@code CpuidRText}, names
 * with its vocabulary. Registered for {@link java.util.ServiceLoader}.
 */
public final class X86CpuFeaturesProvider implements CpuFeaturesProvider {

    /** Creates the provider (ServiceLoader needs a public no-argument constructor). */
    public X86CpuFeaturesProvider() {
    }

    @Override
    public String architecture() {
        return X86Rules.ARCHITECTURE;
    }

    @Override
    public boolean runsOn(String osArch) {
        return osArch.equals("amd64") || osArch.equals("x86_64");
    }

    @Override
    public ProbeResult probe(ProbeMode mode) {
        return result(X86Probe.system().probe(mode));
    }

    /** What a probe's outcome is as a report: nothing known, one CPU, or one report per core type. */
    static ProbeResult result(X86Probe.Outcome outcome) {
        if (outcome.snapshot().isEmpty()) {
            return new ProbeResult(new NoCpuInformation(X86Rules.ARCHITECTURE), outcome.source());
        }
        if (!outcome.coreGroups().isEmpty()) {
            List<CpuKind<ArchitectureFeatures>> kinds = new ArrayList<>();
            for (CpuKind<CpuidSnapshot> g : outcome.coreGroups()) {
                kinds.add(g.as(features(g.cpu())));
            }
            return ProbeResult.ofCoreKinds(kinds, outcome.source());
        }
        return new ProbeResult(features(outcome.snapshot().get()), outcome.source());
    }

    @Override
    public Optional<ArchitectureFeatures> decode(CpuSnapshot snapshot) {
        return snapshot instanceof CpuidSnapshot s ? Optional.of(features(s)) : Optional.empty();
    }

    private static ArchitectureFeatures features(CpuidSnapshot s) {
        return new DecodedFeatures<>(X86Rules.INSTANCE, X86Decoder.decode(s));
    }

    @Override
    public FeatureVocabulary vocabulary() {
        return X86Rules.VOCABULARY;
    }

    @Override
    public List<CpuDescription.FactKind> facts() {
        return X86Description.KINDS;
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
        List<CpuKind<CpuSnapshot>> kinds = new ArrayList<>();
        for (CpuKind<CpuidSnapshot> k : dump.get().kinds()) {
            kinds.add(k.as(xcr0.isPresent() ? k.cpu().withXcr0(xcr0.getAsLong(), Xcr0Source.USER) : k.cpu()));
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
