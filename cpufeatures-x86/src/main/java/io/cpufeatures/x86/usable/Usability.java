package io.cpufeatures.x86.usable;

import io.cpufeatures.core.Reason;
import io.cpufeatures.x86.feature.X86Feature;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The usable layer's answer: which present features a program may use, and for every present
 * feature it may not, the reasons, the first being the root one.
 *
 * @param usable  the usable features
 * @param reasons present-but-not-usable features to their reasons (never empty lists)
 */
public record Usability(Set<X86Feature> usable, Map<X86Feature, List<Reason>> reasons) {

    /**
     * Copies the parts into unmodifiable collections.
     *
     * @param usable  the usable features; not null
     * @param reasons present-but-not-usable features to their reasons; not null
     * @throws IllegalArgumentException if a feature is given an empty list of reasons
     */
    public Usability {
        usable = Collections.unmodifiableSet(usable.isEmpty() ? EnumSet.noneOf(X86Feature.class) : EnumSet.copyOf(usable));
        Map<X86Feature, List<Reason>> copy = new EnumMap<>(X86Feature.class);
        reasons.forEach((f, r) -> {
            if (r.isEmpty()) {
                throw new IllegalArgumentException("no reason given for " + f);
            }
            copy.put(f, List.copyOf(r));
        });
        reasons = Collections.unmodifiableMap(copy);
    }
}
