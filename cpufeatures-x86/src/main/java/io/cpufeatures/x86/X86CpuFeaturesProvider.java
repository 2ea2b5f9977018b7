package io.cpufeatures.x86;

import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.spi.CpuFeaturesProvider;
import io.cpufeatures.core.spi.NoCpuInformation;
import io.cpufeatures.core.spi.ProbeSettings;
import io.cpufeatures.x86.feature.FeatureNames;
import io.cpufeatures.x86.policy.PolicyFlag;
import io.cpufeatures.x86.probe.X86Probe;
import io.cpufeatures.x86.raw.CpuidSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The x86-64 module as a {@link CpuFeaturesProvider}: probes with {@link X86Probe} and decodes
 * with {@link X86Decoder}. Registered for {@link java.util.ServiceLoader}.
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
    public ProbeResult probe(ProbeSettings settings) {
        X86Probe.Outcome outcome = X86Probe.system().probe(settings);
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
        return Optional.of(new ProbeResult(new X86ArchitectureFeatures(X86Decoder.decode(s), Set.of()),
                new ProbeSource(s.source().kind().id(), s.source().detail(), List.of(), java.time.Duration.ZERO)));
    }

    @Override
    public Optional<String> canonicalName(String name) {
        return X86ArchitectureFeatures.canonical(name);
    }

    @Override
    public List<String> canonicalNames() {
        List<String> names = new ArrayList<>(FeatureNames.canonicalNames());
        for (PolicyFlag p : PolicyFlag.values()) {
            names.add(p.canonicalName());
        }
        return names;
    }

    @Override
    public List<String> suggestions(String name) {
        return FeatureNames.suggestions(name);
    }

}
