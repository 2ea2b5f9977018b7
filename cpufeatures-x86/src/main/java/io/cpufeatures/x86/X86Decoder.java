package io.cpufeatures.x86;

import io.cpufeatures.core.kit.DecodedCpu;
import io.cpufeatures.x86.feature.PresentFeatures;
import io.cpufeatures.x86.policy.HypervisorVendors;
import io.cpufeatures.x86.policy.Microarchitectures;
import io.cpufeatures.x86.usable.RuleInput;
import io.cpufeatures.x86.usable.Xcr0Inference;
import java.util.Set;

/**
 * Decodes a CPUID snapshot through the layers raw, present, usable, preferred (the kit's usable layer
 * and policy table with {@link X86Rules}). A pure function: no global state, no I/O, the same answer
 * for the same snapshot.
 */
public final class X86Decoder {

    private X86Decoder() {
    }

    /**
     * Decodes {@code snapshot}.
     *
     * @param snapshot the raw CPUID answers and XCR0 of one logical CPU; not null
     * @return everything the decoder says about that CPU
     */
    public static X86CpuInfo decode(CpuidSnapshot snapshot) {
        return decode(snapshot, Set.of());
    }

    /**
     * Decodes {@code snapshot} with {@code disabled} features removed, as if the CPU lacked them
     * (what depends on them falls too).
     *
     * @param snapshot the raw CPUID answers and XCR0 of one logical CPU; not null
     * @param disabled the features to remove, each reported with the reason "disabled"; not null
     * @return everything the decoder says about that CPU
     */
    public static X86CpuInfo decode(CpuidSnapshot snapshot, Set<X86Feature> disabled) {
        CpuIdentity identity = CpuIdentity.of(snapshot);
        Set<X86Feature> present = PresentFeatures.of(snapshot);
        RuleInput input = new RuleInput(snapshot, identity, present, Xcr0Inference.of(snapshot));
        DecodedCpu<X86Feature, RuleInput> decoded = DecodedCpu.of(X86Rules.INSTANCE, input, present, disabled);
        return new X86CpuInfo(decoded, PsAbiLevel.of(decoded.usable()),
                Microarchitectures.of(identity, !present.contains(X86Feature.HYBRID_CPU) && !present.contains(X86Feature.HYPERVISOR)),
                HypervisorVendors.of(snapshot),
                PresentFeatures.avx10Version(snapshot));
    }
}
