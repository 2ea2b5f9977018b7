package io.cpufeatures.ppc64le;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.kit.ArchitectureProvider;
import io.cpufeatures.core.kit.SnapshotFormat;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.ppc64le.dump.Ppc64leDumpText;
import io.cpufeatures.ppc64le.probe.Ppc64leProbe;
import java.util.List;
import java.util.Set;

/**
 * The ppc64le module as a {@link io.cpufeatures.core.kit.CpuFeaturesProvider}: probes with {@code Ppc64leProbe},
 * decodes with {@link Ppc64leDecoder}, reads and writes {@link Ppc64leDumpText}. Registered for
 * {@link java.util.ServiceLoader}; it probes JVMs whose {@code os.arch} is {@code ppc64le}.
 */
public final class Ppc64leCpuFeaturesProvider extends ArchitectureProvider<Ppc64leFeature, Ppc64leSnapshot, Ppc64leCpuInfo> {

    /** Creates the provider (ServiceLoader needs a public no-argument constructor). */
    public Ppc64leCpuFeaturesProvider() {
        super(Ppc64leRules.INSTANCE, Ppc64leSnapshot.class, Ppc64leRules.VOCABULARY, Set.of("ppc64le"));
    }

    @Override
    public List<CpuDescription.FactKind> facts() {
        return Ppc64leRules.FACTS;
    }

    @Override
    protected SnapshotFormat<Ppc64leSnapshot> format() {
        return Ppc64leDumpText.FORMAT;
    }

    @Override
    public ProbeResult probe(ProbeMode mode) {
        return result(Ppc64leProbe.system().probe(mode));
    }
}
