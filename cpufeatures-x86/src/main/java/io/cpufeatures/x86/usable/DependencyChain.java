package io.cpufeatures.x86.usable;

import java.util.Objects;

import io.cpufeatures.x86.feature.X86Feature;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Why a feature fell through its dependencies: the path from it through the first unusable
 * dependency at each step ({@link FeatureDependencies#direct} order), down to the root: the first
 * feature on the way that is not present, or one whose own dependencies are all usable.
 *
 * @param path the features from the one that fell to the root, at least two
 */
public record DependencyChain(List<X86Feature> path) {

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
     * @return the chain down to the first absent feature, or to one whose own dependencies are all usable;
     *         empty if every direct dependency of {@code feature} is usable
     */
    public static java.util.Optional<DependencyChain> of(X86Feature feature, Set<X86Feature> usable,
            Set<X86Feature> present) {
        Objects.requireNonNull(feature, "feature");
        Objects.requireNonNull(usable, "usable");
        Objects.requireNonNull(present, "present");
        List<X86Feature> path = new ArrayList<>();
        path.add(feature);
        X86Feature at = feature;
        X86Feature next;
        while ((next = firstUnusable(at, usable)) != null) {
            path.add(next);
            at = next;
            if (!present.contains(next)) {
                break;
            }
        }
        return path.size() < 2 ? java.util.Optional.empty() : java.util.Optional.of(new DependencyChain(path));
    }

    private static X86Feature firstUnusable(X86Feature f, Set<X86Feature> usable) {
        for (X86Feature d : FeatureDependencies.direct(f)) {
            if (!usable.contains(d)) {
                return d;
            }
        }
        return null;
    }

    /** {@return the feature at the root of the chain} */
    public X86Feature root() {
        return path.get(path.size() - 1);
    }

    /** {@return the first unusable dependency of the feature that fell} */
    public X86Feature first() {
        return path.get(1);
    }

    /** {@return the chain's canonical names joined by arrows: {@code avx512_vbmi2 <- avx512vl <- avx512f <- avx}} */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        for (X86Feature f : path) {
            if (sb.length() > 0) {
                sb.append(" <- ");
            }
            sb.append(f.canonicalName());
        }
        return sb.toString();
    }
}
