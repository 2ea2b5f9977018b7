package io.cpufeatures.aarch64;

import io.cpufeatures.aarch64.dump.AArch64DumpText;
import io.cpufeatures.aarch64.probe.AArch64Probe;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The AArch64 module as a {@link CpuFeaturesProvider}: probes with {@code AArch64Probe}, decodes
 * with {@link AArch64Decoder} (the kit's layers with the AArch64 tables), reads and writes its dump
 * format ({@link AArch64DumpText}), names with its vocabulary. Registered for {@link java.util.ServiceLoader}; it probes JVMs whose
 * {@code os.arch} is {@code aarch64} (Linux, macOS, Windows) or {@code arm64}.
 */
public final class AArch64CpuFeaturesProvider implements CpuFeaturesProvider {

    /** Creates the provider (ServiceLoader needs a public no-argument constructor). */
    public AArch64CpuFeaturesProvider() {
    }

    @Override
    public String architecture() {
        return AArch64Snapshot.ARCHITECTURE;
    }

    @Override
    public boolean runsOn(String osArch) {
        return osArch.equals("aarch64") || osArch.equals("arm64");
    }

    @Override
    public ProbeResult probe(ProbeMode mode) {
        ProbeSequence.Result<AArch64Snapshot> outcome = AArch64Probe.system().probe(mode);
        if (outcome.snapshot().isEmpty()) {
            return new ProbeResult(new NoCpuInformation(architecture()), outcome.source());
        }
        return new ProbeResult(features(outcome.snapshot().get()), outcome.source());
    }

    @Override
    public Optional<ArchitectureFeatures> decode(CpuSnapshot snapshot) {
        return snapshot instanceof AArch64Snapshot s ? Optional.of(features(s)) : Optional.empty();
    }

    private static ArchitectureFeatures features(AArch64Snapshot s) {
        return new DecodedFeatures<>(AArch64Rules.INSTANCE, AArch64Decoder.decode(s));
    }

    @Override
    public FeatureVocabulary vocabulary() {
        return AArch64Rules.VOCABULARY;
    }

    @Override
    public List<CpuDescription.FactKind> facts() {
        return AArch64Description.KINDS;
    }

    /**
     * {@inheritDoc} An XCR0 is an x86 notion: given with an AArch64 dump it is refused, as the file's
     * error, rather than silently ignored.
     */
    @Override
    public Optional<DumpContents> parseDump(String file, String text, OptionalLong xcr0) throws DumpFormatException {
        Optional<SnapshotDump<AArch64Snapshot>> dump = AArch64DumpText.parseIfAArch64(file, text);
        if (dump.isPresent() && xcr0.isPresent()) {
            throw new DumpFormatException(file, 0, "an XCR0 was given for an AArch64 dump; XCR0 is x86's OS state,"
                    + " the HWCAP words in the dump are AArch64's");
        }
        return dump.map(SnapshotDump::contents);
    }

    @Override
    public String unrecognisedDump() {
        return AArch64DumpText.FORMAT.unrecognised();
    }

    @Override
    public String writeDump(List<CpuSnapshot> snapshots) {
        List<AArch64Snapshot> list = new ArrayList<>();
        for (CpuSnapshot s : snapshots) {
            if (!(s instanceof AArch64Snapshot a)) {
                throw new IllegalArgumentException("not an aarch64 snapshot: " + s.architecture());
            }
            list.add(a);
        }
        return AArch64DumpText.write(list);
    }
}
