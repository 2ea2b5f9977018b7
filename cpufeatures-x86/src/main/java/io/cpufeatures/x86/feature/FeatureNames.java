package io.cpufeatures.x86.feature;

import io.cpufeatures.core.NameSuggestions;
import io.cpufeatures.core.UnknownFeatureException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Resolves feature names: canonical names and aliases, case-insensitive, with {@code -} and
 * {@code .} read as {@code _} ({@code AVX512-VNNI}, {@code avx512.vnni} and {@code avx512_vnni} are
 * one feature). An unknown name is an error with the closest valid names, never "not supported".
 */
public final class FeatureNames {

    private static final Map<String, X86Feature> BY_NAME;
    private static final List<String> CANONICAL;

    static {
        Map<String, X86Feature> byName = new HashMap<>();
        List<String> canonical = new ArrayList<>();
        for (X86Feature f : X86Feature.values()) {
            register(byName, f.canonicalName(), f);
            canonical.add(f.canonicalName());
            for (String alias : f.aliases()) {
                register(byName, alias, f);
            }
        }
        BY_NAME = Collections.unmodifiableMap(byName);
        CANONICAL = List.copyOf(canonical);
    }

    private FeatureNames() {
    }

    private static void register(Map<String, X86Feature> byName, String name, X86Feature feature) {
        X86Feature earlier = byName.put(normalise(name), feature);
        if (earlier != null) {
            throw new IllegalStateException("feature name '" + name + "' used by both " + earlier.name()
                    + " and " + feature.name());
        }
    }

    /** The name as it is looked up: trimmed, lower case, {@code -} and {@code .} turned into {@code _}. */
    public static String normalise(String name) {
        return name.trim().toLowerCase(Locale.ROOT).replace('-', '_').replace('.', '_');
    }

    /** The feature named {@code name} (canonical or alias), if there is one. */
    public static Optional<X86Feature> find(String name) {
        return Optional.ofNullable(BY_NAME.get(normalise(name)));
    }

    /**
     * The feature named {@code name}.
     *
     * @param where where the name was read, for the error message (a property, an attribute...)
     * @throws UnknownFeatureException naming the closest valid names when there is no such feature
     */
    public static X86Feature require(String name, String where) {
        X86Feature f = BY_NAME.get(normalise(name));
        if (f == null) {
            throw new UnknownFeatureException(name, where, suggestions(name));
        }
        return f;
    }

    /** The closest canonical names and aliases to {@code name}, nearest first, at most five. */
    public static List<String> suggestions(String name) {
        List<String> all = new ArrayList<>(CANONICAL);
        for (X86Feature f : X86Feature.values()) {
            all.addAll(f.aliases());
        }
        return NameSuggestions.closest(name, all, 5);
    }

    /** Every canonical name, in table order. */
    public static List<String> canonicalNames() {
        return CANONICAL;
    }

    /** Every accepted name, canonical names and aliases, normalised. */
    public static List<String> allNames() {
        return List.copyOf(BY_NAME.keySet());
    }
}
