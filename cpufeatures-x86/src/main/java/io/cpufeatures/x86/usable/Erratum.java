package io.cpufeatures.x86.usable;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.x86.feature.CpuIdentity;
import io.cpufeatures.x86.feature.X86Feature;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * A known defect that makes some CPUID bits untrustworthy on some parts: while {@code applies}
 * holds, the listed features are present but not usable.
 *
 * @param id       a short name ({@code SKL052})
 * @param features the features it makes unusable
 * @param effect   what goes wrong, in one sentence
 * @param citation where it is documented and who else acts on it
 * @param applies  whether it applies to a CPU, given its identity and present features
 */
public record Erratum(String id, Set<X86Feature> features, String effect, String citation,
        BiPredicate<CpuIdentity, Set<X86Feature>> applies) {

    /**
     * Validates and copies the parts.
     *
     * @param id       a short name, e.g. {@code SKL052}; not null
     * @param features the features it makes unusable; not null
     * @param effect   what goes wrong, in one sentence; not null
     * @param citation where it is documented and who else acts on it; not null
     * @param applies  whether it applies to a CPU, given its identity and present features; not null
     */
    public Erratum {
        Objects.requireNonNull(id, "id");
        features = Set.copyOf(features);
        Objects.requireNonNull(effect, "effect");
        Objects.requireNonNull(citation, "citation");
        Objects.requireNonNull(applies, "applies");
    }

    /**
     * Whether it applies to the CPU with this identity and these present features.
     *
     * @param identity the CPU's vendor, family, model and stepping
     * @param present  the features the CPU reports
     * @return whether the listed features are untrustworthy on that CPU
     */
    public boolean appliesTo(CpuIdentity identity, Set<X86Feature> present) {
        return applies.test(identity, present);
    }

    /** {@return the reason it gives a feature it names: {@code SKL052: effect (citation)}, of kind erratum} */
    public Reason reason() {
        return new Reason(ReasonKind.ERRATUM, id + ": " + effect + " (" + citation + ")");
    }
}
