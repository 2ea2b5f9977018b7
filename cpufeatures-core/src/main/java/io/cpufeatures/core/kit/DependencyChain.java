package io.cpufeatures.core.kit;

import java.util.List;

/**
 * Why a feature fell through its dependencies ({@link DependencyTable#chain}): the path from it to the
 * root of the chain.
 *
 * @param <F>  the feature enum
 * @param path the features from the one that fell to the root, at least two
 */
public record DependencyChain<F extends Enum<F> & FeatureRow>(List<F> path) {

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

    /** {@return the feature at the root of the chain: the last of the path} */
    public F root() {
        return path.get(path.size() - 1);
    }

    /** {@return the chain's canonical names joined by arrows: {@code sveaes <- sve2 <- sve}} */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        for (F f : path) {
            if (sb.length() > 0) {
                sb.append(" <- ");
            }
            sb.append(f.canonicalName());
        }
        return sb.toString();
    }
}
