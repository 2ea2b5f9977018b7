package io.cpufeatures.core.kit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An architecture's dependency table and its transitive closure, computed once when the table is
 * built, so the usable layer looks a feature's whole chain up instead of iterating to a fixpoint
 * (clear-only rules reach the same fixpoint in any order, so the closure is exact). A cycle is a
 * mistake in the table (a feature would need itself) and is refused by name.
 *
 * @param <F> the feature enum
 */
public final class DependencyTable<F extends Enum<F> & FeatureRow> {

    private final FeatureTable<F> features;
    private final List<DependencyRule<F>> rows;
    private final Map<F, List<F>> direct;
    private final Map<F, Set<F>> closure;
    /** The same closures as bare enum sets, so the usable layer's subset test is a few word operations. */
    private final Map<F, EnumSet<F>> closureSets;

    private DependencyTable(FeatureTable<F> features, List<DependencyRule<F>> rows) {
        this.features = features;
        this.rows = List.copyOf(rows);
        // one pass over the rows, one over the features: a table is built in a cold JVM, where every loop is interpreted
        F[] all = features.type().getEnumConstants();
        List<List<F>> byOrdinal = new ArrayList<>(all.length);
        for (int i = 0; i < all.length; i++) {
            byOrdinal.add(new ArrayList<>(2));
        }
        for (DependencyRule<F> r : this.rows) {
            List<F> deps = byOrdinal.get(r.feature().ordinal());
            if (!deps.contains(r.dependsOn())) {
                deps.add(r.dependsOn());
            }
        }
        Map<F, List<F>> d = new EnumMap<>(features.type());
        for (F f : features.values()) {
            d.put(f, List.copyOf(byOrdinal.get(f.ordinal())));
        }
        this.direct = Collections.unmodifiableMap(d);
        List<EnumSet<F>> closed = new ArrayList<>(all.length);
        for (int i = 0; i < all.length; i++) {
            closed.add(null);
        }
        Map<F, Set<F>> c = new EnumMap<>(features.type());
        Map<F, EnumSet<F>> sets = new EnumMap<>(features.type());
        for (F f : features.values()) {
            EnumSet<F> reached = close(f, closed, features.noneOf());
            sets.put(f, reached);
            c.put(f, Collections.unmodifiableSet(reached));
        }
        this.closure = Collections.unmodifiableMap(c);
        this.closureSets = sets;
    }

    /**
     * The closure of {@code f}, each feature's worked out once ({@code closed}, by ordinal); {@code onPath} holds the
     * features whose closure is being worked out, to refuse a cycle by name.
     */
    private EnumSet<F> close(F f, List<EnumSet<F>> closed, EnumSet<F> onPath) {
        EnumSet<F> done = closed.get(f.ordinal());
        if (done != null) {
            return done;
        }
        if (!onPath.add(f)) {
            throw new IllegalStateException("dependency cycle through " + f.canonicalName());
        }
        EnumSet<F> reached = features.noneOf();
        for (F dep : direct.get(f)) {
            reached.add(dep);
            reached.addAll(close(dep, closed, onPath));
        }
        onPath.remove(f);
        if (reached.contains(f)) {
            throw new IllegalStateException("dependency cycle through " + f.canonicalName());
        }
        closed.set(f.ordinal(), reached);
        return reached;
    }

    /**
     * The table of {@code rows}, closed.
     *
     * @param <F>      the feature enum
     * @param features the feature table the rows name; not null
     * @param rows     the rows, in table order; not null
     * @return the table
     * @throws IllegalStateException naming a feature on the cycle if the rows have one
     */
    public static <F extends Enum<F> & FeatureRow> DependencyTable<F> of(FeatureTable<F> features,
            List<DependencyRule<F>> rows) {
        return new DependencyTable<>(Objects.requireNonNull(features, "features"), rows);
    }

    /** {@return the feature table the rows name} */
    public FeatureTable<F> features() {
        return features;
    }

    /** {@return every row, in table order; immutable} */
    public List<DependencyRule<F>> rows() {
        return rows;
    }

    /**
     * The features {@code feature} depends on directly, in table order, each once.
     *
     * @param feature the feature; not null
     * @return its direct dependencies; immutable, empty for a feature that depends on none
     */
    public List<F> direct(F feature) {
        return direct.get(Objects.requireNonNull(feature, "feature"));
    }

    /**
     * Every feature {@code feature} depends on, directly or not.
     *
     * @param feature the feature; not null
     * @return its transitive dependencies in table order, not including itself; unmodifiable, empty for none
     */
    public Set<F> closureOf(F feature) {
        return closure.get(Objects.requireNonNull(feature, "feature"));
    }

    /**
     * Whether every feature {@code feature} depends on, directly or not, is in {@code set}.
     *
     * @param feature the feature; not null
     * @param set     the features to look in; not null
     * @return whether its whole closure is in the set
     */
    public boolean closureWithin(F feature, EnumSet<F> set) {
        return set.containsAll(closureSets.get(feature));
    }

    /**
     * Why {@code feature} fell through its dependencies: the path from it through the first dependency
     * that is not usable at each step ({@link #direct} order), down to the root: the first feature on the
     * way that is not present, or one whose own dependencies are all usable.
     *
     * @param feature the feature; not null
     * @param usable  the usable features; not null
     * @param present the present features; not null
     * @return the chain; empty if every direct dependency of {@code feature} is usable
     */
    public Optional<DependencyChain<F>> chain(F feature, Set<F> usable, Set<F> present) {
        Objects.requireNonNull(usable, "usable");
        Objects.requireNonNull(present, "present");
        List<F> path = new ArrayList<>();
        path.add(Objects.requireNonNull(feature, "feature"));
        F at = feature;
        F next;
        while ((next = firstUnusable(at, usable)) != null) {
            path.add(next);
            at = next;
            if (!present.contains(next)) {
                break;
            }
        }
        return path.size() < 2 ? Optional.empty() : Optional.of(new DependencyChain<>(path));
    }

    private F firstUnusable(F f, Set<F> usable) {
        for (F d : direct.get(f)) {
            if (!usable.contains(d)) {
                return d;
            }
        }
        return null;
    }
}
