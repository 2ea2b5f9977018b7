package io.cpufeatures.core.kit;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A known defect that makes some feature bits untrustworthy on some parts: while {@code applies} holds,
 * the listed features are present but not usable.
 *
 * @param <F>      the feature enum
 * @param <C>      what the architecture's checks read of one CPU
 * @param id       a short name ({@code SKL052})
 * @param features the features it makes unusable
 * @param effect   what goes wrong, in one sentence
 * @param citation where it is documented and who else acts on it
 * @param applies  whether it applies to a CPU
 */
public record Erratum<F extends Enum<F> & FeatureRow, C>(String id, Set<F> features, String effect, String citation,
        Predicate<C> applies) {

    /**
     * Validates and copies the parts.
     *
     * @param id       a short name, e.g. {@code SKL052}; not null
     * @param features the features it makes unusable; not null, not empty
     * @param effect   what goes wrong, in one sentence; not null
     * @param citation where it is documented and who else acts on it; not null
     * @param applies  whether it applies to a CPU; not null
     * @throws IllegalArgumentException if it names no feature
     */
    public Erratum {
        Objects.requireNonNull(id, "id");
        features = Set.copyOf(features);
        Objects.requireNonNull(effect, "effect");
        Objects.requireNonNull(citation, "citation");
        Objects.requireNonNull(applies, "applies");
        if (features.isEmpty()) {
            throw new IllegalArgumentException(id + " names no feature");
        }
    }

    /**
     * Whether it applies to {@code cpu}.
     *
     * @param cpu what the checks read of the CPU; not null
     * @return whether the listed features are untrustworthy there
     */
    public boolean appliesTo(C cpu) {
        return applies.test(cpu);
    }

    /** {@return the reason it gives a feature it names: {@code SKL052: effect (citation)}, of kind erratum} */
    public Reason reason() {
        return new Reason(ReasonKind.ERRATUM, id + ": " + effect + " (" + citation + ")");
    }
}
