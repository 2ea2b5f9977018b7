package io.cpufeatures.dispatch;

import io.cpufeatures.core.internal.Log;
import io.cpufeatures.core.internal.Once;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.dispatch.jfr.ChoiceRecord;
import io.cpufeatures.dispatch.jfr.DispatchHistory;
import java.lang.invoke.MethodHandles;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * A routine with several implementations, the best of which is chosen once per process: a name
 * ({@code raid.xor}), a service type, and candidates registered by class, declared in code or found
 * with {@link ServiceLoader}. {@link #selection()} chooses on first use against
 * {@link CpuFeatures#current()}, honouring the overrides of {@link DispatchOverrides}, and caches
 * the result; {@link #choiceFor(CpuFeatures)} asks what another CPU would choose, making nothing.
 * Tools find a point through the {@link DispatchPointProvider} that lists it ({@link DispatchPoints}).
 *
 * <pre>{@code
 * static final DispatchPoint<XorKernel> POINT = DispatchPoint.builder("raid.xor", XorKernel.class)
 *         .candidate(ScalarXor.class)
 *         .candidate(Vector256Xor.class)
 *         .build();
 * static final Dispatched<XorKernel> KERNEL = POINT.dispatched();
 * }</pre>
 *
 * <p>A candidate class is loaded when it is registered, and linked and made only once it is found
 * eligible (see {@link Candidate}): a Vector API candidate on a JVM without
 * {@code --add-modules jdk.incubator.vector} is rejected with the reason, never an error of the point.
 *
 * @param <T> the service type
 */
public final class DispatchPoint<T> {

    /** The log, in a class of its own: this class's initialiser loads nothing of the library's (a short stack). */
    private static final class Logged {
        static final Log LOG = Log.of(DispatchPoint.class);
    }

    private static final Set<String> RESERVED = Set.of("unsafe", "calibrate");
    /** The builder's mark of {@link Builder#serviceLoader()} among its registrations. */
    private static final Object SERVICES = new Object();

    private final String name;
    private final Class<T> type;
    private final List<Candidate<T>> candidates;
    private final boolean calibrated;
    private final Duration warmup;
    private final Duration measure;
    /**
     * What the selection decides with the library's code alone, once: the {@link Eligibility.Assessment} of this
     * process's CPU under its overrides, or the {@link DispatchException} that failed it. Made on a thread of its own
     * (the CPU's probe too, on the way): a first use may come on a short stack, and a class initialiser of the
     * library's that ran out of it there would be failed for the JVM's life.
     */
    private final Once<Object> assessed;
    /**
     * The process-wide outcome once made: a {@link Selection}, or the {@link DispatchException} it failed with. Made
     * on the calling thread ({@link Once}), which makes and self-tests the candidates (the user's code, which may
     * need a lock the caller holds); what it logs is logged once the point's lock is released.
     */
    private final Once<Object> outcome;
    /**
     * What {@link #dispatched()} returns for a selection cut short by a {@link VirtualMachineError}, made with the
     * point: where it is returned, the stack may have no room to make anything.
     */
    private final Dispatched<T> cutShort;

    private DispatchPoint(Builder<T> b) {
        this.name = b.name;
        this.type = b.type;
        this.candidates = List.copyOf(b.candidates);
        this.calibrated = b.calibrated;
        this.warmup = b.warmup;
        this.measure = b.measure;
        this.cutShort = Dispatched.retrying(this);
        this.assessed = Once.onThreadOfItsOwn(new Assess(), "cpufeatures-first-use");
        this.outcome = new Once<>(new Select());
    }

    /** The first selection. A class, not a lambda: no lambda is spun on a first use. */
    private final class Select implements java.util.function.Supplier<Object> {
        @Override
        public Object get() {
            return select();
        }
    }

    /** What the selection decides with the library's code alone. A class, not a lambda. */
    private final class Assess implements java.util.function.Supplier<Object> {
        @Override
        public Object get() {
            try {
                DispatchOverrides overrides = DispatchOverrides.current();
                Object a = Instantiation.assess(description(), CpuFeatures.current(), overrides, overrides.simulate());
                Instantiation.ready();
                return a;
            } catch (DispatchException e) {
                return e;
            } catch (RuntimeException e) {
                Once.rethrowIfMomentary(e);
                return new DispatchException(name + ": cannot select: " + e.getMessage(), e);
            }
        }
    }

    /**
     * A builder for the point {@code name} of service type {@code type}.
     *
     * @param <T>  the service type
     * @param name the point's name, unique on the class path, e.g. {@code raid.xor}; not null
     * @param type the service type every candidate implements; not null
     * @return a builder with no candidates, calibration off
     * @throws IllegalArgumentException for a name that is not lower-case words joined by {@code .},
     *                                  {@code _} or {@code -}, or is reserved ({@code unsafe}, {@code calibrate})
     */
    public static <T> Builder<T> builder(String name, Class<T> type) {
        return new Builder<>(name, type);
    }

    /** {@return the point's name, e.g. {@code raid.xor}: what overrides and tools name it by} */
    public String name() {
        return name;
    }

    /** {@return the service type every candidate implements} */
    public Class<T> type() {
        return type;
    }

    /** {@return the candidates, in registration order; immutable} */
    public List<Candidate<T>> candidates() {
        return candidates;
    }

    /** {@return the candidates' names, in registration order} */
    public List<String> candidateNames() {
        List<String> names = new ArrayList<>(candidates.size());
        for (Candidate<T> c : candidates) {
            names.add(c.name());
        }
        return List.copyOf(names);
    }

    /**
     * {@return whether the point asked for calibration itself ({@link Builder#calibrate(boolean)}), whatever
     * the overrides say}
     */
    public boolean calibrated() {
        return calibrated;
    }

    /** {@return what the point is, without its state: what the choice and the instantiation take} */
    PointDescription<T> description() {
        return new PointDescription<>(name, candidates, calibrated, warmup, measure);
    }

    /**
     * The process-wide choice, made once on first call (many threads at once still select once)
     * against {@link CpuFeatures#current()} with the overrides of this process. What the library decides alone (the
     * probe, the requirements' bits, the overrides) is decided on a thread of 1 MiB of stack while the caller waits
     * (the caller's stack may be short); the candidates are made and self-tested on the calling thread (their code
     * may need a lock the caller holds). What the selection logs is logged on the caller's thread once nothing of the
     * point's is held, so a first use inside a logging appender never waits on it. Where {@code current()} answers for a dump ({@code cpufeatures.cpuid.file}), only
     * candidates this CPU runs too are chosen, one WARN line saying where that changes the choice; with
     * {@code cpufeatures.dispatch.simulate=true} Java candidates are chosen for the dump alone, native variants
     * never ({@link DispatchOverrides}).
     *
     * @return the selection: the chosen candidate, its instance (made and self-tested) and the explanation
     * @throws DispatchException   if no candidate can run, an override is invalid or cannot be honoured,
     *                             or the CPU report cannot be had (its configuration error is the cause);
     *                             every later call throws the same again, without selecting again
     * @throws VirtualMachineError if selecting ran out of stack or memory: this call's failure only,
     *                             nothing is kept, and the next call selects again
     */
    @SuppressWarnings("unchecked")
    public Selection<T> selection() {
        Object o = outcome.get();
        if (o instanceof DispatchException e) {
            throw e.again();
        }
        return (Selection<T>) o;
    }

    /**
     * The process-wide selection, or the exception it failed with (any failure is a DispatchException), kept in the
     * process's history for the flight recorder ({@link DispatchHistory}: its event is recorded only if a recording
     * may exist).
     */
    @SuppressWarnings("unchecked")
    private Object select() {
        long start = System.nanoTime();
        Object outcome;
        try {
            Object a = assessed.get();
            if (a instanceof DispatchException e) {
                throw e;
            }
            DispatchOverrides overrides = DispatchOverrides.current();
            if (overrides.mentionsPoints()) {
                DispatchPoints.logUnknownOverrides(overrides, this);
            }
            outcome = Instantiation.select(description(), (Eligibility.Assessment<T>) a, overrides);
        } catch (DispatchException e) {
            outcome = e;
        } catch (RuntimeException e) {
            Once.rethrowIfMomentary(e);
            outcome = new DispatchException(name + ": cannot select: " + e.getMessage(), e);
        }
        long nanos = System.nanoTime() - start;
        long now = System.currentTimeMillis();
        if (outcome instanceof Selection<?> s) {
            DispatchHistory.chosen(new ChoiceRecord(name, s, null, s.how(), "", nanos, now));
        } else {
            DispatchException e = (DispatchException) outcome;
            DispatchHistory.chosen(new ChoiceRecord(name, null, e, ChoiceRecord.FAILED,
                    firstLine(String.valueOf(e.getMessage())), nanos, now));
        }
        return outcome;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /**
     * The process-wide choice's implementation: {@code selection().instance()}.
     *
     * @return the chosen implementation, the same instance on every call
     * @throws DispatchException as {@link #selection()}
     */
    public T get() {
        return selection().instance();
    }

    /**
     * The process-wide choice, or its failure, in a holder that never throws: what a
     * {@code static final} field holds, so that a failed selection is the same {@link DispatchException}
     * on every call of {@link Dispatched#get()} wherever the field is read, never an
     * {@code ExceptionInInitializerError} followed by {@code NoClassDefFoundError}s.
     *
     * <pre>{@code
     * private static final Dispatched<XorKernel> KERNEL = POINT.dispatched();
     * static void xor(...) { KERNEL.get().gen(...); }
     * }</pre>
     *
     * <p>A selection cut short by a {@link VirtualMachineError} (the first use came on a thread with
     * little stack left, or memory was short) is not kept: the holder then selects again on its next
     * {@code get()}, so a later call on a healthy thread answers.
     *
     * @return the holder of the chosen implementation, or of the selection's failure
     */
    public Dispatched<T> dispatched() {
        try {
            return Dispatched.of(selection());
        } catch (DispatchException e) {
            return Dispatched.failed(name, e);
        } catch (VirtualMachineError e) {
            // A holder's initialiser must not fail: the class would be failed for the JVM's life.
            return cutShort;
        }
    }

    /**
     * What a CPU with {@code features} would choose (a dump, an emulated CPU, this one with features
     * removed), with no overrides and without touching the process-wide choice. A pure function:
     * nothing is made, self-tested or measured, so the choice follows requirements and priority only.
     *
     * @param features the CPU to choose for; not null
     * @return the candidate that would be chosen, with every candidate's status and reasons
     * @throws DispatchException if no candidate could run there
     */
    public Choice choiceFor(CpuFeatures features) {
        return choiceFor(features, DispatchOverrides.none());
    }

    /**
     * As {@link #choiceFor(CpuFeatures)}, under explicit overrides.
     *
     * @param features  the CPU to choose for; not null
     * @param overrides the overrides to honour instead of this process's; not null
     * @return the candidate that would be chosen, with every candidate's status and reasons
     * @throws DispatchException if no candidate could run there, or an override cannot be honoured
     */
    public Choice choiceFor(CpuFeatures features, DispatchOverrides overrides) {
        return Eligibility.choose(description(), Objects.requireNonNull(features, "features"),
                Objects.requireNonNull(overrides, "overrides"));
    }

    /**
     * For tests: a fresh selection on this machine with these features and overrides, making,
     * self-testing and calibrating as the process-wide one does, without touching it. {@code features}
     * must describe this machine (this one with features removed, say): the chosen candidate's code runs here. Java
     * candidates are chosen for {@code features} alone; a native variant only where this machine runs it too.
     *
     * @param features  this machine's features, possibly with some removed; not null
     * @param overrides the overrides to honour instead of this process's; not null
     * @return a new selection, with a new instance of the chosen candidate
     * @throws DispatchException as {@link #selection()}
     */
    public Selection<T> selectForTest(CpuFeatures features, DispatchOverrides overrides) {
        return Instantiation.select(description(), Objects.requireNonNull(features, "features"),
                Objects.requireNonNull(overrides, "overrides"), true);
    }

    @Override
    public String toString() {
        return "DispatchPoint[" + name + ", " + type.getName() + ", candidates " + candidateNames() + "]";
    }

    /**
     * Collects candidates and builds the point.
     *
     * @param <T> the service type
     */
    public static final class Builder<T> {

        private final String name;
        private final Class<T> type;
        /**
         * What was registered, in order: a {@link Candidate}, a candidate's {@link Class} or {@link #SERVICES}. A class
         * is read (annotations, names resolved against the architecture modules) by {@link #build()}, on a thread of
         * its own: a point is built in a class initialiser, which may run on a short stack.
         */
        private final List<Object> registered = new ArrayList<>();
        private List<Candidate<T>> candidates;
        private MethodHandles.Lookup lookup;
        private boolean calibrated;
        private Duration warmup = Calibrator.DEFAULT_WARMUP;
        private Duration measure = Calibrator.DEFAULT_MEASURE;

        private Builder(String name, Class<T> type) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
            if (!Names.valid(name) || RESERVED.contains(name)) {
                throw new IllegalArgumentException("dispatch point name '" + name + "' must be lower-case words joined by"
                        + " '.', '_' or '-', and not one of " + RESERVED);
            }
            this.name = name;
            this.type = Objects.requireNonNull(type, "type");
        }

        /**
         * Adds a candidate.
         *
         * @param candidate the candidate, declared by class or in code; not null
         * @return this builder
         */
        public Builder<T> candidate(Candidate<T> candidate) {
            registered.add(Objects.requireNonNull(candidate, "candidate"));
            return this;
        }

        /**
         * Adds candidates, e.g. a native library's variants ({@link NativeVariants#candidates}).
         *
         * @param more the candidates, in any order (priority ranks them); not null, none null
         * @return this builder
         */
        public Builder<T> candidates(List<Candidate<T>> more) {
            for (Candidate<T> c : Objects.requireNonNull(more, "candidates")) {
                candidate(c);
            }
            return this;
        }

        /**
         * Adds the candidate declared by {@code implementation}'s {@link Implementation} and
         * {@link RequiresFeature} annotations, made by its constructor without parameters once it is
         * eligible. The class is loaded, but not linked: nothing it uses (the Vector API) is needed
         * before it is chosen, and a failure then rejects it with the reason. Its annotations are read by
         * {@link #build()}.
         *
         * @param implementation the candidate's class, annotated with {@link Implementation}; not null
         * @return this builder
         * @throws IllegalArgumentException if it does not implement the service type, or is abstract
         */
        public Builder<T> candidate(Class<? extends T> implementation) {
            Objects.requireNonNull(implementation, "implementation");
            if (!type.isAssignableFrom(implementation)) {
                throw new IllegalArgumentException("dispatch point " + name + ": candidate " + implementation.getName()
                        + " is not a " + type.getName());
            }
            if (implementation.isInterface() || java.lang.reflect.Modifier.isAbstract(implementation.getModifiers())) {
                throw new IllegalArgumentException(implementation.getName() + " is " + (implementation.isInterface()
                        ? "an interface" : "abstract") + "; a candidate is a class that can be made");
            }
            registered.add(implementation);
            return this;
        }

        /**
         * Makes the candidates registered by class with {@code lookup}'s access, which a library on the
         * module path gives when its candidate classes are not public in an exported package, nor their
         * package open to this module: {@code .lookup(MethodHandles.lookup())}. Without it they are made
         * by reflection, which on the class path needs nothing.
         *
         * @param callerLookup the library's own lookup, with access to its candidate classes; not null
         * @return this builder
         */
        public Builder<T> lookup(MethodHandles.Lookup callerLookup) {
            this.lookup = Objects.requireNonNull(callerLookup, "lookup");
            return this;
        }

        /**
         * Adds every implementation of the service type listed for {@link ServiceLoader}, declared by its
         * annotations and made by ServiceLoader once eligible. ServiceLoader links each provider class to
         * find its constructor: one that cannot be linked (a Vector API class on a JVM without the module)
         * is left out with a WARN line naming it; register such classes with {@link #candidate(Class)}. The
         * providers are found and read by {@link #build()}.
         *
         * @return this builder
         */
        public Builder<T> serviceLoader() {
            registered.add(SERVICES);
            return this;
        }

        /** The providers of the service type listed for {@link ServiceLoader}, as candidates. */
        private void addServices(List<Candidate<T>> out) {
            // A named module may load only the services it uses; the service type is the caller's.
            Module ours = DispatchPoint.class.getModule();
            if (ours.isNamed() && !ours.canUse(type)) {
                ours.addUses(type);
            }
            Iterator<ServiceLoader.Provider<T>> it = ServiceLoader.load(type, type.getClassLoader()).stream().iterator();
            while (true) {
                ServiceLoader.Provider<T> p;
                try {
                    if (!it.hasNext()) {
                        break;
                    }
                    p = it.next();
                } catch (ServiceConfigurationError | LinkageError e) {
                    Once.rethrowIfMomentary(e);
                    Logged.LOG.warn("dispatch point {}: a {} listed for ServiceLoader is left out: {}", name, type.getName(),
                            Construction.describe(e));
                    continue;
                }
                out.add(Candidate.declared(p.type(), () -> {
                    try {
                        return p.get();
                    } catch (ServiceConfigurationError e) {
                        if (e.getCause() instanceof RuntimeException r) {
                            throw r;
                        }
                        if (e.getCause() instanceof Error err) {
                            throw err;
                        }
                        throw new IllegalStateException(e.getMessage(), e);
                    }
                }));
            }
        }

        /**
         * Calibrates among the eligible candidates at selection (off by default).
         *
         * @param on whether to measure the eligible candidates and take the fastest, rather than the
         *           highest priority
         * @return this builder
         */
        public Builder<T> calibrate(boolean on) {
            this.calibrated = on;
            return this;
        }

        /**
         * The warm-up and measuring time of each calibrated candidate (default 10 ms and 25 ms).
         *
         * @param warmupTime  how long each candidate runs before it is measured; not null
         * @param measureTime the length of one measuring window; a candidate takes 5 to 11 of them; not null
         * @return this builder
         * @see Calibrator#measure(Calibratable, Duration, Duration)
         */
        public Builder<T> calibration(Duration warmupTime, Duration measureTime) {
            this.warmup = Objects.requireNonNull(warmupTime);
            this.measure = Objects.requireNonNull(measureTime);
            return this;
        }

        /**
         * Builds the point. Tools and override checks find it through the {@link DispatchPointProvider}
         * that lists it; nothing is registered here.
         *
         * @return the point; nothing is selected until it is first asked
         * <p>The candidates registered by class, and ServiceLoader's, are read here, on the calling thread.
         *
         * @throws IllegalArgumentException if two candidates share a name, or there is none; if a candidate class
         *                                  has no {@link Implementation}, or its class file cannot be read as its own
         *                                  ({@link Candidate#of(Class)}); if a ServiceLoader provider has none, or
         *                                  is abstract
         * @throws io.cpufeatures.core.UnknownFeatureException for an unknown feature name in a candidate's annotations
         */
        public DispatchPoint<T> build() {
            candidates = new Read().get();
            if (candidates.isEmpty()) {
                throw new IllegalArgumentException("dispatch point " + name + " has no candidate");
            }
            Set<String> seen = new HashSet<>();
            for (Candidate<T> c : candidates) {
                if (!seen.add(c.name())) {
                    throw new IllegalArgumentException("dispatch point " + name + ": two candidates are named '" + c.name()
                            + "' (" + candidates.stream().filter(x -> x.name().equals(c.name()))
                            .map(x -> x.type().map(Class::getName).orElse("declared in code")).toList() + ")");
                }
            }
            if (lookup != null) {
                candidates.replaceAll(c -> c.withLookup(lookup));
            }
            return new DispatchPoint<>(this);
        }

        /**
         * Reads what was registered into candidates, on the maker thread: annotations, names resolved against the
         * architecture modules, ServiceLoader's providers. A class, not a lambda: made on the caller's stack.
         */
        private final class Read implements java.util.function.Supplier<List<Candidate<T>>> {
            @Override
            @SuppressWarnings("unchecked")
            public List<Candidate<T>> get() {
                List<Candidate<T>> out = new ArrayList<>();
                for (Object r : registered) {
                    if (r == SERVICES) {
                        addServices(out);
                    } else if (r instanceof Class<?> c) {
                        out.add(Candidate.<T>of((Class<? extends T>) c));
                    } else {
                        out.add((Candidate<T>) r);
                    }
                }
                return out;
            }
        }
    }
}
