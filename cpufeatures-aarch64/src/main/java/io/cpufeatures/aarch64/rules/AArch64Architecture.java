package io.cpufeatures.aarch64.rules;

import io.cpufeatures.aarch64.IdRegisterSource;

import io.cpufeatures.aarch64.IdRegister;

import io.cpufeatures.aarch64.table.FieldRule;

import io.cpufeatures.aarch64.AArch64Snapshot;

import io.cpufeatures.aarch64.table.AArch64Feature;

import java.util.function.Predicate;
import java.util.OptionalInt;
import io.cpufeatures.core.kit.VectorLanes;
import java.util.ArrayList;
import io.cpufeatures.core.kit.SnapshotFormat;
import io.cpufeatures.core.kit.Probed;
import io.cpufeatures.core.kit.ProbeSequence;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.aarch64.probe.AArch64Probe;
import io.cpufeatures.aarch64.dump.AArch64DumpFormats;
import io.cpufeatures.aarch64.dump.MacSysctlListing;
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
import io.cpufeatures.core.kit.TableDecoding;
import io.cpufeatures.core.kit.DependencyRule;
import io.cpufeatures.core.kit.FeatureTable;
import io.cpufeatures.core.kit.Vocabularies;
import io.cpufeatures.core.kit.FeatureVocabulary;
import io.cpufeatures.core.kit.HotSpotStart;
import java.util.Collection;
import io.cpufeatures.core.trace.Check;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What AArch64 supplies to the decoding kit: its feature table (presence from the ID-register fields,
 * or the HWCAP standing in for them), its one check of the usable layer (the kernel's HWCAP,
 * {@link HwcapCheck}), its dependency table, and the words of its traces. It has no errata or policy
 * rows yet.
 */
public final class AArch64Architecture implements Architecture<AArch64Feature, AArch64Snapshot, AArch64Snapshot, AArch64DecodedCpu> {

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
                AArch64Snapshot.ARCHITECTURE, AArch64Table.FEATURES, FeatureDependencies.DEPENDENCIES, List.of(HwcapCheck.INSTANCE), List.of(), List.of());
    }

    @Override
    public ArchitectureTables<AArch64Feature, AArch64Snapshot> tables() {
        return Tables.TABLES;
    }

    /**
     * A decoded core names itself when its MIDR_EL1 was read and the table knows the core: a big.LITTLE part's dump
     * lists every logical CPU with its own MIDR, while the HWCAPs are the kernel's system-wide ones.
     */
    @Override
    public boolean namesItsCore(AArch64DecodedCpu info) {
        return info.core().isPresent();
    }

    @Override
    public AArch64DecodedCpu decode(AArch64Snapshot snapshot, Set<AArch64Feature> disabled) {
        return new AArch64DecodedCpu(snapshot, TableDecoding.of(this, snapshot, Presence.of(snapshot), disabled),
                snapshot.midr().flatMap(Cores::of));
    }

    /** The ID-register field and its value, or why the HWCAP (macOS: its sysctl keys) stands in for it. */
    @Override
    public Check presence(AArch64Snapshot s, AArch64Feature f, boolean present) {
        if (s.idSource() == IdRegisterSource.SYSCTL) {
            return new Check("presence", "ID registers not read (" + whyNotRead(s) + "): " + sysctlWord(s, f), present);
        }
        return switch (Presence.basis(f, s)) {
            case ID_REGISTERS -> new Check("ID register", f.idRule().alternatives().stream()
                    .map(r -> fieldText(s, r)).collect(Collectors.joining(", or ")) + (present ? "" : ": not present"), present);
            case HWCAP -> new Check("presence", f.idRule().registers().stream().map(IdRegister::name)
                    .collect(Collectors.joining(", ")) + " not read (" + whyNotRead(s)
                    + "): the kernel's " + f.macro() + " stands for the CPU's, " + (present ? "set" : "clear"), present);
            case KERNEL_ONLY -> new Check("presence", "no ID register describes it: " + f.macro()
                    + (present ? " is set" : " is clear"), present);
        };
    }

    /**
     * The kernel's HWCAP is the usable set: a feature it grants stays usable against a dependency row of
     * ours, GCC's or Rust's whose dependency it withholds (its HWCAP clear) (Cortex-A510 erratum 2658417: Linux hides
     * {@code bf16}, ID_AA64ISAR1_EL1.BF16, and keeps {@code svebf16}, from ID_AA64ZFR0_EL1; {@code
     * arch/arm64/kernel/cpu_errata.c}). Linux's own rows (no SVE or SME hwcap without SVE or SME) and two
     * values of one field stand: the kernel cannot grant past them. Every row stands aside where the source never
     * stated the dependency (a macOS without its sysctl key: SHA-512 granted by {@code armv8_2_sha512} on macOS 11,
     * which has no key for SHA-2 at all). The trace says which row was outranked.
     */
    @Override
    public boolean grantOutranks(AArch64Snapshot s, AArch64Feature f, DependencyRule<AArch64Feature> rule) {
        AArch64Feature needed = rule.dependsOn();
        return s.hasHwcap(f.word(), f.bit()) && !s.hasHwcap(needed.word(), needed.bit())
                && (grantCanOutrank(rule) || !s.states(needed.word(), needed.bit()));
    }

    /**
     * Whether the kernel's grant can outrank {@code rule} at all: every row but Linux's own and two values of one
     * field (the first answer's table is generated with it).
     *
     * @param rule a dependency row; not null
     * @return whether a grant of its feature, with its dependency withheld, stands against it
     */
    public static boolean grantCanOutrank(DependencyRule<AArch64Feature> rule) {
        return rule.origin() != FeatureDependencies.LINUX && rule.origin() != FeatureDependencies.SAME_FIELD;
    }

    /** The HWCAP check (macOS: its sysctl keys): whether the kernel allows it. */
    @Override
    public Check osState(AArch64Snapshot s, AArch64Feature f) {
        boolean allowed = s.hasHwcap(f.word(), f.bit());
        if (s.idSource() == IdRegisterSource.SYSCTL) {
            return new Check("sysctl", sysctlWord(s, f), allowed);
        }
        return new Check("HWCAP", f.hwcapName() + " = " + (allowed ? 1 : 0)
                + (allowed ? ": the kernel allows it" : ": the kernel does not allow it"), allowed);
    }

    /** {@code ID_AA64ZFR0_EL1.SVEver [3:0] = 1, at least 1 (ID_AA64ZFR0_EL1=0x...)}. */
    private static String fieldText(AArch64Snapshot s, FieldRule r) {
        long v = s.register(r.register()).orElse(0);
        return r.position() + " = " + r.value(v) + ", at least " + r.minimum() + (r.signed() ? " (signed; -1 is none)" : "")
                + " (" + r.register() + "=0x" + Long.toHexString(v) + ")";
    }

    /** Why the snapshot has no value for a register. */
    static String whyNotRead(AArch64Snapshot s) {
        return switch (s.idSource()) {
            case MRS -> "absent from the snapshot";
            case REGISTRY -> "not among the registry's CP values";
            case SYSCTL -> "macOS lets no program read them";
            case SYSFS -> "only MIDR_EL1 and REVIDR_EL1 came from sysfs";
            case PROC_CPUINFO -> "only MIDR_EL1 came from /proc/cpuinfo";
            case NONE -> (s.hwcap() & AArch64Snapshot.HWCAP_CPUID) == 0
                    ? "HWCAP_CPUID is clear: the kernel does not emulate MRS of them" : "the source has no ID registers";
        };
    }

    /** The first reason a not-present feature is absent, as a report words it (macOS's in its sysctl keys). */
    @Override
    public String absence(AArch64Snapshot s, AArch64Feature f) {
        if (s.idSource() == IdRegisterSource.SYSCTL) {
            List<String> keys = MacSysctlListing.keysOf(f);
            if (!s.states(f.word(), f.bit())) {
                return "unknown: this listing has no " + keysText(f) + " (a macOS older than the key): not counted"
                        + " present";
            }
            return keys.isEmpty() ? "macOS does not report it (no hw.optional sysctl key names it; ID registers not read)"
                    : "macOS does not report it (" + keysText(f) + " is 0 or absent; ID registers not read)";
        }
        return switch (Presence.basis(f, s)) {
            case ID_REGISTERS -> {
                FieldRule r = f.idRule().alternatives().get(0);
                OptionalLong v = s.register(r.register());
                yield "the CPU does not have it (" + r.position() + " = " + r.value(v.orElse(0)) + ", below "
                        + r.minimum() + ")";
            }
            // On the HWCAP basis the feature's own registers were not read, whatever the source; a kernel-only
            // feature has none, so only a snapshot without ID registers is worth saying.
            case HWCAP -> "the kernel does not report it (" + f.macro() + " is clear; ID registers not read)";
            case KERNEL_ONLY -> "the kernel does not report it (" + f.macro() + " is clear"
                    + (s.idSource() == IdRegisterSource.MRS ? "" : "; ID registers not read") + ")";
        };
    }

    /**
     * What macOS's keys say of {@code f}: {@code hw.optional.arm.FEAT_AES = 1: macOS reports it}, {@code ... = 0: macOS
     * does not report it}, that the listing has none of its keys (unknown), or that macOS has no key for it.
     */
    static String sysctlWord(AArch64Snapshot s, AArch64Feature f) {
        if (MacSysctlListing.keysOf(f).isEmpty()) {
            return "macOS has no sysctl key for " + f.canonicalName() + ": not reported";
        }
        if (!s.states(f.word(), f.bit())) {
            return keysText(f) + " not in the listing (a macOS older than the key): unknown, not counted present";
        }
        return keysText(f) + (s.hasHwcap(f.word(), f.bit()) ? " = 1: macOS reports it" : " = 0: macOS does not report it");
    }

    /** The sysctl keys of {@code f}, as a sentence names them: {@code hw.optional.arm.FEAT_AES}, "no key" when none. */
    static String keysText(AArch64Feature f) {
        List<String> keys = MacSysctlListing.keysOf(f);
        return keys.isEmpty() ? "no sysctl key for " + f.canonicalName() : String.join(" or ", keys);
    }

    /** None: AArch64 has no policy rows. */
    @Override
    public Optional<String> policySubject(AArch64Snapshot cpu) {
        return Optional.empty();
    }

    @Override
    public CpuDescription describe(AArch64DecodedCpu info, int logicalCpus) {
        return AArch64Description.of(info, logicalCpus);
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
     * {@inheritDoc} C2's width on AArch64 ({@code src/hotspot/cpu/aarch64/aarch64.ad}): 256 bytes with {@code UseSVE}
     * above 0, else 16 (NEON), for every lane type, capped by {@code MaxVectorSize}, which the JVM sets from the SVE
     * vector length.
     */
    @Override
    public OptionalInt preferredVectorBits(Map<String, String> flags, int maxVectorSize,
            Predicate<AArch64Feature> runningCpu) {
        OptionalInt sve = VectorLanes.number(flags.get("UseSVE"));
        if (sve.isEmpty()) {
            return OptionalInt.empty();
        }
        int width = Math.min(sve.getAsInt() > 0 ? 256 : 16, maxVectorSize);
        return OptionalInt.of(VectorLanes.preferredBits(width, width, width));
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
