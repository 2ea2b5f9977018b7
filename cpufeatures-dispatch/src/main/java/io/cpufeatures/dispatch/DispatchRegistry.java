package io.cpufeatures.dispatch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Every dispatch point known to this process: those listed by {@link DispatchPointProvider}s on the
 * class path and those built in code. Used by tools and to reject overrides that name no point.
 */
public final class DispatchRegistry {

    private static final Map<String, DispatchPoint<?>> BUILT = new LinkedHashMap<>();
    private static volatile boolean providersLoaded;

    private DispatchRegistry() {
    }

    static synchronized void register(DispatchPoint<?> point) {
        BUILT.putIfAbsent(point.name(), point);
    }

    /** Every known point, by name, in the order they became known. */
    public static List<DispatchPoint<?>> points() {
        loadProviders();
        synchronized (DispatchRegistry.class) {
            return List.copyOf(BUILT.values());
        }
    }

    /** The point named {@code name}. */
    public static Optional<DispatchPoint<?>> find(String name) {
        loadProviders();
        synchronized (DispatchRegistry.class) {
            return Optional.ofNullable(BUILT.get(name));
        }
    }

    private static void loadProviders() {
        if (providersLoaded) {
            return;
        }
        List<DispatchPoint<?>> found = new ArrayList<>();
        for (DispatchPointProvider p : ServiceLoader.load(DispatchPointProvider.class, DispatchRegistry.class.getClassLoader())) {
            for (DispatchPoint<?> point : p.dispatchPoints()) {
                if (point != null) {
                    found.add(point);
                }
            }
        }
        synchronized (DispatchRegistry.class) {
            found.forEach(point -> BUILT.putIfAbsent(point.name(), point));
            providersLoaded = true;
        }
    }

    /**
     * Checks that every point the overrides name exists.
     *
     * @param current the point being selected, known even if not yet registered
     * @throws DispatchException naming the unknown point and the known ones
     */
    static void validate(DispatchSettings settings, DispatchPoint<?> current) {
        if (settings.mentionedPoints().isEmpty()) {
            return;
        }
        List<DispatchPoint<?>> known = new ArrayList<>(points());
        if (!known.contains(current)) {
            known.add(current);
        }
        for (String mentioned : settings.mentionedPoints()) {
            boolean found = known.stream().anyMatch(p -> mentioned.equals(p.name())
                    || mentioned.equals("env:" + DispatchSettings.envKey(p.name())));
            if (!found) {
                String shown = mentioned.startsWith("env:") ? "CPUFEATURES_DISPATCH_" + mentioned.substring(4)
                        : "cpufeatures.dispatch.* override for '" + mentioned + "'";
                throw new DispatchException("unknown dispatch point in " + shown + "; known points: "
                        + known.stream().map(DispatchPoint::name).sorted().toList(), null);
            }
        }
    }
}
