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
 * {@link CpuFeatures#current()}, honouring the overrides of {@link DispatchSettings}, and caches
 * the result; {@link #selectFor(CpuFeatures)} asks what another CPU would choose, touching nothing.
 *
 * <pre>{@code
 * static final DispatchPoint<XorKernel> POINT = DispatchPoint.builder("raid.xor", XorKernel.class)
 *         .candidate(ScalarXor.class, ScalarXor::new)
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
    private volatile Selection<T> selection;

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
     * @throws DispatchException if no candidate can run, or an override is invalid or cannot be honoured;
     *                           every later call throws it again
     */
    public Selection<T> selection() {
        Selection<T> s = selection;
        if (s == null) {
            synchronized (this) {
                s = selection;
                if (s == null) {
                    DispatchSettings settings = DispatchSettings.fromSystem();
                    DispatchRegistry.validate(settings, this);
                    selection = s = new Selector<>(this, CpuFeatures.current(), settings, false).select();
                }
            }
        }
        return s;
    }

    /** The process-wide choice's implementation: {@code selection().instance()}. */
    public T get() {
        return selection().instance();
    }

    /**
     * What a CPU with {@code features} would choose (a dump, a mask of this one), with no overrides
     * and without touching the process-wide choice. Nothing is made, self-tested or measured: the
     * choice follows requirements and priority only.
     *
     * @throws DispatchException if no candidate could run there
     */
    public Selection<T> selectFor(CpuFeatures features) {
        return selectFor(features, DispatchSettings.none());
    }

    /** As {@link #selectFor(CpuFeatures)}, with explicit overrides (to test them without system properties). */
    public Selection<T> selectFor(CpuFeatures features, DispatchSettings settings) {
        return new Selector<>(this, Objects.requireNonNull(features), Objects.requireNonNull(settings), true).select();
    }

    /** A fresh selection on this machine with these overrides, making and self-testing as the process-wide one does. */
    public Selection<T> selectHere(CpuFeatures features, DispatchSettings settings) {
        return new Selector<>(this, Objects.requireNonNull(features), Objects.requireNonNull(settings), false).select();
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
        private Duration warmup = Selector.defaultWarmup();
        private Duration measure = Selector.defaultMeasure();

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
         * Builds the point and registers it so overrides and tools can find it by name.
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
            DispatchPoint<T> point = new DispatchPoint<>(this);
            DispatchRegistry.register(point);
            return point;
        }
    }
}
