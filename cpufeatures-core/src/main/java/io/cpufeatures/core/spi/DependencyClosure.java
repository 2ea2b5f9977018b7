package io.cpufeatures.core.spi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * The transitive closure of an architecture's dependency table, computed once when the table loads,
 * so the usable layer looks a feature's whole chain up instead of iterating to a fixpoint. A cycle
 * is a mistake in the table (a feature would need itself) and is refused by name.
 */
public final class DependencyClosure {

    private DependencyClosure() {
    }

    /**
     * Closes {@code table}: for every constant of {@code type}, everything it needs directly or
     * through other rows.
     *
     * @param <E>       the architecture's feature type
     * @param <R>       the table's row type
     * @param type      the feature enum; not null
     * @param table     the rows, each saying that one feature needs another; not null
     * @param feature   the feature a row is about; not null
     * @param dependsOn what that feature needs, by that row; not null
     * @param name      a feature's name, for the cycle message; not null
     * @return for every feature, the unmodifiable set of all it needs (empty for none); unmodifiable
     * @throws IllegalStateException naming a feature on the cycle if the table has one
     */
    public static <E extends Enum<E>, R> Map<E, Set<E>> of(Class<E> type, List<R> table, Function<R, E> feature,
            Function<R, E> dependsOn, Function<E, String> name) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(feature, "feature");
        Objects.requireNonNull(dependsOn, "dependsOn");
        Objects.requireNonNull(name, "name");
        Map<E, List<E>> direct = new EnumMap<>(type);
        for (R row : table) {
            direct.computeIfAbsent(feature.apply(row), k -> new ArrayList<>()).add(dependsOn.apply(row));
        }
        Map<E, Set<E>> result = new EnumMap<>(type);
        for (E f : type.getEnumConstants()) {
            Set<E> reached = EnumSet.noneOf(type);
            List<E> todo = new ArrayList<>(direct.getOrDefault(f, List.of()));
            while (!todo.isEmpty()) {
                E next = todo.remove(todo.size() - 1);
                if (next == f) {
                    throw new IllegalStateException("dependency cycle through " + name.apply(f));
                }
                if (reached.add(next)) {
                    todo.addAll(direct.getOrDefault(next, List.of()));
                }
            }
            result.put(f, Collections.unmodifiableSet(reached));
        }
        return Collections.unmodifiableMap(result);
    }
}
