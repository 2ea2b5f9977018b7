package io.cpufeatures.dispatch;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * One implementation of a dispatch point: its name, description, priority, requirements and a
 * factory. The factory runs only for a candidate that is selected (or calibrated), so an
 * implementation using the Vector API is never loaded where {@code jdk.incubator.vector} is not
 * readable.
 *
 * @param <T> the point's service type
 */
public final class Candidate<T> {

    private static final Pattern NAME = Pattern.compile("[a-z0-9]+([._-][a-z0-9]+)*");

    private final String name;
    private final String description;
    private final int priority;
    private final boolean bestWhenEligible;
    private final Requirements requirements;
    private final Supplier<? extends T> factory;
    private final Optional<Class<?>> type;

    private Candidate(String name, String description, int priority, boolean bestWhenEligible, Requirements requirements,
            Supplier<? extends T> factory, Optional<Class<?>> type) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("candidate name '" + name + "' must be lower case letters and digits,"
                    + " separated by '.', '_' or '-'");
        }
        this.name = name;
        this.description = Objects.requireNonNull(description, "description");
        this.priority = priority;
        this.bestWhenEligible = bestWhenEligible;
        this.requirements = Objects.requireNonNull(requirements, "requirements");
        this.factory = Objects.requireNonNull(factory, "factory");
        this.type = type;
    }

    /**
     * The candidate declared by {@code type}'s {@link Implementation} and {@link RequiresFeature}
     * annotations, made by {@code factory}. Reading the annotations loads {@code type} but does not
     * initialise it.
     *
     * @throws IllegalArgumentException if {@code type} has no {@link Implementation}
     * @throws io.cpufeatures.core.UnknownFeatureException for an unknown feature name
     */
    public static <T> Candidate<T> of(Class<?> type, Supplier<? extends T> factory) {
        Implementation impl = type.getAnnotation(Implementation.class);
        if (impl == null) {
            throw new IllegalArgumentException(type.getName() + " has no @Implementation(name = ...) annotation");
        }
        return new Candidate<>(impl.name(), impl.description(), impl.priority(), impl.bestWhenEligible(), Requirements.of(type),
                factory, Optional.of(type));
    }

    /** A candidate declared in code. */
    public static <T> Candidate<T> of(String name, String description, int priority, Requirements requirements,
            Supplier<? extends T> factory) {
        return new Candidate<>(name, description, priority, false, requirements, factory, Optional.empty());
    }

    /** The same candidate, taken without calibration when eligible (see {@link Implementation#bestWhenEligible()}). */
    public Candidate<T> bestWhenEligible() {
        return new Candidate<>(name, description, priority, true, requirements, factory, type);
    }

    /** Its name within the point. */
    public String name() {
        return name;
    }

    /** One line on what it uses. */
    public String description() {
        return description;
    }

    /** Its rank: higher is tried first. */
    public int priority() {
        return priority;
    }

    /** Whether, when eligible, it is taken without calibration. */
    public boolean isBestWhenEligible() {
        return bestWhenEligible;
    }

    /** What it needs. */
    public Requirements requirements() {
        return requirements;
    }

    /** The implementation class, if the candidate was declared by annotations. */
    public Optional<Class<?>> type() {
        return type;
    }

    /** Makes an instance (runs the factory). */
    public T create() {
        return factory.get();
    }

    @Override
    public String toString() {
        return name + " (priority " + priority + ", " + requirements.summary() + ")";
    }
}
