package io.cpufeatures.dispatch;

import io.cpufeatures.core.internal.Log;
import io.cpufeatures.core.internal.Once;
import java.util.Objects;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Supplier;

/**
 * The dispatch points on the class path: those listed by a {@link DispatchPointProvider}, found with
 * {@link ServiceLoader} once. There is no other registry: a point built in code and listed by no
 * provider is not found here (tools do not see it), and two
 * points with one name are an error naming both.
 */
public final class DispatchPoints {

    private static final Log LOG = Log.of(DispatchPoints.class);

    private DispatchPoints() {
    }

    /** The outcome of loading the providers once: the points, or the error to rethrow. */
    record Loaded(List<DispatchPoint<?>> points, DispatchException failure) {
    }

    /** The points on the class path, found on first use ({@link Once}: a failure of the moment is not kept). */
    private static final Once<Loaded> LOADED = new Once<>(new OnClassPath());

    /** Finds the points. A class, not a lambda: this class may initialise on a short stack. */
    private static final class OnClassPath implements Supplier<Loaded> {
        @Override
        public Loaded get() {
            return load(ServiceLoader.load(DispatchPointProvider.class, DispatchPoints.class.getClassLoader()));
        }
    }

    /** The points {@code providers} list, by name; a failing provider or a name listed twice is the failure. */
    static Loaded load(Iterable<DispatchPointProvider> providers) {
        Map<String, DispatchPoint<?>> byName = new LinkedHashMap<>();
        Map<String, String> listedBy = new LinkedHashMap<>();
        try {
            Iterator<DispatchPointProvider> it = providers.iterator();
            while (it.hasNext()) {
                DispatchPointProvider provider = it.next();
                for (DispatchPoint<?> point : provider.dispatchPoints()) {
                    String by = provider.getClass().getName() + " (" + point.type().getName() + ")";
                    DispatchPoint<?> earlier = byName.putIfAbsent(point.name(), point);
                    if (earlier != null && earlier != point) {
                        return new Loaded(null, new DispatchException("two dispatch points are named '" + point.name()
                                + "': one listed by " + listedBy.get(point.name()) + ", one by " + by
                                + "; a point name must be unique on the class path"));
                    }
                    listedBy.putIfAbsent(point.name(), by);
                }
            }
        } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
            Once.rethrowIfMomentary(e);
            return new Loaded(null, new DispatchException("a dispatch point provider could not be loaded: " + e));
        }
        List<DispatchPoint<?>> points = new ArrayList<>(byName.values());
        points.sort(Comparator.comparing(DispatchPoint::name));
        return new Loaded(List.copyOf(points), null);
    }

    /**
     * Every point the providers on the class path list, by name.
     *
     * @return the points, sorted by name; immutable
     * @throws DispatchException on every call, if a provider cannot be loaded or two points share a name
     */
    public static List<DispatchPoint<?>> onClassPath() {
        Loaded l = LOADED.get();
        if (l.failure() != null) {
            throw new DispatchException(l.failure().getMessage());
        }
        return l.points();
    }

    /**
     * The point named {@code name}, if a provider lists it.
     *
     * @param name the point's name, e.g. {@code raid.xor}; not null
     * @return the point; empty if no provider lists it
     * @throws DispatchException if a provider cannot be loaded or two points share a name
     */
    public static Optional<DispatchPoint<?>> find(String name) {
        Objects.requireNonNull(name, "name");
        return onClassPath().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /**
     * Logs, at DEBUG, each point the overrides name that is not on the class path (nor {@code current},
     * the one being selected): a program holds only some libraries, and an override for a point it
     * lacks (a system-wide {@code CPUFEATURES_DISPATCH_RAID_XOR}, say) must not fail every other point.
     * A typo in a present point's candidate is still an error, when that point selects.
     *
     * @return the points named that are absent, as written
     */
    static List<String> logUnknownOverrides(DispatchOverrides overrides, DispatchPoint<?> current) {
        if (overrides.mentionedPoints().isEmpty()) {
            return List.of();
        }
        List<DispatchPoint<?>> known = new ArrayList<>();
        try {
            known.addAll(onClassPath());
        } catch (DispatchException e) {
            LOG.debug("cpufeatures: the dispatch points on the class path cannot be listed: {}", e.getMessage());
        }
        if (!known.contains(current)) {
            known.add(current);
        }
        List<String> absent = new ArrayList<>();
        for (DispatchOverrides.PointKey mentioned : overrides.mentionedPoints()) {
            if (known.stream().noneMatch(p -> mentioned.matches(p.name()))) {
                absent.add(mentioned.toString());
                LOG.debug("cpufeatures: an override names dispatch point '{}', which is not on the class path;"
                        + " ignored (points here: {})", mentioned, known.stream().map(DispatchPoint::name).sorted().toList());
            }
        }
        return absent;
    }
}
