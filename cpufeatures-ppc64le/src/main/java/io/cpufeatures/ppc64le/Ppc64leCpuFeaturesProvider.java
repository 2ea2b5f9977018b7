package io.cpufeatures.ppc64le;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.kit.DecodedFeatures;
import io.cpufeatures.core.kit.KeyValueDump.SnapshotDump;
import io.cpufeatures.core.kit.ProbeSequence;
import io.cpufeatures.core.spi.ArchitectureFeatures;
import io.cpufeatures.core.spi.CpuFeaturesProvider;
import io.cpufeatures.core.spi.DumpContents;
import io.cpufeatures.core.spi.FeatureVocabulary;
import io.cpufeatures.core.spi.NoCpuInformation;
import io.cpufeatures.core.spi.ProbeMode;
import io.cpufeatures.ppc64le.dump.Ppc64leDumpText;
import io.cpufeatures.ppc64le.probe.Ppc64leProbe;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The ppc64le module as a {@link CpuFeaturesProvider}: probes with {@code Ppc64leProbe}, decodes with
 * {@link Ppc64leDecoder}, reads and writes {@link Ppc64leDumpText}. Registered for
 * {@link java.util.ServiceLoader}; it probes JVMs whose {@code os.arch} is {@code ppc64le}.
 */
public final class Ppc64leCpuFeaturesProvider implements CpuFeaturesProvider {

    /** Creates the provider (ServiceLoader needs a public no-argument constructor). */
    public Ppc64leCpuFeaturesProvider() {
    }

    @Override
    public String architecture() {
        return Ppc64leSnapshot.ARCHITECTURE;
    }

    @Override
    public boolean runsOn(String osArch) {
        return osArch.equals("ppc64le");
    }

    @Override
    public ProbeResult probe(ProbeMode mode) {
        ProbeSequence.Result<Ppc64leSnapshot> r = Ppc64leProbe.system().probe(mode);
        return new ProbeResult(r.snapshot().map(Ppc64leCpuFeaturesProvider::features)
                .orElseGet(() -> new NoCpuInformation(architecture())), r.source());
    }

    @Override
    public Optional<ArchitectureFeatures> decode(CpuSnapshot snapshot) {
        return snapshot instanceof Ppc64leSnapshot s ? Optional.of(features(s)) : Optional.empty();
    }

    private static ArchitectureFeatures features(Ppc64leSnapshot s) {
        return new DecodedFeatures<>(Ppc64leRules.INSTANCE, Ppc64leDecoder.decode(s));
    }

    @Override
    public FeatureVocabulary vocabulary() {
        return Ppc64leRules.VOCABULARY;
    }

    @Override
    public List<CpuDescription.FactKind> facts() {
        return Ppc64leRules.FACTS;
    }

    /** {@inheritDoc} An XCR0 is x86's: given with a ppc64le dump it is refused, as the file's error. */
    @Override
    public Optional<DumpContents> parseDump(String file, String text, OptionalLong xcr0) throws DumpFormatException {
        Optional<SnapshotDump<Ppc64leSnapshot>> dump = Ppc64leDumpText.parse(file, text);
        if (dump.isPresent() && xcr0.isPresent()) {
            throw new DumpFormatException(file, 0, "an XCR0 was given for a ppc64le dump; XCR0 is x86's OS state");
        }
        return dump.map(SnapshotDump::contents);
    }

    @Override
    public String unrecognisedDump() {
        return Ppc64leDumpText.FORMAT.unrecognised();
    }

    @Override
    public String writeDump(List<CpuSnapshot> snapshots) {
        List<Ppc64leSnapshot> list = new ArrayList<>();
        for (CpuSnapshot s : snapshots) {
            if (!(s instanceof Ppc64leSnapshot p)) {
                throw new IllegalArgumentException("not a ppc64le snapshot: " + s.architecture());
            }
            list.add(p);
        }
        return Ppc64leDumpText.FORMAT.write(list);
    }
}
