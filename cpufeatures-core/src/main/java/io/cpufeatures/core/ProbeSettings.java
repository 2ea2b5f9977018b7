package io.cpufeatures.core;

import io.cpufeatures.core.CpuFeaturesConfigurationException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;

/**
 * The overrides of a probe, read once from system properties (or the environment):
 * <ul>
 *   <li>{@code cpufeatures.disable} / {@code CPUFEATURES_DISABLE}: features to remove, comma or
 *       space separated; remove-only, they cascade through the dependency table;</li>
 *   <li>{@code cpufeatures.cpuid.file} / {@code CPUFEATURES_CPUID_FILE}: decode this dump instead of
 *       the CPU, so a whole application runs as if on another machine;</li>
 *   <li>{@code cpufeatures.xcr0} / {@code CPUFEATURES_XCR0}: with a dump, the XCR0 to assume (hex);</li>
 *   <li>{@code cpufeatures.probe} / {@code CPUFEATURES_PROBE}: force a source, {@code auto} (default),
 *       {@code native}, {@code proc-cpuinfo} or {@code none}, so every fallback can be exercised.</li>
 * </ul>
 * A system property wins over the environment variable.
 *
 * @param disable   the names to disable, as written (validated by the facade)
 * @param cpuidFile the dump to decode instead of the CPU
 * @param xcr0      the XCR0 to assume for the dump
 * @param probe     the forced source, {@link ProbeMode#AUTO} when not forced
 */
public record ProbeSettings(List<String> disable, Optional<Path> cpuidFile, OptionalLong xcr0, ProbeMode probe) {

    /**
     * Validates and copies the parts.
     *
     * @param disable   the names to disable, as written; not null
     * @param cpuidFile the dump to decode instead of the CPU; not null (empty for the CPU)
     * @param xcr0      the XCR0 to assume for the dump; not null (empty for what the dump implies)
     * @param probe     the forced source, {@link ProbeMode#AUTO} when not forced; not null
     * @throws CpuFeaturesConfigurationException if {@code xcr0} is given without {@code cpuidFile}: the running
     *                                           CPU's XCR0 is read, never assumed
     */
    public ProbeSettings {
        disable = List.copyOf(disable);
        Objects.requireNonNull(cpuidFile, "cpuidFile");
        Objects.requireNonNull(xcr0, "xcr0");
        Objects.requireNonNull(probe, "probe");
        if (xcr0.isPresent() && cpuidFile.isEmpty()) {
            throw new CpuFeaturesConfigurationException("cpufeatures.xcr0 is given without cpufeatures.cpuid.file:"
                    + " the XCR0 of the running CPU is read, never assumed");
        }
    }

    /** {@return the settings with no overrides: nothing disabled, no dump, any source} */
    public static ProbeSettings none() {
        return new ProbeSettings(List.of(), Optional.empty(), OptionalLong.empty(), ProbeMode.AUTO);
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
        Optional<String> disable = value(properties, environment, "cpufeatures.disable", "CPUFEATURES_DISABLE");
        Optional<String> file = value(properties, environment, "cpufeatures.cpuid.file", "CPUFEATURES_CPUID_FILE");
        Optional<String> xcr0 = value(properties, environment, "cpufeatures.xcr0", "CPUFEATURES_XCR0");
        Optional<String> probe = value(properties, environment, "cpufeatures.probe", "CPUFEATURES_PROBE");
        List<String> names = new ArrayList<>();
        disable.ifPresent(d -> {
            for (String n : d.split("[,\\s]+")) {
                if (!n.isEmpty()) {
                    names.add(n);
                }
            }
        });
        return new ProbeSettings(names, file.map(Path::of), xcr0.isPresent() ? OptionalLong.of(parseXcr0(xcr0.get()))
                : OptionalLong.empty(), probe.map(ProbeMode::of).orElse(ProbeMode.AUTO));
    }

    /**
     * Parses an XCR0 value: up to 16 hexadecimal digits, ASCII only, with or without {@code 0x}. Whether
     * the value is a state an OS can enable is for the architecture module to say, when it applies it.
     *
     * @param text the value, e.g. {@code 0xe7}; surrounding blanks ignored; not null
     * @return the 64-bit value
     * @throws CpuFeaturesConfigurationException for anything else
     */
    public static long parseXcr0(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        String digits = t.startsWith("0x") ? t.substring(2) : t;
        if (digits.isEmpty() || digits.length() > 16
                || !digits.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
            throw new CpuFeaturesConfigurationException("cpufeatures.xcr0: '" + text
                    + "' is not an XCR0 value; expected up to 16 hex digits (0-9, a-f), e.g. 0x7 or 0xe7");
        }
        return Long.parseUnsignedLong(digits, 16);
    }

    private static Optional<String> value(Properties p, Map<String, String> env, String property, String variable) {
        String v = p.getProperty(property);
        if (v == null) {
            v = env.get(variable);
        }
        return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.trim());
    }
}
