package io.cpufeatures.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What reports show of one kind of CPU besides its feature sets, in its architecture's own terms and
 * built by its module: one list of facts, each a set of typed JSON fields, a line of the text report
 * and a part of the one-line fleet summary; the usable features grouped by family; and the features
 * a fleet row shows. Every renderer walks the same facts (JSON their fields, text their lines, fleet
 * rows their summaries, the report's identity their fields as text); none decides anything.
 * An architecture declares each kind of field once ({@link FactKind}: key, type, meaning), and the
 * JSON Schema and docs/cli.md are generated from those declarations.
 *
 * @param facts       the facts, in report order
 * @param usable      the usable features by family, families and features in table order
 * @param keyFeatures the features a fleet row lists when they are usable, in order
 */
public record CpuDescription(List<Fact> facts, List<FeatureGroup> usable, List<String> keyFeatures) {

    /**
     * Validates and copies the parts.
     *
     * @param facts       the facts, in report order; not null
     * @param usable      the usable features by family, in table order; not null
     * @param keyFeatures the features a fleet row lists when they are usable, in order; not null
     * @throws IllegalArgumentException if two facts give one JSON key
     */
    public CpuDescription {
        facts = List.copyOf(facts);
        usable = List.copyOf(usable);
        keyFeatures = List.copyOf(keyFeatures);
        List<String> keys = new ArrayList<>();
        for (Fact f : facts) {
            for (Field field : f.fields()) {
                if (keys.contains(field.key())) {
                    throw new IllegalArgumentException("two facts give the field " + field.key());
                }
                keys.add(field.key());
            }
        }
    }

    /** {@return every fact's JSON fields, in order} */
    public List<Field> fields() {
        List<Field> all = new ArrayList<>();
        facts.forEach(f -> all.addAll(f.fields()));
        return Collections.unmodifiableList(all);
    }

    /** {@return every fact's line of the text report, in order} */
    public List<Line> lines() {
        List<Line> all = new ArrayList<>();
        facts.forEach(f -> f.line().ifPresent(all::add));
        return Collections.unmodifiableList(all);
    }

    /**
     * {@return the facts' summaries joined by two spaces: the one line of a fleet table ({@code AuthenticAMD
     * 19/61/2  Zen 4  x86-64-v4}); empty when nothing is known of the CPU}
     */
    public String summary() {
        List<String> parts = new ArrayList<>();
        facts.forEach(f -> f.summary().ifPresent(parts::add));
        return String.join("  ", parts);
    }

    /** {@return the fields that have a value, by key, as text (integers in decimal), in order} */
    public Map<String, String> identity() {
        Map<String, String> m = new LinkedHashMap<>();
        for (Field f : fields()) {
            if (f.value() != null) {
                m.put(f.key(), f.value().toString());
            }
        }
        return Collections.unmodifiableMap(m);
    }

    /**
     * A kind of JSON field an architecture's reports give: declared once, with its type and meaning, so
     * the JSON Schema and docs/cli.md follow from the declaration.
     *
     * @param key     the field's name in JSON ({@code microarchitecture})
     * @param label   the label of its line in the text report when the fact is that field alone ({@code uarch})
     * @param type    what values it takes
     * @param meaning what it means, one sentence for docs and the schema
     */
    public record FactKind(String key, String label, Type type, String meaning) {

        /**
         * Validates the parts.
         *
         * @param key     the field's name, a JSON identifier; not null
         * @param label   the text report's label; not null
         * @param type    what values it takes; not null
         * @param meaning what it means; not null
         * @throws IllegalArgumentException if the key is not a letter followed by letters and digits
         */
        public FactKind {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(meaning, "meaning");
            if (!key.matches("[a-z][A-Za-z0-9]*")) {
                throw new IllegalArgumentException("a fact's key is a lower-case letter then letters and digits: " + key);
            }
        }

        /**
         * This field with {@code value}.
         *
         * @param value a value of {@link #type()}, or null if the type allows it
         * @return the field
         */
        public Field is(Object value) {
            return new Field(this, value);
        }

        /**
         * The fact of this field alone: its field, and a text line labelled {@link #label()} with the value,
         * or none when the value is null.
         *
         * @param value a value of {@link #type()}, or null if the type allows it
         * @return the fact, with no part in the fleet summary
         */
        public Fact fact(Object value) {
            return new Fact(List.of(is(value)), value == null ? Optional.empty() : Optional.of(new Line(label,
                    value.toString())), Optional.empty());
        }
    }

    /**
     * What values a field takes, as the JSON Schema states it.
     *
     * @param json     {@code string} or {@code integer}
     * @param nullable whether it may be null (unknown, not read)
     * @param values   the only values a string takes, when it is one of a few; empty otherwise
     * @param pattern  a regular expression every string value matches; empty for any
     * @param minimum  the smallest integer value; empty for any
     */
    public record Type(String json, boolean nullable, List<String> values, String pattern, Optional<Long> minimum) {

        /** Any string, never null. */
        public static final Type STRING = new Type("string", false, List.of(), "", Optional.empty());
        /** Any string, or null. */
        public static final Type STRING_OR_NULL = new Type("string", true, List.of(), "", Optional.empty());
        /** Any integer, never null. */
        public static final Type INTEGER = new Type("integer", false, List.of(), "", Optional.empty());
        /** Any integer, or null. */
        public static final Type INTEGER_OR_NULL = new Type("integer", true, List.of(), "", Optional.empty());

        /**
         * Validates the parts.
         *
         * @param json     {@code string} or {@code integer}; not null
         * @param nullable whether it may be null
         * @param values   the only values of a string; not null, empty for any
         * @param pattern  a regular expression of string values; not null, empty for any
         * @param minimum  the smallest integer; not null, empty for any
         * @throws IllegalArgumentException for another JSON type, or constraints of the other type
         */
        public Type {
            Objects.requireNonNull(json, "json");
            values = List.copyOf(values);
            Objects.requireNonNull(pattern, "pattern");
            Objects.requireNonNull(minimum, "minimum");
            if (!json.equals("string") && !json.equals("integer")
                    || json.equals("integer") && (!values.isEmpty() || !pattern.isEmpty())
                    || json.equals("string") && minimum.isPresent()) {
                throw new IllegalArgumentException("a fact is a string (with values or a pattern) or an integer (with a"
                        + " minimum), not " + json);
            }
        }

        /**
         * A string that is one of {@code values}.
         *
         * @param nullable whether it may be null
         * @param values   the values; not null
         * @return the type
         */
        public static Type oneOf(boolean nullable, String... values) {
            return new Type("string", nullable, List.of(values), "", Optional.empty());
        }

        /**
         * A string matching {@code pattern}.
         *
         * @param nullable whether it may be null
         * @param pattern  the regular expression; not null
         * @return the type
         */
        public static Type matching(boolean nullable, String pattern) {
            return new Type("string", nullable, List.of(), pattern, Optional.empty());
        }

        /**
         * An integer of at least {@code minimum}.
         *
         * @param nullable whether it may be null
         * @param minimum  the smallest value
         * @return the type
         */
        public static Type atLeast(boolean nullable, long minimum) {
            return new Type("integer", nullable, List.of(), "", Optional.of(minimum));
        }

        /**
         * Whether {@code value} is of this type.
         *
         * @param value a value, or null
         * @return whether a field of this type may hold it
         */
        public boolean admits(Object value) {
            if (value == null) {
                return nullable;
            }
            if (json.equals("integer")) {
                return (value instanceof Integer || value instanceof Long)
                        && (minimum.isEmpty() || ((Number) value).longValue() >= minimum.get());
            }
            return value instanceof String s && (values.isEmpty() || values.contains(s))
                    && (pattern.isEmpty() || s.matches(pattern));
        }
    }

    /**
     * One fact: its JSON fields, its line of the text report, its part of the fleet summary.
     *
     * @param fields  the JSON fields it gives, in order; possibly none (a line that restates other fields)
     * @param line    its line of the text report, if it has one
     * @param summary its part of the one-line fleet summary, if it has one
     */
    public record Fact(List<Field> fields, Optional<Line> line, Optional<String> summary) {

        /**
         * Validates and copies the parts.
         *
         * @param fields  the JSON fields it gives; not null
         * @param line    its line of the text report; not null
         * @param summary its part of the fleet summary; not null
         * @throws IllegalArgumentException if it gives nothing at all
         */
        public Fact {
            fields = List.copyOf(fields);
            Objects.requireNonNull(line, "line");
            Objects.requireNonNull(summary, "summary");
            if (fields.isEmpty() && line.isEmpty() && summary.isEmpty()) {
                throw new IllegalArgumentException("a fact gives a field, a line or a summary");
            }
        }

        /**
         * A fact of fields and a text line.
         *
         * @param label  the line's label; not null
         * @param text   the line's text; not null
         * @param fields the JSON fields; not null
         * @return the fact, with no part in the fleet summary
         */
        public static Fact line(String label, String text, Field... fields) {
            return new Fact(List.of(fields), Optional.of(new Line(label, text)), Optional.empty());
        }

        /**
         * The same fact with {@code text} as its part of the fleet summary.
         *
         * @param text its part of the summary; not null
         * @return a new fact
         */
        public Fact summarised(String text) {
            return new Fact(fields, line, Optional.of(text));
        }
    }

    /**
     * One JSON field.
     *
     * @param kind  what field it is
     * @param value a value of the kind's type: a {@link String}, an {@link Integer} or {@link Long}, or
     *              {@code null} (written as JSON null) where the type allows it
     */
    public record Field(FactKind kind, Object value) {

        /**
         * Validates the parts: the value must be of the kind's type.
         *
         * @param kind  what field it is; not null
         * @param value a value of its type
         * @throws IllegalArgumentException if {@code value} is not of the kind's type
         */
        public Field {
            Objects.requireNonNull(kind, "kind");
            if (!kind.type().admits(value)) {
                throw new IllegalArgumentException(kind.key() + ": " + value + " is not a value of " + kind.type());
            }
        }

        /** {@return the field's name in JSON} */
        public String key() {
            return kind.key();
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
