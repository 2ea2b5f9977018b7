package io.cpufeatures.core.kit;

import java.util.List;
import java.util.Objects;

/**
 * The tables of one architecture, as its {@link Architecture} returns them: built once, read by every layer.
 *
 * @param <F>          the feature enum
 * @param <C>          what the checks read of one CPU
 * @param name         the architecture's name as reports and snapshots give it ({@code x86_64})
 * @param features     the feature table
 * @param dependencies the dependency table, closed
 * @param rules        the architecture's own check of the usable layer and the words of its traces
 * @param errata       the errata table, in order; possibly empty
 * @param policies     the policy table, in order; possibly empty
 */
public record ArchitectureTables<F extends Enum<F> & FeatureRow, C>(String name, FeatureTable<F> features,
        DependencyTable<F> dependencies, OwnRules<F, C> rules, List<Erratum<F, C>> errata,
        List<PolicyRule<C>> policies) {

    /**
     * Checks the parts and copies the lists.
     *
     * @param name         the architecture's name; not null
     * @param features     the feature table; not null
     * @param dependencies the dependency table, over {@code features}; not null
     * @param rules        the own check and words; not null
     * @param errata       the errata table; not null
     * @param policies     the policy table; not null
     * @throws NullPointerException     if a part is null
     * @throws IllegalArgumentException if the dependency table is not over the feature table
     */
    public ArchitectureTables {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(features, "features");
        if (Objects.requireNonNull(dependencies, "dependencies").features() != features) {
            throw new IllegalArgumentException(name + ": the dependency table is over another feature table");
        }
        Objects.requireNonNull(rules, "rules");
        errata = List.copyOf(errata);
        policies = List.copyOf(policies);
    }
}
