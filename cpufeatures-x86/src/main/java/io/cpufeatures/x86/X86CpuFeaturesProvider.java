package io.cpufeatures.x86;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.kit.ArchitectureProvider;
import io.cpufeatures.core.kit.KeyValueDump.SnapshotDump;
import io.cpufeatures.core.kit.SnapshotFormat;
import io.cpufeatures.core.kit.DecodedCpu;
import io.cpufeatures.core.kit.DumpContents;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.x86.dump.CpuidDump;
import io.cpufeatures.x86.dump.CpuidDumps;
import io.cpufeatures.x86.probe.CoreinfoListing;
import io.cpufeatures.x86.probe.MacX86SysctlListing;
import io.cpufeatures.x86.probe.X86Probe;
import io.cpufeatures.x86.raw.CpuidRText;
import io.cpufeatures.x86.usable.Xcr0Rules;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The x86-64 module as a {@link io.cpufeatures.core.kit.CpuFeaturesProvider}: probes with {@code X86Probe}, decodes
 * with {@link X86Decoder} (the kit's layers with the x86 tables), reads dumps of every syntax {@link CpuidDumps}
 * knows and writes {@code cpuid -r}'s, names with its vocabulary. Registered for {@link java.util.ServiceLoader}.
 */
public final class X86CpuFeaturesProvider extends ArchitectureProvider<X86Feature, CpuidSnapshot, X86CpuInfo> {

    /** Creates the provider (ServiceLoader needs a public no-argument constructor). */
    public X86CpuFeaturesProvider() {
        super(X86Rules.INSTANCE, CpuidSnapshot.class, X86Rules.VOCABULARY, Set.of("amd64", "x86_64"));
    }

    /** The x86-64 psABI's baseline (x86-64-v1: LM, CMOV, CX8, FPU, FXSR, MMX, SSE, SSE2): every x86-64 CPU has it. */
    @Override
    protected Set<String> baseline() {
        Set<String> names = new java.util.LinkedHashSet<>();
        for (X86Feature f : PsAbiLevel.V1.adds()) {
            names.add(f.canonicalName());
        }
        return names;
    }

    /** AVX-512BW: without it C2 keeps byte and short vectors at 256 bits under {@code UseAVX=3} ({@code x86.ad}). */
    @Override
    public Optional<String> narrowVectorLanesFeature() {
        return Optional.of(X86Feature.AVX512BW.canonicalName());
    }

    @Override
    public List<CpuDescription.FactKind> facts() {
        return X86Description.KINDS;
    }

    @Override
    protected SnapshotFormat<CpuidSnapshot> format() {
        return CpuidFiles.INSTANCE;
    }

    @Override
    public ProbeResult probe(ProbeMode mode) {
        return result(X86Probe.system().probe(mode));
    }

    /** What a probe's outcome is as a report: nothing known, one CPU, or one report per core type. */
    ProbeResult result(X86Probe.Outcome outcome) {
        if (outcome.snapshot().isEmpty()) {
            return floor(outcome.source());
        }
        if (!outcome.coreGroups().isEmpty()) {
            List<CpuKind<DecodedCpu>> kinds = new ArrayList<>();
            for (CpuKind<CpuidSnapshot> g : outcome.coreGroups()) {
                kinds.add(g.as(features(g.cpu())));
            }
            return ProbeResult.ofCoreKinds(kinds, outcome.source());
        }
        return new ProbeResult(features(outcome.snapshot().get()), outcome.source());
    }

    /** Every logical CPU of the dump with the XCR0 the user gave, checked against what XCR0 may hold. */
    @Override
    protected DumpContents withXcr0(SnapshotDump<CpuidSnapshot> dump, long xcr0) throws DumpFormatException {
        Xcr0Rules.check(xcr0);
        List<CpuKind<CpuidSnapshot>> kinds = new ArrayList<>();
        for (CpuKind<CpuidSnapshot> k : dump.kinds()) {
            kinds.add(k.as(k.cpu().withXcr0(xcr0, Xcr0Source.USER)));
        }
        return new SnapshotDump<>(dump.file(), dump.format(), dump.logicalCpus(), kinds).contents();
    }

    /** The CPUID dump syntaxes: read in any of them, written as {@code cpuid -r}. */
    private static final class CpuidFiles implements SnapshotFormat<CpuidSnapshot> {

        static final CpuidFiles INSTANCE = new CpuidFiles();

        @Override
        public Optional<SnapshotDump<CpuidSnapshot>> parse(String file, String text) throws DumpFormatException {
            if (MacX86SysctlListing.recognises(text)) {
                return Optional.of(MacX86SysctlListing.read(file, text));
            }
            if (CoreinfoListing.recognises(text)) {
                return Optional.of(CoreinfoListing.read(file, text));
            }
            Optional<CpuidDump> dump = CpuidDumps.parseIfCpuid(file, text);
            return dump.map(d -> new SnapshotDump<>(file, d.format().name().toLowerCase(Locale.ROOT), d.logicalCpus(),
                    d.kinds()));
        }

        @Override
        public String write(List<CpuidSnapshot> snapshots) {
            return CpuidRText.write(snapshots);
        }

        @Override
        public String unrecognised() {
            return CpuidDumps.UNRECOGNISED + "; an Intel Mac's sysctl listing ('machdep.cpu.features: ...',"
                    + " 'hw.optional.avx2_0: 1'); Sysinternals Coreinfo's output ('Intel64 Family 6 Model 158 Stepping 13,"
                    + " GenuineIntel' and 'SSE2  *  Supports ...' lines)";
        }
    }
}
