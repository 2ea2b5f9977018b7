package io.cpufeatures.x86.rules;

import java.util.List;
import io.cpufeatures.x86.Xcr0State;

import io.cpufeatures.x86.table.PresentFeatures;
import io.cpufeatures.x86.table.X86Feature;

import io.cpufeatures.x86.table.PsAbiLevel;

import io.cpufeatures.x86.PolicyFlag;

import io.cpufeatures.x86.CpuidSnapshot;

import io.cpufeatures.x86.CoreType;
import io.cpufeatures.x86.CpuIdentity;

import io.cpufeatures.core.CpuCache;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.kit.TableDecoding;
import io.cpufeatures.x86.rules.RuleInput;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Everything the decoder says about one x86 CPU, immutable: who it is, what it has (present),
 * what a program may use (usable) and why not where not, and what it should prefer.
 */
public final class X86DecodedCpu extends TableDecoding<X86Feature, RuleInput> {

    /** What is worked out from the decode only when asked: who the CPU is beyond its signature, and its level. */
    private volatile Set<PolicyFlag> policy;
    private volatile PsAbiLevel level;
    private volatile Optional<String> microarchitecture;
    private volatile Optional<String> hypervisor;
    private volatile OptionalInt avx10Version;

    X86DecodedCpu(RuleInput input, Set<X86Feature> disabled) {
        super(X86Architecture.INSTANCE, input, input.present(), disabled);
    }

    /**
     * Decodes {@code snapshot}: a pure function, no global state, no I/O, the same answer for the same snapshot.
     *
     * @param snapshot the raw CPUID answers and XCR0 of one logical CPU; not null
     * @return everything the decoder says about that CPU
     */
    public static X86DecodedCpu of(CpuidSnapshot snapshot) {
        return X86Architecture.INSTANCE.decode(snapshot, Set.of());
    }

    /** {@return the raw snapshot this was decoded from} */
    @Override
    public CpuidSnapshot snapshot() {
        return cpu().snapshot();
    }

    @Override
    protected CpuDescription ownDescription(int logicalCpus) {
        return X86Description.of(this, logicalCpus);
    }

    /** The core type of CPUID.0x1A, on a part that sets the hybrid flag (an all-Atom part reports 0x1A too). */
    @Override
    public Optional<String> coreType() {
        Optional<CoreType> t = hybridCoreType();
        return t.isPresent() ? Optional.of(t.get().id()) : Optional.empty();
    }

    /** The core type of CPUID.0x1A, on a part that sets the hybrid flag. */
    Optional<CoreType> hybridCoreType() {
        return present().contains(X86Feature.HYBRID_CPU) ? identity().hybridCoreType() : Optional.empty();
    }

    @Override
    public List<CpuCache> caches() {
        return X86Caches.of(snapshot());
    }

    /** {@return the snapshot, identity, XCR0 state and level, for {@code CpuFeatures.unwrap}} */
    @Override
    public List<Object> facts() {
        return List.of(snapshot(), identity(), xcr0(), level(), this);
    }

    /** {@return who the CPU is: vendor, brand, family, model, stepping and signature} */
    public CpuIdentity identity() {
        return cpu().identity();
    }

    /** {@return what is known of XCR0 and how} */
    public Xcr0State xcr0() {
        return cpu().xcr0();
    }

    /** {@return the policy flags that apply ({@code prefer_ymm}); unmodifiable} */
    public Set<PolicyFlag> policy() {
        Set<PolicyFlag> p = policy;
        if (p == null) {
            Set<PolicyFlag> flags = EnumSet.noneOf(PolicyFlag.class);
            for (PolicyFlag f : PolicyFlag.values()) {
                if (policyFlags().contains(f.canonicalName())) {
                    flags.add(f);
                }
            }
            policy = p = Collections.unmodifiableSet(flags);
        }
        return p;
    }

    /**
     * Whether the policy flag applies.
     *
     * @param flag the flag
     * @return whether a rule of the policy table sets it for this CPU
     */
    public boolean hasPolicy(PolicyFlag flag) {
        return policy().contains(flag);
    }

    /** {@return the highest x86-64 psABI level all of whose features are usable} */
    public PsAbiLevel level() {
        PsAbiLevel l = level;
        if (l == null) {
            level = l = PsAbiLevel.of(usable());
        }
        return l;
    }

    /** {@return the microarchitecture's name, if the table knows the CPU} */
    public Optional<String> microarchitecture() {
        Optional<String> m = microarchitecture;
        if (m == null) {
            Set<X86Feature> present = present();
            microarchitecture = m = Microarchitectures.of(identity(), !present.contains(X86Feature.HYBRID_CPU)
                    && !present.contains(X86Feature.HYPERVISOR));
        }
        return m;
    }

    /** {@return the hypervisor's name when the hypervisor bit is set} */
    public Optional<String> hypervisor() {
        Optional<String> h = hypervisor;
        if (h == null) {
            hypervisor = h = HypervisorVendors.of(snapshot());
        }
        return h;
    }

    /** {@return the AVX10 version (CPUID.(0x24,0):EBX[7:0]) when AVX10 is present} */
    public OptionalInt avx10Version() {
        OptionalInt v = avx10Version;
        if (v == null) {
            avx10Version = v = PresentFeatures.avx10Version(snapshot());
        }
        return v;
    }

    @Override
    public String toString() {
        return "X86DecodedCpu[" + identity().vendor() + " " + identity().signatureHex() + " "
                + microarchitecture().orElse("?") + ", " + level() + ", " + usable().size() + "/" + present().size()
                + " usable]";
    }
}
