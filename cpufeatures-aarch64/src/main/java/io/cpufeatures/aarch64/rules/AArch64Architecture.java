package io.cpufeatures.aarch64.rules;

import io.cpufeatures.aarch64.AArch64Snapshot;

import io.cpufeatures.aarch64.table.AArch64Feature;

import java.util.function.Predicate;
import java.util.OptionalInt;
import io.cpufeatures.core.jvm.LaneType;
import io.cpufeatures.core.kit.VectorLanes;
import java.util.ArrayList;
import io.cpufeatures.core.kit.SnapshotFormat;
import io.cpufeatures.core.kit.Probed;
import io.cpufeatures.core.kit.ProbeSequence;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.aarch64.probe.AArch64Probe;
import io.cpufeatures.aarch64.dump.AArch64DumpFormats;
import io.cpufeatures.aarch64.table.AArch64Table;
import io.cpufeatures.aarch64.table.Presence;
import io.cpufeatures.aarch64.rules.Cores;
import io.cpufeatures.aarch64.rules.FeatureDependencies;
import io.cpufeatures.aarch64.rules.HwcapCheck;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.internal.Architectures;
import io.cpufeatures.core.internal.KitModule;
import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.kit.Architecture;
import io.cpufeatures.core.kit.ArchitectureTables;
import io.cpufeatures.core.kit.Vocabularies;
import io.cpufeatures.core.kit.FeatureVocabulary;
import io.cpufeatures.core.kit.HotSpotStart;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import io.cpufeatures.aarch64.Midr;
import java.util.Set;

/**
 * What AArch64 supplies to the decoding kit: its feature table (presence from the ID-register fields,
 * or the HWCAP standing in for them), its one check of the usable layer (the kernel's HWCAP,
 * {@link HwcapCheck}), its dependency table, and the words of its traces. It has no errata or policy
 * rows yet.
 */
public final class AArch64Architecture implements Architecture<AArch64Feature, AArch64Snapshot> {

    static final AArch64Architecture INSTANCE = new AArch64Architecture();

    static {
        // the registry loads this class by name for os.arch aarch64 and arm64, and for every architecture's dumps or
        // JVM gates: loading it offers the module, and builds no table (each is a holder, made when first asked)
        Architectures.offer(KitModule.of(INSTANCE));
    }

    /**
     * {@code crypto}: GCC's {@code +crypto} extension, whose {@code /proc/cpuinfo} features are
     * "aes pmull sha1 sha2" ({@code aarch64-option-extensions.def}): the Armv8.0 cryptographic
     * extension that Cortex-A53 and A72 SoCs may or may not include.
     */
    static final Map<String, List<String>> GROUPS = Map.of("crypto", List.of("aes", "pmull", "sha1", "sha2"));

    /** The names, built when first asked (a name question, not the loading of the class). */
    private static final class Names {
        static final FeatureVocabulary VOCABULARY = Vocabularies.of(AArch64Snapshot.ARCHITECTURE, AArch64Table.FEATURES,
                List.of(), GROUPS, AArch64JvmGates.GATES, AArch64JvmGates.byFeature(),
                "aarch64: canonical /proc/cpuinfo names (asimd, atomics, sve2) and their aliases (neon, lse, dotprod)");
    }

    /** The module's instance is {@link #INSTANCE}; public for the module system's service declaration. */
    public AArch64Architecture() {
    }

    /** Built on the first decoding, not when the module only lends its names to the vocabulary. */
    private static final class Tables {
        static final ArchitectureTables<AArch64Feature, AArch64Snapshot> TABLES = new ArchitectureTables<>(
                AArch64Snapshot.ARCHITECTURE, AArch64Table.FEATURES, FeatureDependencies.DEPENDENCIES, HwcapCheck.INSTANCE, List.of(), List.of());
    }

    @Override
    public ArchitectureTables<AArch64Feature, AArch64Snapshot> tables() {
        return Tables.TABLES;
    }

    @Override
    public AArch64DecodedCpu decode(AArch64Snapshot snapshot, Set<AArch64Feature> disabled) {
        Optional<Midr> midr = snapshot.midr();
        return new AArch64DecodedCpu(snapshot, Presence.of(snapshot), disabled,
                midr.isPresent() ? Cores.of(midr.get()) : Optional.empty());
    }

    @Override
    public Class<AArch64Snapshot> snapshotType() {
        return AArch64Snapshot.class;
    }

    @Override
    public Set<String> osArchs() {
        return Set.of("aarch64", "arm64");
    }

    @Override
    public List<JvmGate> jvmGates() {
        return AArch64JvmGates.GATES;
    }

    @Override
    public FeatureVocabulary vocabulary() {
        return Names.VOCABULARY;
    }

    @Override
    public List<CpuDescription.FactKind> facts() {
        return AArch64Description.KINDS;
    }

    @Override
    public SnapshotFormat<AArch64Snapshot> format() {
        return AArch64DumpFormats.ALL;
    }

    @Override
    public Probed<AArch64Snapshot> probe(ProbeMode mode) {
        AArch64Probe probe = AArch64Probe.system();
        ProbeSequence.Result<AArch64Snapshot> r = probe.probe(mode);
        if (r.snapshot().isEmpty()) {
            return Probed.nothing(r.source());
        }
        return probed(probe.kinds(r.snapshot().get(), Runtime.getRuntime().availableProcessors()), r.source());
    }

    /**
     * The core kinds the probe found as the kit takes them: each with its sysfs caches, and for several, the kinds
     * named in the source.
     */
    static Probed<AArch64Snapshot> probed(List<AArch64Probe.Kind> kinds, ProbeSource source) {
        List<Probed.Kind<AArch64Snapshot>> each = new ArrayList<>();
        StringBuilder detail = new StringBuilder(source.detail()).append("; core kinds from sysfs:");
        for (AArch64Probe.Kind k : kinds) {
            each.add(new Probed.Kind<>(k.snapshot(), k.logicalCpus(), k.firstCpu(),
                    kinds.size() == 1 ? Optional.empty() : k.coreKind(), Optional.of(k.caches())));
            detail.append(' ').append(k.coreKind().orElse("?")).append(" x").append(k.logicalCpus());
        }
        return new Probed<>(each, kinds.size() == 1 ? source
                : new ProbeSource(source.kind(), detail.toString(), source.failures(), source.elapsed()));
    }

    @Override
    public List<String> vectorFlags() {
        return List.of("UseSVE");
    }

    /**
     * {@inheritDoc} C2's width on AArch64 ({@code src/hotspot/cpu/aarch64/aarch64.ad},
     * {@code Matcher::vector_width_in_bytes}): 256 bytes with {@code UseSVE} above 0, else 16 (NEON), the same for
     * every lane type, capped by {@code MaxVectorSize}, which the JVM sets from the SVE vector length.
     */
    @Override
    public OptionalInt vectorBits(Map<String, String> flags, int maxVectorSize, LaneType lane,
            Predicate<AArch64Feature> runningCpu) {
        OptionalInt sve = VectorLanes.number(flags.get("UseSVE"));
        if (sve.isEmpty()) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(VectorLanes.bits(lane, Math.min(sve.getAsInt() > 0 ? 256 : 16, maxVectorSize)));
    }

    /**
     * The flags only AArch64's HotSpot defines (src/hotspot/cpu/aarch64/globals_aarch64.hpp), here so that a JVM of
     * another architecture learns them without loading AArch64's rules.
     */
    static final Set<String> OWN_HOTSPOT_FLAGS = Set.of("UseSVE", "UseLSE", "UseCRC32");

    @Override
    public Set<String> ownHotSpotFlags() {
        return OWN_HOTSPOT_FLAGS;
    }

    /** {@inheritDoc} By HotSpot's AArch64 start-up on Linux ({@link HotSpotAArch64Flags}), JDK 17. */
    @Override
    public Optional<Map<String, String>> hotSpotFlags(AArch64Snapshot snapshot, HotSpotStart start,
            Collection<String> names) {
        return HotSpotAArch64Flags.flags(snapshot, start, names);
    }

    @Override
    public Set<AArch64Feature> baseline() {
        return Set.of(AArch64Feature.FP, AArch64Feature.ASIMD);
    }
}
