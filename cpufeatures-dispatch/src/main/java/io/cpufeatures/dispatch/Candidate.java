package io.cpufeatures.dispatch;

import java.lang.invoke.MethodHandles;
import java.lang.reflect.Modifier;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One implementation of a dispatch point: its name, description, priority, requirements and how it
 * is made. Nothing is made before the candidate is found eligible, and nothing about the machine or
 * the JVM can make registering one fail.
 *
 * <p>A candidate registered by class ({@link #of(Class)}) is declared by the class's annotations and
 * made by its constructor without parameters. The class is loaded when it is registered (reading
 * annotations loads a class) but neither linked nor initialised: linking verifies its code, which for
 * Vector API code loads {@code jdk.incubator.vector} classes, so it happens only once the candidate is
 * eligible, and an error then ({@code NoClassDefFoundError} on a JVM without the module, an
 * {@code ExceptionInInitializerError}) rejects the candidate with the reason instead of failing the
 * point. Checked on JDK 17 and 25 without {@code --add-modules jdk.incubator.vector}: loading such a
 * class and reading its annotations succeeds; its constructor, or a method reference to it, throws.
 * That is why there is no way to register a class with a factory: {@code Impl::new} links {@code Impl}
 * where the expression is evaluated, in the point's static initialiser.
 *
 * @param <T> the point's service type
 */
public final class Candidate<T> {


    private final String name;
    private final String description;
    private final int priority;
    private final boolean bestWhenEligible;
    private final Requirements requirements;
    /** The factory of a candidate declared in code or listed for ServiceLoader; null for one made by its constructor. */
    private final Supplier<? extends T> factory;
    private final Optional<Class<?>> type;
    /** For a candidate made by its constructor: the lookup that finds it, or null for reflection. */
    private final MethodHandles.Lookup lookup;
    private final Optional<NativeVariant> nativeVariant;

    private Candidate(String name, String description, int priority, boolean bestWhenEligible, Requirements requirements,
            Supplier<? extends T> factory, Optional<Class<?>> type, MethodHandles.Lookup lookup) {
        this(name, description, priority, bestWhenEligible, requirements, factory, type, lookup, Optional.empty());
    }

    private Candidate(String name, String description, int priority, boolean bestWhenEligible, Requirements requirements,
            Supplier<? extends T> factory, Optional<Class<?>> type, MethodHandles.Lookup lookup,
            Optional<NativeVariant> nativeVariant) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(requirements, "requirements");
        if (!Names.valid(name)) {
            throw new IllegalArgumentException("candidate name '" + name + "'" + type.map(t -> " of " + t.getName()).orElse("")
                    + " must be lower case letters and digits, separated by '.', '_' or '-'");
        }
        this.name = name;
        this.description = Objects.requireNonNull(description, "description");
        this.priority = priority;
        this.bestWhenEligible = bestWhenEligible;
        this.requirements = Objects.requireNonNull(requirements, "requirements");
        this.factory = factory;
        this.type = type;
        this.lookup = lookup;
        this.nativeVariant = nativeVariant;
    }

    /**
     * The candidate declared by {@code implementation}'s {@link Implementation} and
     * {@link RequiresFeature} annotations, made by its constructor without parameters once it is
     * eligible. The class is loaded, not linked nor initialised: registering a Vector API class on a
     * JVM without {@code jdk.incubator.vector} succeeds, and the candidate is rejected with the reason.
     *
     * <p>The annotations are read from the class file of the class that was defined, never by reflection (no
     * annotation proxy is made): the file in the code source the class was defined from, which must name the same
     * class, super class, interfaces and kind. A class that has no such file (a hidden class, one generated or defined
     * from bytes in memory, one defined without a code source location) or whose file is not its own (changed since
     * it was loaded, another class's) is refused; declare it in code with
     * {@link #of(String, String, int, Requirements, Supplier)} instead.
     *
     * @param <T>            the point's service type
     * @param implementation the candidate's class; not null
     * @return the candidate, named, described and ranked by its {@link Implementation}
     * @throws IllegalArgumentException in one line, if {@code implementation} has no {@link Implementation}, or is an
     *                                  interface or abstract, or its class file cannot be read as above, or is
     *                                  malformed (annotation values nested more than 32 deep, say)
     * @throws io.cpufeatures.core.UnknownFeatureException for an unknown feature name in its annotations
     */
    public static <T> Candidate<T> of(Class<? extends T> implementation) {
        return declared(implementation, null);
    }

    /** The candidate declared by {@code type}'s annotations, made by {@code factory}, or by its constructor if null. */
    static <T> Candidate<T> declared(Class<?> type, Supplier<? extends T> factory) {
        Objects.requireNonNull(type, "implementation");
        Declarations.Declared d = Declarations.read(type);
        if (!d.implementation()) {
            throw new IllegalArgumentException(type.getName() + " has no @Implementation(name = ...) annotation;"
                    + " a candidate registered by class is declared by it");
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            throw new IllegalArgumentException(type.getName() + " is " + (type.isInterface() ? "an interface" : "abstract")
                    + "; a candidate is a class that can be made");
        }
        return new Candidate<>(d.name(), d.description(), d.priority(), d.bestWhenEligible(),
                Requirements.declared(d.requires(), type.getName()), factory, Optional.of(type), null);
    }

    /**
     * A candidate declared in code, made by {@code factory} once it is eligible: for an implementation
     * that is no class of its own (a lambda, an instance configured by arguments). To register a class,
     * use {@link #of(Class)}: a method reference {@code Impl::new} here links {@code Impl} when this line
     * runs, which fails for Vector API code on a JVM without {@code jdk.incubator.vector}; a lambda
     * {@code () -> new Impl()} does not.
     *
     * @param <T>          the point's service type
     * @param name         its name within the point: lower-case letters and digits, words joined by
     *                     {@code .}, {@code _} or {@code -}; not null
     * @param description  one line on what it uses; not null
     * @param priority     its rank: higher is tried first
     * @param requirements what it needs, e.g. from {@link Requirements#of(List, List, String)}; not null
     * @param factory      makes an instance, called only once the candidate is eligible; not null
     * @return the candidate
     * @throws IllegalArgumentException if {@code name} is not of that form
     */
    public static <T> Candidate<T> of(String name, String description, int priority, Requirements requirements,
            Supplier<? extends T> factory) {
        return new Candidate<>(name, description, priority, false, requirements, Objects.requireNonNull(factory, "factory"),
                Optional.empty(), null);
    }

    /** A native variant's candidate ({@link NativeVariants#candidates}), made by {@code factory} once chosen. */
    static <T> Candidate<T> nativeVariant(String name, String description, int priority, NativeVariant variant,
            Supplier<? extends T> factory) {
        return new Candidate<>(name, description, priority, false, variant.requirements(), factory, Optional.empty(), null,
                Optional.of(variant));
    }

    /**
     * {@return the same candidate, taken without calibration when eligible (see
     * {@link Implementation#bestWhenEligible()})}
     */
    public Candidate<T> bestWhenEligible() {
        return new Candidate<>(name, description, priority, true, requirements, factory, type, lookup, nativeVariant);
    }

    /**
     * {@return the bundled native library this candidate loads, for one made by {@link NativeVariants}; empty for
     * Java code}
     */
    public Optional<NativeVariant> nativeVariant() {
        return nativeVariant;
    }

    /**
     * Why this candidate can never run on a CPU of {@code architecture}, before its requirements are checked: a
     * native variant built for another architecture, or one known unusable when its manifest was read.
     */
    Optional<String> refusedOn(String architecture) {
        if (nativeVariant.isEmpty()) {
            return Optional.empty();
        }
        NativeVariant v = nativeVariant.get();
        if (!v.architecture().equals(architecture)) {
            return Optional.of("a native library for " + v.platform() + "; this CPU is " + architecture);
        }
        return v.unusable();
    }

    /** The same candidate, made by its constructor found with {@code lookup}; others are returned as they are. */
    Candidate<T> withLookup(MethodHandles.Lookup l) {
        return factory != null || l == null ? this
                : new Candidate<>(name, description, priority, bestWhenEligible, requirements, null, type, l, nativeVariant);
    }

    /** {@return its name within the point, e.g. {@code vector512}} */
    public String name() {
        return name;
    }

    /** {@return one line on what it uses; empty if none was given} */
    public String description() {
        return description;
    }

    /** {@return its rank: higher is tried first} */
    public int priority() {
        return priority;
    }

    /** {@return whether, when eligible, it is taken without calibration} */
    public boolean isBestWhenEligible() {
        return bestWhenEligible;
    }

    /** {@return what it needs, in canonical names} */
    public Requirements requirements() {
        return requirements;
    }

    /** {@return the implementation class, if the candidate was declared by annotations (loaded, perhaps not linked)} */
    public Optional<Class<?>> type() {
        return type;
    }

    /**
     * Makes an instance: runs the factory, or the class's constructor without parameters (linking and
     * initialising the class). A selection calls it only for an eligible candidate, and turns any
     * failure into the candidate's rejection with {@link #whyNotMade(Throwable)}.
     *
     * @return a new instance, or what the factory returned
     * @throws LinkageError          if the class cannot be linked or initialised
     *                               ({@code NoClassDefFoundError} when a module is missing)
     * @throws IllegalStateException if the class has no constructor without parameters, or it cannot be called
     * @throws RuntimeException      what the constructor or factory threw
     */
    @SuppressWarnings("unchecked")
    public T create() {
        if (factory != null) {
            return factory.get();
        }
        return (T) Construction.make(type.orElseThrow(), lookup);
    }

    /**
     * One line on why {@link #create()} failed: the error, and, when it is a class of a module this JVM
     * did not resolve, the option that resolves it ({@code ... (module jdk.incubator.vector is not
     * resolved: start the JVM with --add-modules jdk.incubator.vector)}).
     *
     * @param failure what {@link #create()} threw; not null
     * @return the line
     */
    public static String whyNotMade(Throwable failure) {
        return Construction.describe(Objects.requireNonNull(failure, "failure"));
    }

    @Override
    public String toString() {
        return name + " (priority " + priority + ", " + requirements.summary() + ")";
    }
}
