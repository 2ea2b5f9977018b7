package io.cpufeatures.core.kit;

import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.core.CpuSnapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * A line-oriented dump format, what {@code cpufeatures report --raw} writes on an architecture whose raw
 * answers are a few named values (HWCAP words, registers, vector lengths), read back on any host:
 *
 * <pre>
 * cpufeatures-ARCH-dump 1
 * # comments and blank lines are ignored
 * cpu 0
 * key value
 * ...
 * cpu 1
 * ...
 * </pre>
 *
 * <p>The first line that is not blank or a comment is the header; a file with the header's first word on
 * any line is this format (no line of another format starts with it, so no two modules claim one file).
 * Then, for each logical CPU in order, {@code cpu N} and its keys, one {@code key value} per line, each once.
 * The architecture supplies its keys ({@link Schema}); the kit does the rest: a file parses completely or
 * raises a {@link DumpFormatException} naming the line, what was wrong and what is accepted; identical
 * logical CPUs are one kind.
 *
 * @param <S> the architecture's snapshot
 */
public final class KeyValueDump<S extends CpuSnapshot> implements SnapshotFormat<S> {

    /**
     * One key of a logical CPU's block.
     *
     * @param name     the key, as the file spells it ({@code hwcap2})
     * @param required whether every CPU must give it
     * @param valid    whether a value is well formed
     * @param expected what a well-formed value is, for the error ({@code 0x and 1 to 16 hex digits})
     */
    public record Key(String name, boolean required, Predicate<String> valid, String expected) {

        private static final Pattern HEX = Pattern.compile("0x[0-9a-fA-F]{1,16}");
        private static final String HEX_EXPECTED = "0x and 1 to 16 hex digits";

        /**
         * Validates the parts.
         *
         * @param name     the key; not null, not blank
         * @param required whether every CPU must give it
         * @param valid    whether a value is well formed; not null
         * @param expected what a well-formed value is; not null
         */
        public Key {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(valid, "valid");
            Objects.requireNonNull(expected, "expected");
            if (name.isBlank() || name.contains(" ")) {
                throw new IllegalArgumentException("a key is one word: '" + name + "'");
            }
        }

        /**
         * A key whose value is {@code 0x} and 1 to 16 hex digits.
         *
         * @param name     the key; not null
         * @param required whether every CPU must give it
         * @return the key
         */
        public static Key hex(String name, boolean required) {
            return new Key(name, required, v -> HEX.matcher(v).matches(), HEX_EXPECTED);
        }

        /**
         * The number a {@link #hex} or {@link #hexOr} key's value stands for.
         *
         * @param value a value the key accepted: {@code 0x} and 1 to 16 hex digits; not null
         * @return its 64 bits
         * @throws IllegalArgumentException if {@code value} is not of that form, saying so
         */
        public static long hexValue(String value) {
            if (!HEX.matcher(value).matches()) {
                throw new IllegalArgumentException("'" + value + "' is not " + HEX_EXPECTED);
            }
            return Long.parseUnsignedLong(value.substring(2), 16);
        }

        /**
         * A key whose value is {@code 0x} and hex digits, or {@code word} for none.
         *
         * @param name the key; not null
         * @param word the word that means none ({@code absent}); not null
         * @return the key, optional
         */
        public static Key hexOr(String name, String word) {
            return new Key(name, false, v -> v.equals(word) || HEX.matcher(v).matches(), "'" + word + "' or " + HEX_EXPECTED);
        }
    }

    /**
     * What an architecture supplies: its keys, and how a CPU's values become a snapshot and back.
     *
     * @param <S> the architecture's snapshot
     */
    public interface Schema<S> {

        /**
         * The key named {@code name}, if the format has it.
         *
         * @param name a key as written; not null
         * @return the key; empty for an unknown one
         */
        Optional<Key> key(String name);

        /** {@return the keys every CPU must give, in order} */
        List<String> required();

        /** {@return what keys are accepted, for an unknown key's error ({@code hwcap, hwcap2 and the registers ...})} */
        String accepted();

        /**
         * The snapshot of one CPU's values, each already well formed.
         *
         * @param values the CPU's values by key, in file order; not null
         * @param source the snapshot's source (the file and logical CPU); not null
         * @return the snapshot
         * @throws IllegalArgumentException if the values do not hold together, saying why
         */
        S build(Map<String, String> values, SnapshotSource source);

        /**
         * The values of {@code snapshot}, in the order they are written.
         *
         * @param snapshot a snapshot; not null
         * @return its values by key, each a value {@link #build} reads back
         */
        Map<String, String> values(S snapshot);
    }

    private final String magic;
    private final int version;
    private final String format;
    private final String title;
    private final Schema<S> schema;
    private final String unrecognised;

    /**
     * The format.
     *
     * @param magic   the header's first word ({@code cpufeatures-aarch64-dump}); not null
     * @param version the format's version, the header's second word
     * @param format  the format's identifier in reports ({@code aarch64_dump}); not null
     * @param title   the comment written under the header ({@code cpufeatures AArch64 dump: ...}); not null
     * @param example what a file of the format looks like, for the error of a file in no format; not null
     * @param schema  the keys; not null
     */
    public KeyValueDump(String magic, int version, String format, String title, String example, Schema<S> schema) {
        this.magic = Objects.requireNonNull(magic, "magic");
        this.version = version;
        this.format = Objects.requireNonNull(format, "format");
        this.title = Objects.requireNonNull(title, "title");
        this.schema = Objects.requireNonNull(schema, "schema");
        this.unrecognised = "no '" + magic + " " + version + "' header line; accepted format: " + Objects.requireNonNull(
                example, "example");
    }

    /** {@return the header's first word: what marks a file as this format} */
    public String magic() {
        return magic;
    }

    /** {@return the format's identifier in reports} */
    public String format() {
        return format;
    }

    /** {@return the error of a file without the header, saying what is accepted} */
    @Override
    public String unrecognised() {
        return unrecognised;
    }

    /**
     * The text of {@code snapshots}, as logical CPUs 0, 1... in list order.
     *
     * @param snapshots the snapshots, CPU 0 first; not null
     * @return the dump: the header, then per CPU its source as a comment and its values
     */
    @Override
    public String write(List<S> snapshots) {
        StringBuilder sb = new StringBuilder(magic).append(' ').append(version).append('\n');
        sb.append("# ").append(title).append('\n');
        for (int i = 0; i < snapshots.size(); i++) {
            S s = snapshots.get(i);
            sb.append("cpu ").append(i).append('\n');
            sb.append("# source: ").append(s.source().toString().replace('\n', ' ')).append('\n');
            schema.values(s).forEach((k, v) -> sb.append(k).append(' ').append(v).append('\n'));
        }
        return sb.toString();
    }

    /**
     * Whether {@code text} is in this format: the first word of some line is the header's.
     *
     * @param text a file's contents; not null
     * @return whether it is; a header after other lines still claims the file, so that {@link #parse} reports
     *         what comes before it instead of leaving the file to another format
     */
    public boolean recognises(String text) {
        for (String line : lines(text)) {
            // in place: a line is not stripped (copied) to be looked at
            int start = 0;
            while (start < line.length() && Character.isWhitespace(line.charAt(start))) {
                start++;
            }
            int after = start + magic.length();
            if (line.startsWith(magic, start) && (after == line.length() || Character.isWhitespace(line.charAt(after)))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Parses {@code text} if it is in this format.
     *
     * @param file the file's name, for the snapshots' sources ({@code FILE logical CPU N}) and errors; not null
     * @param text the file's contents; not null
     * @return the dump; empty when the text is not in this format
     * @throws DumpFormatException if it is in this format and malformed: the file, the line, what was wrong, what is
     *                             accepted
     */
    @Override
    public Optional<SnapshotDump<S>> parse(String file, String text) throws DumpFormatException {
        Objects.requireNonNull(file, "file");
        if (!recognises(Objects.requireNonNull(text, "text"))) {
            return Optional.empty();
        }
        int n = 0;
        boolean header = false;
        // Each CPU is built and folded into its kind as soon as its block ends: what is held is the distinct
        // snapshots, never every line or every CPU's values (a 16 MiB dump of one core kind is 36,000 CPUs).
        Map<S, int[]> kinds = new LinkedHashMap<>();
        int cpus = 0;
        Cpu cpu = null;
        for (String raw : lines(text)) {
            n++;
            String line = TextLines.stripped(file, n, raw);
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            // at most three words: a line of more is refused, and its words are not all cut out to say so
            String[] words = line.split("\\s+", 3);
            if (!header) {
                if (!words[0].equals(magic)) {
                    throw new DumpFormatException(file, n, "'" + abbreviate(line) + "' before the header; the first line"
                            + " that is not blank or a comment must be '" + magic + " " + version + "'");
                }
                if (words.length != 2 || !words[1].equals(Integer.toString(version))) {
                    throw new DumpFormatException(file, n, "header '" + abbreviate(line) + "' is not version " + version
                            + "; this reader accepts '" + magic + " " + version + "'");
                }
                header = true;
                continue;
            }
            if (words.length != 2) {
                throw new DumpFormatException(file, n, "'" + abbreviate(line) + "' is not 'key value'; expected one key"
                        + " and one value per line");
            }
            if (words[0].equals(magic)) {
                throw new DumpFormatException(file, n, "a second header; one file holds one dump");
            }
            if (words[0].equals("cpu")) {
                if (cpu != null) {
                    fold(kinds, cpu.check(file).build(file, cpus - 1), cpus - 1, file, cpu.line);
                }
                if (!words[1].equals(Integer.toString(cpus))) {
                    throw new DumpFormatException(file, n, "'cpu " + abbreviate(words[1]) + "' out of order; expected 'cpu "
                            + cpus + "' (logical CPUs are numbered 0, 1, 2... in file order)");
                }
                cpu = new Cpu(n);
                cpus++;
                continue;
            }
            if (cpu == null) {
                throw new DumpFormatException(file, n, "'" + abbreviate(line) + "' before 'cpu 0'; every value belongs to a"
                        + " logical CPU");
            }
            cpu.put(file, n, words[0], words[1]);
        }
        if (cpu == null) {
            throw new DumpFormatException(file, 0, "no 'cpu 0' after the header; a dump lists at least one logical CPU");
        }
        fold(kinds, cpu.check(file).build(file, cpus - 1), cpus - 1, file, cpu.line);
        List<CpuKind<S>> list = new ArrayList<>();
        kinds.forEach((s, k) -> list.add(new CpuKind<>(s, k[0], k[1])));
        return Optional.of(new SnapshotDump<>(file, format, cpus, list));
    }

    /**
     * Counts logical CPU {@code index} (of line {@code line}), whose snapshot is {@code s}, in its kind (the first CPU
     * of a kind names it); refuses a kind past {@link CpuDumps#MAX_KINDS} as it comes, before the others are read.
     */
    private static <S> void fold(Map<S, int[]> kinds, S s, int index, String file, int line) throws DumpFormatException {
        int[] k = kinds.get(s);
        if (k == null) {
            if (kinds.size() == CpuDumps.MAX_KINDS) {
                throw new DumpFormatException(file, line, CpuDumps.kindPastTheLimit());
            }
            k = new int[] {0, index};
            kinds.put(s, k);
        }
        k[0]++;
    }

    /** The values of one logical CPU, as read. */
    private final class Cpu {
        final int line;
        final Map<String, String> values = new LinkedHashMap<>();
        final Map<String, Integer> lineOf = new LinkedHashMap<>();

        Cpu(int line) {
            this.line = line;
        }

        void put(String file, int n, String key, String value) throws DumpFormatException {
            Key k = schema.key(key).orElseThrow(() -> new DumpFormatException(file, n, "unknown key '" + abbreviate(key)
                    + "'; accepted: " + schema.accepted()));
            if (values.containsKey(key)) {
                throw new DumpFormatException(file, n, "'" + key + "' given twice for the CPU of line " + line
                        + " (first on line " + lineOf.get(key) + "); each key once per CPU");
            }
            if (!k.valid().test(value)) {
                throw new DumpFormatException(file, n, "'" + key + " " + abbreviate(value) + "': the value is not "
                        + k.expected());
            }
            values.put(key, value);
            lineOf.put(key, n);
        }

        Cpu check(String file) throws DumpFormatException {
            for (String required : schema.required()) {
                if (!values.containsKey(required)) {
                    List<String> all = schema.required();
                    throw new DumpFormatException(file, line, "the CPU of this line has no '" + required + "'; every CPU"
                            + " needs " + (all.size() == 1 ? all.get(0) : String.join(", ", all.subList(0, all.size() - 1))
                            + " and " + all.get(all.size() - 1)));
                }
            }
            return this;
        }

        S build(String file, int index) throws DumpFormatException {
            try {
                return schema.build(values, SnapshotSource.file(file + " logical CPU " + index));
            } catch (IllegalArgumentException e) {
                throw new DumpFormatException(file, line, "the CPU of this line does not hold together: " + e.getMessage());
            }
        }
    }

    private static Iterable<String> lines(String text) {
        return TextLines.of(text);
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
