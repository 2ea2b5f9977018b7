package io.cpufeatures.x86;

import io.cpufeatures.core.CpuCache;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.kit.Architecture;
import io.cpufeatures.core.kit.ArchitectureTables;
import io.cpufeatures.core.kit.TableDecoding;
import io.cpufeatures.core.kit.FeatureTable;
import io.cpufeatures.core.kit.Vocabularies;
import io.cpufeatures.core.kit.FeatureVocabulary;
import io.cpufeatures.core.trace.Check;
import io.cpufeatures.x86.cache.X86Caches;
import io.cpufeatures.x86.feature.PresentFeatures;
import io.cpufeatures.x86.feature.X86Table;
import io.cpufeatures.x86.policy.HypervisorVendors;
import io.cpufeatures.x86.policy.Microarchitectures;
import io.cpufeatures.x86.policy.PolicyRules;
import io.cpufeatures.x86.raw.Hex;
import io.cpufeatures.x86.usable.Errata;
import io.cpufeatures.x86.usable.FeatureDependencies;
import io.cpufeatures.x86.usable.RuleInput;
import io.cpufeatures.x86.usable.StateCheck;
import io.cpufeatures.x86.usable.Xcr0Inference;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What x86 supplies to the decoding kit: its feature table (CPUID bits), its one check of the usable
 * layer (the OS state XCR0 must enable, and AMX's permission: {@link StateCheck}), its dependency,
 * errata and policy tables, and the words of its traces.
 */
final class X86Rules implements Architecture<X86Feature, RuleInput, CpuidSnapshot, X86CpuInfo> {

    static final String ARCHITECTURE = "x86_64";

    static final X86Rules INSTANCE = new X86Rules();

    static final FeatureTable<X86Feature> FEATURES = X86Table.FEATURES;

    static final FeatureVocabulary VOCABULARY = Vocabularies.of(ARCHITECTURE, FEATURES,
            Arrays.stream(PolicyFlag.values()).map(PolicyFlag::canonicalName).toList(), X86Groups.GROUPS, X86JvmGates.GATES,
            X86JvmGates.BY_FEATURE, "canonical /proc/cpuinfo names (avx2, avx512f, pni) and their aliases (sse3, lzcnt, sha)");

    /** Built on the first decoding, not when the module only lends its names to the vocabulary. */
    private static final class Tables {
        static final ArchitectureTables<X86Feature, RuleInput> TABLES = new ArchitectureTables<>(
                ARCHITECTURE, FEATURES, FeatureDependencies.DEPENDENCIES, List.of(StateCheck.CHECK), Errata.table(), PolicyRules.table());
    }

    private X86Rules() {
    }

    @Override
    public ArchitectureTables<X86Feature, RuleInput> tables() {
        return Tables.TABLES;
    }

    @Override
    public X86CpuInfo decode(CpuidSnapshot snapshot, Set<X86Feature> disabled) {
        CpuIdentity identity = CpuIdentity.of(snapshot);
        Set<X86Feature> present = PresentFeatures.of(snapshot);
        RuleInput input = new RuleInput(snapshot, identity, present, Xcr0Inference.of(snapshot));
        TableDecoding<X86Feature, RuleInput> decoded = TableDecoding.of(this, input, present, disabled);
        return new X86CpuInfo(decoded, PsAbiLevel.of(decoded.usable()),
                Microarchitectures.of(identity, !present.contains(X86Feature.HYBRID_CPU) && !present.contains(X86Feature.HYPERVISOR)),
                HypervisorVendors.of(snapshot),
                PresentFeatures.avx10Version(snapshot));
    }

    /** The CPUID bit and the register it was read from. */
    @Override
    public Check presence(RuleInput in, X86Feature f, boolean present) {
        CpuidBit b = f.bit();
        CpuidRegisters r = in.snapshot().read(b.leaf(), b.subleaf());
        boolean bit = r.bit(b.register(), b.bit());
        return new Check("CPUID bit", b + " = " + (bit ? 1 : 0) + " (" + b.register().name().toLowerCase(Locale.ROOT)
                + "=0x" + Hex.of(r.get(b.register()), 8) + ")" + (present ? "" : ": not present")
                + (!present && bit ? " (the leaf is not defined on this CPU)" : ""), present);
    }

    /** The state the OS must have enabled, against what is known of XCR0. */
    @Override
    public Check osState(RuleInput in, X86Feature f) {
        StateCheck state = StateCheck.of(f, in.xcr0());
        return new Check("OS state", state.describe(), state.passes());
    }

    /** The bit is 0, or set in a leaf or subleaf this CPU does not define (so it means nothing). */
    @Override
    public String absence(RuleInput in, X86Feature f) {
        CpuidBit b = f.bit();
        boolean bit = in.snapshot().read(b.leaf(), b.subleaf()).bit(b.register(), b.bit());
        return "the CPU does not report it (" + b + (bit ? " is 1, but the leaf is not defined on this CPU)" : " is 0)");
    }

    @Override
    public Optional<String> policySubject(RuleInput in) {
        CpuIdentity id = in.identity();
        return Optional.of(id.vendorString() + " family 0x" + Integer.toHexString(id.family()) + " model 0x"
                + Integer.toHexString(id.model()));
    }

    @Override
    public CpuDescription describe(X86CpuInfo info, int logicalCpus) {
        return X86Description.of(info, logicalCpus);
    }

    /** The core type of CPUID.0x1A, on a part that sets the hybrid flag (an all-Atom part reports 0x1A too). */
    @Override
    public Optional<String> coreType(X86CpuInfo info) {
        return coreTypeOf(info).map(CoreType::id);
    }

    @Override
    public List<CpuCache> caches(X86CpuInfo info) {
        return X86Caches.of(info.snapshot());
    }

    static Optional<CoreType> coreTypeOf(X86CpuInfo info) {
        return info.present().contains(X86Feature.HYBRID_CPU) ? info.identity().hybridCoreType() : Optional.empty();
    }
}
