package io.cpufeatures.core;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * The overrides of a probe, read once from system properties (or the environment):
 * <ul>
 *   <li>{@code cpufeatures.disable} / {@code CPUFEATURES_DISABLE}: features to remove, comma or
 *       space separated; remove-only, they cascade through the dependency table;</li>
 *   <li>{@code cpufeatures.cpuid.file} / {@code CPUFEATURES_CPUID_FILE}: decode this dump instead of
 *       the CPU, so a whole application runs as if on another machine;</li>
 *   <li>{@code cpufeatures.assume.NAME} / {@code CPUFEATURES_ASSUME_NAME}: with a dump, what to read it assuming
 *       that it cannot say itself, by a name its architecture defines (x86: {@code xcr0}, the OS state, in hex);</li>
 *   <li>{@code cpufeatures.probe} / {@code CPUFEATURES_PROBE}: force a source, {@code auto} (default),
 *       {@code native}, {@code proc-cpuinfo} or {@code none}, so every fallback can be exercised.</li>
 * </ul>
 * A system property wins over the environment variable. Read on the first answer's path: no regular expression,
 * no lambda.
 *
 * @param disable   the names to disable, as written (validated by the facade)
 * @param cpuidFile the dump to decode instead of the CPU
 * @param assume    what to read the dump assuming, by the name its architecture gives it (validated when it is read)
 * @param probe     the forced source, {@link ProbeMode#AUTO} when not forced
 */
public record ProbeSettings(List<String> disable, Optional<Path> cpuidFile, Map<String, String> assume, ProbeMode probe) {

    /** The prefix of the properties that give an assumption: {@code cpufeatures.assume.xcr0}. */
    public static final String ASSUME_PROPERTY = "cpufeatures.assume.";
    private static final String ASSUME_VARIABLE = "CPUFEATURES_ASSUME_";

    /**
     * Validates and copies the parts.
     *
     * @param disable   the names to disable, as written; not null
     * @param cpuidFile the dump to decode instead of the CPU; not null (empty for the CPU)
     * @param assume    what to read the dump assuming; not null (empty for what the dump implies)
     * @param probe     the forced source, {@link ProbeMode#AUTO} when not forced; not null
     * @throws CpuFeaturesConfigurationException if an assumption is given without {@code cpuidFile}: the running
     *                                           CPU's own state is read, never assumed
     */
    public ProbeSettings {
        disable = List.copyOf(disable);
        Objects.requireNonNull(cpuidFile, "cpuidFile");
        assume = Collections.unmodifiableMap(new TreeMap<>(assume));
        Objects.requireNonNull(probe, "probe");
        if (!assume.isEmpty() && cpuidFile.isEmpty()) {
            String name = assume.keySet().iterator().next();
            throw new CpuFeaturesConfigurationException(ASSUME_PROPERTY + name + " is given without"
                    + " cpufeatures.cpuid.file: the running CPU's own state is read, never assumed");
        }
    }

    /** {@return the settings with no overrides: nothing disabled, no dump, any source} */
    public static ProbeSettings none() {
        return new ProbeSettings(List.of(), Optional.empty(), Map.of(), ProbeMode.AUTO);
    }

    /**
     * The settings of this process: its system properties, then its environment.
     *
     * @return the settings, read now
     * @throws CpuFeaturesConfigurationException naming the property, the bad value and what is accepted
     */
    public static ProbeSettings fromSystem() {
        return from(System.getProperties(), System.getenv());
    }

    /**
     * The settings given by {@code properties} and {@code environment}.
     *
     * @param properties  the system properties to read ({@code cpufeatures.*}); not null
     * @param environment the environment variables to read ({@code CPUFEATURES_*}), used where the
     *                    property is unset or blank; not null
     * @return the settings
     * @throws CpuFeaturesConfigurationException naming the property, the bad value and what is accepted
     */
    public static ProbeSettings from(Properties properties, Map<String, String> environment) {
        String disable = value(properties, environment, "cpufeatures.disable", "CPUFEATURES_DISABLE");
        String file = value(properties, environment, "cpufeatures.cpuid.file", "CPUFEATURES_CPUID_FILE");
        String probe = value(properties, environment, "cpufeatures.probe", "CPUFEATURES_PROBE");
        List<String> names = new ArrayList<>();
        if (disable != null) {
            int start = -1;
            for (int i = 0; i <= disable.length(); i++) {
                boolean separator = i == disable.length() || disable.charAt(i) == ',' || Character.isWhitespace(
                        disable.charAt(i));
                if (separator && start >= 0) {
                    names.add(disable.substring(start, i));
                    start = -1;
                } else if (!separator && start < 0) {
                    start = i;
                }
            }
        }
        Map<String, String> assume = new TreeMap<>();
        for (Map.Entry<String, String> e : environment.entrySet()) {
            if (e.getKey().startsWith(ASSUME_VARIABLE) && e.getKey().length() > ASSUME_VARIABLE.length()
                    && !e.getValue().isBlank()) {
                assume.put(e.getKey().substring(ASSUME_VARIABLE.length()).toLowerCase(Locale.ROOT), e.getValue().trim());
            }
        }
        for (String key : properties.stringPropertyNames()) {
            String v = properties.getProperty(key);
            if (key.startsWith(ASSUME_PROPERTY) && key.length() > ASSUME_PROPERTY.length() && !v.isBlank()) {
                assume.put(key.substring(ASSUME_PROPERTY.length()), v.trim());
            }
        }
        return new ProbeSettings(names, file == null ? Optional.empty() : Optional.of(Path.of(file)), assume,
                probe == null ? ProbeMode.AUTO : ProbeMode.of(probe));
    }

    private static String value(Properties p, Map<String, String> env, String property, String variable) {
        String v = p.getProperty(property);
        if (v == null) {
            v = env.get(variable);
        }
        return v == null || v.isBlank() ? null : v.trim();
    }
}
