package io.cpufeatures.aarch64.usable;

import io.cpufeatures.aarch64.feature.AArch64Feature;
import io.cpufeatures.core.Reason;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The usable layer's answer: which present features a program may use, and for every present
 * feature it may not, the reasons, the root one first.
 *
 * @param usable  the usable features
 * @param reasons present-but-not-usable features to their reasons (never empty lists)
 */
public record Usability(Set<AArch64Feature> usable, Map<AArch64Feature, List<Reason>> reasons) {

    /**
     * Copies the parts into unmodifiable collections.
     *
     * @param usable  the usable features; not null
     * @param reasons present-but-not-usable features to their reasons, root reason first; not null
     * @throws IllegalArgumentException if a feature is given an empty list of reasons
     */
    public Usability {
        usable = Collections.unmodifiableSet(usable.isEmpty() ? EnumSet.noneOf(AArch64Feature.class) : EnumSet.copyOf(usable));
        Map<AArch64Feature, List<Reason>> copy = new EnumMap<>(AArch64Feature.class);
        reasons.forEach((f, r) -> {
            if (r.isEmpty()) {
                throw new IllegalArgumentException("no reason given for " + f);
            }
            copy.put(f, List.copyOf(r));
        });
        reasons = Collections.unmodifiableMap(copy);
    }
}
