package io.cpufeatures.core;

import java.util.List;
import java.util.Objects;

/**
 * What reports show of one kind of CPU besides its feature sets, in its architecture's own terms and
 * built by its module: the identity as JSON fields and as text lines, a one-line summary for a fleet
 * table, the usable features grouped by family, and the features a fleet row shows. Renderers print
 * it as it is; they decide nothing.
 *
 * @param fields      identity facts for JSON, in order ({@code vendor}, {@code family}...)
 * @param lines       identity facts for a text report, in order ({@code cpu}, {@code identity}...)
 * @param summary     one line for a fleet table ({@code AuthenticAMD 19/61/2  Zen 4  x86-64-v4}); empty
 *                    when nothing is known of the CPU
 * @param usable      the usable features by family, families and features in table order
 * @param keyFeatures the features a fleet row lists when they are usable, in order
 */
public record CpuDescription(List<Field> fields, List<Line> lines, String summary, List<FeatureGroup> usable,
        List<String> keyFeatures) {

    /**
     * Validates and copies the parts.
     *
     * @param fields      identity facts for JSON, in order; not null
     * @param lines       identity facts for a text report, in order; not null
     * @param summary     one line for a fleet table; empty when nothing is known of the CPU; not null
     * @param usable      the usable features by family, in table order; not null
     * @param keyFeatures the features a fleet row lists when they are usable, in order; not null
     */
    public CpuDescription {
        fields = List.copyOf(fields);
        lines = List.copyOf(lines);
        Objects.requireNonNull(summary, "summary");
        usable = List.copyOf(usable);
        keyFeatures = List.copyOf(keyFeatures);
    }

    /**
     * One JSON field.
     *
     * @param key   the field's name
     * @param value a {@link String}, an {@link Integer} or {@link Long}, or {@code null} (written as JSON null)
     */
    public record Field(String key, Object value) {

        /**
         * Validates the parts: only strings, integers and null are written.
         *
         * @param key   the field's name; not null
         * @param value a {@link String}, an {@link Integer} or {@link Long}, or {@code null}
         * @throws IllegalArgumentException if {@code value} is of any other type
         */
        public Field {
            Objects.requireNonNull(key, "key");
            if (value != null && !(value instanceof String) && !(value instanceof Integer) && !(value instanceof Long)) {
                throw new IllegalArgumentException(key + ": a field holds a String, an Integer, a Long or null, not "
                        + value.getClass().getName());
            }
        }
    }

    /**
     * One line of a text report.
     *
     * @param label the label ({@code uarch})
     * @param text  the value
     */
    public record Line(String label, String text) {

        /**
         * Validates the parts.
         *
         * @param label the label, e.g. {@code uarch}; not null
         * @param text  the value; not null
         */
        public Line {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * Features under one family label.
     *
     * @param label    the family ({@code AVX-512})
     * @param features canonical names, in table order
     */
    public record FeatureGroup(String label, List<String> features) {

        /**
         * Validates and copies the parts.
         *
         * @param label    the family, e.g. {@code AVX-512}; not null
         * @param features canonical names, in table order; not null
         */
        public FeatureGroup {
            Objects.requireNonNull(label, "label");
            features = List.copyOf(features);
        }
    }
}
