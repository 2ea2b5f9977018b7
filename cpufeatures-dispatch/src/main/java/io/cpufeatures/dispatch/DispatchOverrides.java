package io.cpufeatures.dispatch;

import io.cpufeatures.core.internal.Once;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The dispatch overrides, parsed once into typed values:
 * <ul>
 *   <li>{@code -Dcpufeatures.dispatch.<point>=<candidate>} or {@code CPUFEATURES_DISPATCH_<POINT>}
 *       (the point name upper-cased, {@code .} and {@code -} as {@code _}): override the choice with
 *       that candidate; refused if its requirements fail, unless</li>
 *   <li>{@code -Dcpufeatures.dispatch.unsafe=true} ({@code CPUFEATURES_DISPATCH_UNSAFE}): override it
 *       anyway, logged as a warning;</li>
 *   <li>{@code -Dcpufeatures.dispatch.simulate=true} ({@code CPUFEATURES_DISPATCH_SIMULATE}): the process is a
 *       simulation of the machine whose dump it answers for ({@code cpufeatures.cpuid.file}): its points choose Java
 *       candidates for that machine alone. Without it, a point in such a process chooses only candidates this CPU
 *       runs too; a native variant is chosen only where this CPU runs it, simulation or not;</li>
 *   <li>{@code -Dcpufeatures.dispatch.calibrate=true}, or a comma-separated list of point names
 *       ({@code CPUFEATURES_DISPATCH_CALIBRATE}): calibrate those points (off by default).</li>
 * </ul>
 * A property wins over the environment.
 *
 * @param overrides   the candidates named for points, each with where it was read
 * @param unsafe      whether an override may be taken although its requirements fail
 * @param simulate    whether a process answering for a dump chooses Java candidates for it alone
 * @param calibration which points to calibrate besides those that ask for it themselves
 */
public record DispatchOverrides(List<PointOverride> overrides, boolean unsafe, boolean simulate,
        Calibration calibration) {

    private static final String PREFIX = "cpufeatures.dispatch.";
    private static final String ENV_PREFIX = "CPUFEATURES_DISPATCH_";

    /**
     * Copies the parts.
     *
     * @param overrides   the candidates named for points, a property's before an environment variable's;
     *                    not null
     * @param unsafe      whether an override may be taken although its requirements fail
     * @param simulate    whether a process answering for a dump chooses Java candidates for it alone
     * @param calibration which points to calibrate besides those that ask for it themselves; not null
     */
    public DispatchOverrides {
        overrides = List.copyOf(overrides);
        Objects.requireNonNull(calibration, "calibration");
    }

    /**
     * A point as an override names it: by its name (a property), or by the upper-cased key of an
     * environment variable, which cannot be turned back into a name and is matched against each point's.
     *
     * @param key         the name, or the environment key ({@code RAID_XOR})
     * @param environment whether {@code key} is an environment key
     */
    public record PointKey(String key, boolean environment) {

        /**
         * Validates the parts.
         *
         * @param key         the name, or the environment key; not null
         * @param environment whether {@code key} is an environment key
         */
        public PointKey {
            Objects.requireNonNull(key, "key");
        }

        /**
         * Whether this names the point {@code point}.
         *
         * @param point a point's name, e.g. {@code raid.xor}
         * @return whether the name is the key, or (for an environment key) upper-cases to it with {@code .} and
         *         {@code -} as {@code _}
         */
        public boolean matches(String point) {
            return environment ? key.equals(envKey(point)) : key.equals(point);
        }

        @Override
        public String toString() {
            return environment ? ENV_PREFIX + key : key;
        }
    }

    /**
     * The candidate an override names for a point.
     *
     * @param point     the point it names
     * @param candidate the candidate's name, trimmed; empty when the value was, which the point it names refuses
     *                  when it chooses (and a point not on the class path ignores, as any value)
     * @param source    where it was read ({@code -Dcpufeatures.dispatch.raid.xor}, {@code CPUFEATURES_DISPATCH_RAID_XOR})
     */
    public record PointOverride(PointKey point, String candidate, String source) {

        /**
         * Validates the parts.
         *
         * @param point     the point it names; not null
         * @param candidate the candidate's name; not null
         * @param source    where it was read; not null
         */
        public PointOverride {
            Objects.requireNonNull(point, "point");
            Objects.requireNonNull(candidate, "candidate");
            Objects.requireNonNull(source, "source");
        }

        /** {@code -Dcpufeatures.dispatch.raid.xor=scalar}. */
        @Override
        public String toString() {
            return source + "=" + candidate;
        }
    }

    /** Which points calibrate besides those that ask for it. */
    public sealed interface Calibration permits NoCalibration, AllPoints, SomePoints {

        /**
         * Whether the point {@code point} calibrates.
         *
         * @param point a point's name
         * @return whether these overrides calibrate it
         */
        boolean includes(String point);
    }

    /** No point calibrates unless it asks for it. */
    public record NoCalibration() implements Calibration {
        @Override
        public boolean includes(String point) {
            return false;
        }
    }

    /** Every point calibrates. */
    public record AllPoints() implements Calibration {
        @Override
        public boolean includes(String point) {
            return true;
        }
    }

    /**
     * These points calibrate.
     *
     * @param points the points named
     */
    public record SomePoints(Set<PointKey> points) implements Calibration {

        /**
         * Copies the set.
         *
         * @param points the points named; not null
         */
        public SomePoints {
            points = Set.copyOf(points);
        }

        @Override
        public boolean includes(String point) {
            for (PointKey p : points) {
                if (p.matches(point)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** {@return no overrides: no candidate named, not unsafe, no simulation, no calibration asked} */
    public static DispatchOverrides none() {
        return new DispatchOverrides(List.of(), false, false, new NoCalibration());
    }

    /** The outcome of reading this process's overrides once: the overrides, or the error to rethrow. */
    private record Parsed(DispatchOverrides overrides, DispatchException failure) {
    }

    /** This process's overrides, read on first use ({@link Once}: a failure of the moment is not kept). */
    private static final Once<Parsed> CURRENT = new Once<>(new OfThisProcess());

    /** Reads this process's overrides. A class, not a lambda: this class may initialise on a short stack. */
    private static final class OfThisProcess implements Supplier<Parsed> {
        @Override
        public Parsed get() {
            try {
                return new Parsed(from(System.getProperties(), System.getenv()), null);
            } catch (DispatchException e) {
                return new Parsed(null, e);
            }
        }
    }

    /**
     * The overrides of this process, read from system properties and the environment once, on first use.
     *
     * @return the overrides, the same on every call
     * @throws DispatchException on every call, if one is malformed
     */
    public static DispatchOverrides current() {
        Parsed p = CURRENT.get();
        if (p.failure() != null) {
            throw new DispatchException(p.failure().getMessage());
        }
        return p.overrides();
    }

    /**
     * The overrides given by {@code properties} and {@code environment}. A point's override is kept as
     * written, an empty one too: whether it is valid is that point's question, asked when that point
     * chooses (an empty value is that point's error), so an override of a point this program does not
     * hold never stops the points it does hold, whatever its value.
     *
     * @param properties  the system properties to read ({@code cpufeatures.dispatch.*}); not null
     * @param environment the environment variables to read ({@code CPUFEATURES_DISPATCH_*}); not null
     * @return the overrides
     * @throws DispatchException naming the property or variable, the bad value and what is accepted, for a
     *                           malformed {@code unsafe}, {@code simulate} or {@code calibrate} (settings of every
     *                           point)
     */
    public static DispatchOverrides from(Properties properties, Map<String, String> environment) {
        List<PointOverride> fromProperties = new ArrayList<>();
        List<PointOverride> fromEnvironment = new ArrayList<>();
        Boolean unsafe = null;
        Boolean simulate = null;
        Calibration calibration = null;
        for (String key : sorted(properties.stringPropertyNames())) {
            if (!key.startsWith(PREFIX)) {
                continue;
            }
            String rest = key.substring(PREFIX.length());
            String value = properties.getProperty(key).trim();
            switch (rest) {
                case "unsafe" -> unsafe = bool("-D" + key, value);
                case "simulate" -> simulate = bool("-D" + key, value);
                case "calibrate" -> calibration = calibration("-D" + key, value, false);
                default -> fromProperties.add(new PointOverride(new PointKey(rest, false), value, "-D" + key));
            }
        }
        for (String key : sorted(environment.keySet())) {
            if (!key.startsWith(ENV_PREFIX)) {
                continue;
            }
            String rest = key.substring(ENV_PREFIX.length());
            String value = environment.get(key).trim();
            switch (rest) {
                case "UNSAFE" -> {
                    Boolean b = bool(key, value);
                    unsafe = unsafe == null ? b : unsafe;
                }
                case "SIMULATE" -> {
                    Boolean b = bool(key, value);
                    simulate = simulate == null ? b : simulate;
                }
                case "CALIBRATE" -> {
                    Calibration c = calibration(key, value, true);
                    calibration = calibration == null ? c : calibration;
                }
                default -> fromEnvironment.add(new PointOverride(new PointKey(rest, true), value, key));
            }
        }
        List<PointOverride> all = new ArrayList<>(fromProperties);
        all.addAll(fromEnvironment);
        return new DispatchOverrides(all, unsafe != null && unsafe, simulate != null && simulate,
                calibration == null ? new NoCalibration() : calibration);
    }

    private static List<String> sorted(Set<String> keys) {
        List<String> list = new ArrayList<>(keys);
        Collections.sort(list);
        return list;
    }

    private static boolean bool(String where, String value) {
        if (value.equalsIgnoreCase("true")) {
            return true;
        }
        if (value.equalsIgnoreCase("false")) {
            return false;
        }
        throw new DispatchException(where + ": '" + value + "' is not a boolean; accepted: true, false");
    }

    private static Calibration calibration(String where, String value, boolean environment) {
        if (value.equalsIgnoreCase("true")) {
            return new AllPoints();
        }
        if (value.equalsIgnoreCase("false")) {
            return new NoCalibration();
        }
        Set<PointKey> points = new LinkedHashSet<>();
        int start = 0;
        for (int i = 0; i <= value.length(); i++) {
            if (i == value.length() || value.charAt(i) == ',' || Character.isWhitespace(value.charAt(i))) {
                if (i > start) {
                    String name = value.substring(start, i).toLowerCase(Locale.ROOT);
                    points.add(new PointKey(environment ? envKey(name) : name, environment));
                }
                start = i + 1;
            }
        }
        if (points.isEmpty()) {
            throw new DispatchException(where + " is empty; accepted: true, false, or point names separated by commas");
        }
        return new SomePoints(points);
    }

    /** The environment key for a point: {@code raid.xor} is {@code RAID_XOR}. */
    static String envKey(String point) {
        return point.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /**
     * The override of {@code point}, if any (a property wins over the environment).
     *
     * @param point the point's name, e.g. {@code raid.xor}
     * @return the override naming it; empty if none does
     */
    public Optional<PointOverride> overrideFor(String point) {
        for (PointOverride o : overrides) {
            if (o.point().matches(point)) {
                return Optional.of(o);
            }
        }
        return Optional.empty();
    }

    /**
     * Whether {@code point} is to be calibrated (besides points that ask for it themselves).
     *
     * @param point the point's name, e.g. {@code raid.xor}
     * @return whether the overrides ask for it to be calibrated
     */
    public boolean calibrates(String point) {
        return calibration.includes(point);
    }

    /** {@return whether the overrides name any point: {@link #mentionedPoints()} is not empty} */
    public boolean mentionsPoints() {
        return !overrides.isEmpty() || calibration instanceof SomePoints;
    }

    /** {@return the points the overrides name, as written, in order: overrides, then calibration} */
    public Set<PointKey> mentionedPoints() {
        Set<PointKey> s = new LinkedHashSet<>();
        for (PointOverride o : overrides) {
            s.add(o.point());
        }
        if (calibration instanceof SomePoints some) {
            s.addAll(some.points());
        }
        return s;
    }
}
