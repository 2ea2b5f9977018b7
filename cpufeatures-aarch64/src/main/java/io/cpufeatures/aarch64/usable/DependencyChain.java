package io.cpufeatures.aarch64.usable;

import java.util.Objects;

import io.cpufeatures.aarch64.feature.AArch64Feature;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Why a feature fell through its dependencies: the path from it through the first unusable
 * dependency at each step ({@link FeatureDependencies#direct} order), down to the root: the first
 * feature on the way that is not present, or one whose own dependencies are all usable.
 *
 * @param path the features from the one that fell to the root, at least two
 */
public record DependencyChain(List<AArch64Feature> path) {

    /**
     * Copies the path.
     *
     * @param path the features from the one that fell to the root; at least two; not null
     * @throws IllegalArgumentException if the path has fewer than two features
     */
    public DependencyChain {
        path = List.copyOf(path);
        if (path.size() < 2) {
            throw new IllegalArgumentException("a chain links a feature to at least one dependency");
        }
    }

    /**
     * The chain from {@code feature}, if it has a dependency that is not usable.
     *
     * @param feature the feature that fell; not null
     * @param usable  the usable features; not null
     * @param present the present features; not null
     * @return the chain down to the first feature that is not present, or to one whose own dependencies are all
     *         usable; empty if every direct dependency of {@code feature} is usable
     */
    public static Optional<DependencyChain> of(AArch64Feature feature, Set<AArch64Feature> usable,
            Set<AArch64Feature> present) {
        Objects.requireNonNull(feature, "feature");
        Objects.requireNonNull(usable, "usable");
        Objects.requireNonNull(present, "present");
        List<AArch64Feature> path = new ArrayList<>();
        path.add(feature);
        AArch64Feature at = feature;
        AArch64Feature next;
        while ((next = firstUnusable(at, usable)) != null) {
            path.add(next);
            at = next;
            if (!present.contains(next)) {
                break;
            }
        }
        return path.size() < 2 ? Optional.empty() : Optional.of(new DependencyChain(path));
    }

    private static AArch64Feature firstUnusable(AArch64Feature f, Set<AArch64Feature> usable) {
        for (AArch64Feature d : FeatureDependencies.direct(f)) {
            if (!usable.contains(d)) {
                return d;
            }
        }
        return null;
    }

    /** {@return the feature at the root of the chain: the last of the path} */
    public AArch64Feature root() {
        return path.get(path.size() - 1);
    }

    /** {@return the chain's canonical names joined by arrows: {@code sveaes <- sve2 <- sve}} */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        for (AArch64Feature f : path) {
            if (sb.length() > 0) {
                sb.append(" <- ");
            }
            sb.append(f.canonicalName());
        }
        return sb.toString();
    }
}
