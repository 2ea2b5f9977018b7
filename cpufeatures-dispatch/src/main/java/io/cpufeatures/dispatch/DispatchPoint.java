package io.cpufeatures.dispatch;

import io.cpufeatures.core.CpuFeatures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * A routine with several implementations, the best of which is chosen once per process: a name
 * ({@code raid.xor}), a service type, and candidates registered in code or found with
 * {@link ServiceLoader}. {@link #selection()} chooses on first use against
 * {@link CpuFeatures#current()}, honouring the overrides of {@link DispatchOverrides}, and caches
 * the result; {@link #choiceFor(CpuFeatures)} asks what another CPU would choose, making nothing.
 * Tools find a point through the {@link DispatchPointProvider} that lists it ({@link DispatchPoints}).
 *
 * <pre>{@code
 * static final DispatchPoint<XorKernel> POINT = DispatchPoint.builder("raid.xor", XorKernel.class)
 *         .candidate(ScalarXor.class, () -> new ScalarXor())
 *         .candidate(Vector256Xor.class, () -> new Vector256Xor())
 *         .build();
 * static final XorKernel KERNEL = POINT.get();
 * }</pre>
 *
 * @param <T> the service type
 */
public final class DispatchPoint<T> {

    private static final Pattern NAME = Pattern.compile("[a-z0-9]+([._-][a-z0-9]+)*");
    private static final Set<String> RESERVED = Set.of("unsafe", "calibrate");

    private final String name;
    private final Class<T> type;
    private final List<Candidate<T>> candidates;
    private final boolean calibrated;
    private final Duration warmup;
    private final Duration measure;
    /** The process-wide outcome once made: a {@link Selection}, or the {@link DispatchException} it failed with. */
    private volatile Object outcome;

    private DispatchPoint(Builder<T> b) {
        this.name = b.name;
        this.type = b.type;
        this.candidates = List.copyOf(b.candidates);
        this.calibrated = b.calibrated;
        this.warmup = b.warmup;
        this.measure = b.measure;
    }

    /**
     * A builder for the point {@code name} of service type {@code type}.
     *
     * @throws IllegalArgumentException for a name that is not lower-case words joined by {@code .},
     *                                  {@code _} or {@code -}, or is reserved ({@code unsafe}, {@code calibrate})
     */
    public static <T> Builder<T> builder(String name, Class<T> type) {
        return new Builder<>(name, type);
    }

    /** The point's name. */
    public String name() {
        return name;
    }

    /** The service type. */
    public Class<T> type() {
        return type;
    }

    /** The candidates, in registration order. */
    public List<Candidate<T>> candidates() {
        return candidates;
    }

    /** The candidates' names, in registration order. */
    public List<String> candidateNames() {
        return candidates.stream().map(Candidate::name).toList();
    }

    /** Whether the point asked for calibration itself. */
    public boolean calibrated() {
        return calibrated;
    }

    Duration calibrationWarmup() {
        return warmup;
    }

    Duration calibrationTime() {
        return measure;
    }

    /**
     * The process-wide choice, made once on first call (many threads at once still select once)
     * against {@link CpuFeatures#current()} with the overrides of this process.
     *
     * @throws DispatchException if no candidate can run, an override is invalid or cannot be honoured,
     *                           or the CPU report cannot be had (its configuration error is the cause);
     *                           every later call throws the same again, without selecting again
     */
    @SuppressWarnings("unchecked")
    public Selection<T> selection() {
        Object o = outcome;
        if (o == null) {
            synchronized (this) {
                o = outcome;
                if (o == null) {
                    outcome = o = select();
                }
            }
        }
        if (o instanceof DispatchException e) {
            throw e.again();
        }
        return (Selection<T>) o;
    }

    /** The process-wide selection, or the exception it failed with (any failure is a DispatchException). */
    private Object select() {
        try {
            DispatchOverrides overrides = DispatchOverrides.current();
            DispatchPoints.logUnknownOverrides(overrides, this);
            return Instantiation.select(this, CpuFeatures.current(), overrides);
        } catch (DispatchException e) {
            return e;
        } catch (RuntimeException e) {
            return new DispatchException(name + ": cannot select: " + e.getMessage(), null, e);
        }
    }

    /**
     * The process-wide choice's implementation: {@code selection().instance()}.
     *
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
     */
    public Dispatched<T> dispatched() {
        try {
            return Dispatched.of(selection());
        } catch (DispatchException e) {
            return Dispatched.failed(name, e);
        }
    }

    /**
     * What a CPU with {@code features} would choose (a dump, an emulated CPU, this one with features
     * removed), with no overrides and without touching the process-wide choice. A pure function:
     * nothing is made, self-tested or measured, so the choice follows requirements and priority only.
     *
     * @throws DispatchException if no candidate could run there
     */
    public Choice choiceFor(CpuFeatures features) {
        return choiceFor(features, DispatchOverrides.none());
    }

    /**
     * As {@link #choiceFor(CpuFeatures)}, under explicit overrides.
     *
     * @throws DispatchException if no candidate could run there, or an override cannot be honoured
     */
    public Choice choiceFor(CpuFeatures features, DispatchOverrides overrides) {
        return Eligibility.choose(this, Objects.requireNonNull(features, "features"),
                Objects.requireNonNull(overrides, "overrides"));
    }

    /**
     * For tests: a fresh selection on this machine with these features and overrides, making,
     * self-testing and calibrating as the process-wide one does, without touching it. {@code features}
     * must describe this machine (this one with features removed, say): the chosen candidate's code runs here.
     *
     * @throws DispatchException as {@link #selection()}
     */
    public Selection<T> selectForTest(CpuFeatures features, DispatchOverrides overrides) {
        return Instantiation.select(this, Objects.requireNonNull(features, "features"),
                Objects.requireNonNull(overrides, "overrides"));
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
        private final List<Candidate<T>> candidates = new ArrayList<>();
        private boolean calibrated;
        private Duration warmup = Calibrator.DEFAULT_WARMUP;
        private Duration measure = Calibrator.DEFAULT_MEASURE;

        private Builder(String name, Class<T> type) {
            if (!NAME.matcher(name).matches() || RESERVED.contains(name)) {
                throw new IllegalArgumentException("dispatch point name '" + name + "' must be lower-case words joined by"
                        + " '.', '_' or '-', and not one of " + RESERVED);
            }
            this.name = name;
            this.type = Objects.requireNonNull(type, "type");
        }

        /** Adds a candidate. */
        public Builder<T> candidate(Candidate<T> candidate) {
            candidates.add(Objects.requireNonNull(candidate, "candidate"));
            return this;
        }

        /**
         * Adds the candidate declared by {@code implementation}'s annotations, made by {@code factory}.
         *
         * @throws io.cpufeatures.core.UnknownFeatureException for an unknown feature name in its annotations
         */
        public Builder<T> candidate(Class<? extends T> implementation, Supplier<? extends T> factory) {
            return candidate(Candidate.of(implementation, factory));
        }

        /** Adds every implementation of the service type listed for {@link ServiceLoader}. */
        public Builder<T> serviceLoader() {
            ServiceLoader.load(type, type.getClassLoader()).stream()
                    .forEach(p -> candidates.add(Candidate.of(p.type(), p::get)));
            return this;
        }

        /** Calibrates among the eligible candidates at selection (off by default). */
        public Builder<T> calibrate(boolean on) {
            this.calibrated = on;
            return this;
        }

        /** The warm-up and measuring time of each calibrated candidate (default 10 ms and 25 ms). */
        public Builder<T> calibration(Duration warmupTime, Duration measureTime) {
            this.warmup = Objects.requireNonNull(warmupTime);
            this.measure = Objects.requireNonNull(measureTime);
            return this;
        }

        /**
         * Builds the point. Tools and override checks find it through the {@link DispatchPointProvider}
         * that lists it; nothing is registered here.
         *
         * @throws IllegalArgumentException if two candidates share a name, or there is none
         */
        public DispatchPoint<T> build() {
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
            return new DispatchPoint<>(this);
        }
    }
}
