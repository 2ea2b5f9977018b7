package io.cpufeatures.x86;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.kit.DecodedCpu;
import io.cpufeatures.x86.feature.X86Table;
import io.cpufeatures.x86.usable.RuleInput;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Everything the decoder says about one x86 CPU, immutable: who it is, what it has (present),
 * what a program may use (usable) and why not where not, and what it should prefer.
 */
public final class X86CpuInfo {

    private final DecodedCpu<X86Feature, RuleInput> decoded;
    private final Set<PolicyFlag> policy;
    private final PsAbiLevel level;
    private final Optional<String> microarchitecture;
    private final Optional<String> hypervisor;
    private final OptionalInt avx10Version;

    X86CpuInfo(DecodedCpu<X86Feature, RuleInput> decoded, PsAbiLevel level, Optional<String> microarchitecture,
            Optional<String> hypervisor, OptionalInt avx10Version) {
        this.decoded = Objects.requireNonNull(decoded);
        Set<PolicyFlag> flags = EnumSet.noneOf(PolicyFlag.class);
        for (PolicyFlag f : PolicyFlag.values()) {
            if (decoded.policy().contains(f.canonicalName())) {
                flags.add(f);
            }
        }
        this.policy = Collections.unmodifiableSet(flags);
        this.level = Objects.requireNonNull(level);
        this.microarchitecture = Objects.requireNonNull(microarchitecture);
        this.hypervisor = Objects.requireNonNull(hypervisor);
        this.avx10Version = Objects.requireNonNull(avx10Version);
    }

    /** The usable layer's answer, for the kit's view of this CPU. */
    DecodedCpu<X86Feature, RuleInput> decoded() {
        return decoded;
    }

    /** {@return the raw snapshot this was decoded from} */
    public CpuidSnapshot snapshot() {
        return decoded.cpu().snapshot();
    }

    /** {@return who the CPU is: vendor, brand, family, model, stepping and signature} */
    public CpuIdentity identity() {
        return decoded.cpu().identity();
    }

    /** {@return the features whose CPUID bit is set; unmodifiable} */
    public Set<X86Feature> present() {
        return decoded.present();
    }

    /** {@return the features a program may use: present, enabled by the OS, no erratum, dependencies usable} */
    public Set<X86Feature> usable() {
        return decoded.usable();
    }

    /** {@return for each present feature that is not usable, the reasons, root reason first} */
    public Map<X86Feature, List<Reason>> notUsable() {
        return decoded.notUsable();
    }

    /**
     * Whether the feature named {@code name} (canonical or alias) is present; unknown names throw.
     *
     * @param name any accepted spelling of an x86 feature, e.g. {@code sse3}
     * @return whether its CPUID bit is set
     * @throws io.cpufeatures.core.UnknownFeatureException if no module knows the name
     * @throws IllegalArgumentException if it names something other than an x86 feature
     */
    public boolean isPresent(String name) {
        return present().contains(X86Table.FEATURES.require(name, "isPresent"));
    }

    /**
     * Whether the feature named {@code name} (canonical or alias) is usable; unknown names throw.
     *
     * @param name any accepted spelling of an x86 feature, e.g. {@code avx2}
     * @return whether a program may use it
     * @throws io.cpufeatures.core.UnknownFeatureException if no module knows the name
     * @throws IllegalArgumentException if it names something other than an x86 feature
     */
    public boolean isUsable(String name) {
        return usable().contains(X86Table.FEATURES.require(name, "isUsable"));
    }

    /**
     * Whether {@code feature} is usable.
     *
     * @param feature the feature
     * @return whether a program may use it
     */
    public boolean isUsable(X86Feature feature) {
        return usable().contains(feature);
    }

    /**
     * The reasons {@code feature} is not usable; empty when it is usable or not present.
     *
     * @param feature the feature
     * @return the reasons, root reason first
     */
    public List<Reason> reasons(X86Feature feature) {
        return decoded.reasons(feature);
    }

    /** {@return what is known of XCR0 and how} */
    public Xcr0State xcr0() {
        return decoded.cpu().xcr0();
    }

    /** {@return the policy flags that apply ({@code prefer_ymm}); unmodifiable} */
    public Set<PolicyFlag> policy() {
        return policy;
    }

    /**
     * Whether the policy flag applies.
     *
     * @param flag the flag
     * @return whether a rule of the policy table sets it for this CPU
     */
    public boolean hasPolicy(PolicyFlag flag) {
        return policy.contains(flag);
    }

    /** {@return the highest x86-64 psABI level all of whose features are usable} */
    public PsAbiLevel level() {
        return level;
    }

    /** {@return the microarchitecture's name, if the table knows the CPU} */
    public Optional<String> microarchitecture() {
        return microarchitecture;
    }

    /** {@return the hypervisor's name when the hypervisor bit is set} */
    public Optional<String> hypervisor() {
        return hypervisor;
    }

    /** {@return the AVX10 version (CPUID.(0x24,0):EBX[7:0]) when AVX10 is present} */
    public OptionalInt avx10Version() {
        return avx10Version;
    }

    @Override
    public String toString() {
        return "X86CpuInfo[" + identity().vendor() + " " + identity().signatureHex() + " "
                + microarchitecture.orElse("?") + ", " + level + ", " + usable().size() + "/" + present().size()
                + " usable]";
    }
}
