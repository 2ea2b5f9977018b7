package io.cpufeatures.core;

import io.cpufeatures.core.CpuFeaturesConfigurationException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Which source a probe may use, as {@code cpufeatures.probe} names it: every fallback can be forced. */
public enum ProbeMode {
    /** The best source that works: the CPU's instructions, then the kernel's view. */
    AUTO("auto"),
    /** Only the CPU's own instructions (CPUID on x86). */
    NATIVE("native"),
    /** Only the Linux kernel's {@code /proc/cpuinfo}. */
    PROC_CPUINFO("proc-cpuinfo"),
    /** No probe: the architecture's name and the JVM's view only. */
    NONE("none");

    private final String id;

    ProbeMode(String id) {
        this.id = id;
    }

    /** {@return the value {@code cpufeatures.probe} takes for this mode, e.g. {@code proc-cpuinfo}} */
    public String id() {
        return id;
    }

    /**
     * The mode named {@code text} (case-insensitive).
     *
     * @param text a mode's {@link #id()}, in any case, surrounding blanks ignored; not null
     * @return the mode
     * @throws CpuFeaturesConfigurationException naming the value and the accepted ones
     */
    public static ProbeMode of(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (ProbeMode m : values()) {
            if (m.id.equals(t)) {
                return m;
            }
        }
        throw new CpuFeaturesConfigurationException("cpufeatures.probe: '" + text + "' is not a source; accepted: "
                + Arrays.stream(values()).map(ProbeMode::id).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return id;
    }
}
