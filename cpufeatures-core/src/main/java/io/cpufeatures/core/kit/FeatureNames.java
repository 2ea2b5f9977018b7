package io.cpufeatures.core.kit;

import java.util.List;
import java.util.Objects;

/**
 * The names a feature answers to and the family a report lists it under: what every row of every
 * feature table holds besides where the CPU reports it.
 *
 * @param canonicalName the canonical name: lower case, as the OS prints it where it does ({@code avx2}, {@code sveaes})
 * @param family        the family a report lists it under ({@code AVX-512}, {@code crypto})
 * @param aliases       the other spellings accepted for it, lower case; possibly empty
 */
public record FeatureNames(String canonicalName, String family, List<String> aliases) {

    /**
     * Checks the parts and copies the aliases.
     *
     * @param canonicalName the canonical name; not null
     * @param family        the family; not null
     * @param aliases       the other spellings; not null, none null
     * @throws NullPointerException if a part is null
     */
    public FeatureNames {
        Objects.requireNonNull(canonicalName, "canonicalName");
        Objects.requireNonNull(family, "family");
        aliases = List.copyOf(aliases);
    }

    /**
     * The names of a row as a feature enum's constructor receives them.
     *
     * @param canonicalName the canonical name; not null
     * @param family        the family; not null
     * @param aliases       the other spellings; none null
     * @return the names
     */
    public static FeatureNames of(String canonicalName, String family, String... aliases) {
        return new FeatureNames(canonicalName, family, List.of(aliases));
    }
}
