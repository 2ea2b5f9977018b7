package io.cpufeatures.dispatch;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * The dispatch overrides:
 * <ul>
 *   <li>{@code -Dcpufeatures.dispatch.<point>=<candidate>} or {@code CPUFEATURES_DISPATCH_<POINT>}
 *       (the point name upper-cased, {@code .} and {@code -} as {@code _}): force a candidate; refused
 *       if its requirements fail, unless</li>
 *   <li>{@code -Dcpufeatures.dispatch.unsafe=true} ({@code CPUFEATURES_DISPATCH_UNSAFE}): force it
 *       anyway, logged as a warning;</li>
 *   <li>{@code -Dcpufeatures.dispatch.calibrate=true}, or a comma-separated list of point names
 *       ({@code CPUFEATURES_DISPATCH_CALIBRATE}): calibrate those points (off by default).</li>
 * </ul>
 * A property wins over the environment.
 *
 * @param forced    point name (or, for environment keys, the upper-cased key) to candidate name, with
 *                  where it was read
 * @param unsafe    whether forcing may override failed requirements
 * @param calibrate "true" for all points, or the point names to calibrate
 */
public record DispatchSettings(Map<String, Forced> forced, boolean unsafe, Set<String> calibrate) {

    private static final String PREFIX = "cpufeatures.dispatch.";
    private static final String ENV_PREFIX = "CPUFEATURES_DISPATCH_";

    /** A forced choice and where it was read ({@code -Dcpufeatures.dispatch.raid.xor}). */
    public record Forced(String candidate, String source) {
    }

    /** Copies the parts. */
    public DispatchSettings {
        forced = Map.copyOf(forced);
        calibrate = Set.copyOf(calibrate);
    }

    /** No overrides. */
    public static DispatchSettings none() {
        return new DispatchSettings(Map.of(), false, Set.of());
    }

    /** The overrides of this process. */
    public static DispatchSettings fromSystem() {
        return from(System.getProperties(), System.getenv());
    }

    /** The overrides given by {@code properties} and {@code environment}. */
    public static DispatchSettings from(Properties properties, Map<String, String> environment) {
        Map<String, Forced> forced = new LinkedHashMap<>();
        boolean unsafe = false;
        Set<String> calibrate = new LinkedHashSet<>();
        for (Map.Entry<String, String> e : environment.entrySet()) {
            String key = e.getKey();
            if (!key.startsWith(ENV_PREFIX)) {
                continue;
            }
            String rest = key.substring(ENV_PREFIX.length());
            if (rest.equals("UNSAFE")) {
                unsafe = Boolean.parseBoolean(e.getValue().trim());
            } else if (rest.equals("CALIBRATE")) {
                calibrate = parseCalibrate(e.getValue());
            } else {
                forced.put("env:" + rest, new Forced(e.getValue().trim(), key));
            }
        }
        for (String key : properties.stringPropertyNames()) {
            if (!key.startsWith(PREFIX)) {
                continue;
            }
            String rest = key.substring(PREFIX.length());
            String value = properties.getProperty(key).trim();
            if (rest.equals("unsafe")) {
                unsafe = Boolean.parseBoolean(value);
            } else if (rest.equals("calibrate")) {
                calibrate = parseCalibrate(value);
            } else {
                forced.put(rest, new Forced(value, "-D" + key));
            }
        }
        return new DispatchSettings(forced, unsafe, calibrate);
    }

    private static Set<String> parseCalibrate(String value) {
        Set<String> s = new LinkedHashSet<>();
        for (String p : value.split("[,\\s]+")) {
            if (!p.isEmpty()) {
                s.add(p.toLowerCase(Locale.ROOT));
            }
        }
        return s;
    }

    /** The environment key for a point: {@code raid.xor} is {@code RAID_XOR}. */
    static String envKey(String point) {
        return point.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /** The forced candidate of {@code point}, if any (a property wins over the environment). */
    public Optional<Forced> forcedFor(String point) {
        Forced f = forced.get(point);
        if (f == null) {
            f = forced.get("env:" + envKey(point));
        }
        return Optional.ofNullable(f);
    }

    /** Whether {@code point} is to be calibrated (besides points that ask for it themselves). */
    public boolean calibrates(String point) {
        return calibrate.contains("true") || calibrate.contains(point);
    }

    /** The point names the overrides mention, as written (environment keys as {@code env:KEY}). */
    public Set<String> mentionedPoints() {
        Set<String> s = new LinkedHashSet<>(forced.keySet());
        for (String c : calibrate) {
            if (!c.equals("true") && !c.equals("false")) {
                s.add(c);
            }
        }
        return s;
    }

    @Override
    public String toString() {
        return "DispatchSettings[forced=" + forced + ", unsafe=" + unsafe + ", calibrate=" + calibrate + "]";
    }

    static String describe(Forced f) {
        return Objects.requireNonNull(f).source() + "=" + f.candidate();
    }
}
