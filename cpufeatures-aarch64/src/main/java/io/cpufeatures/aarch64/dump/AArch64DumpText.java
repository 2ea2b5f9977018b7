package io.cpufeatures.aarch64.dump;

import java.util.Objects;

import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.aarch64.IdRegister;
import io.cpufeatures.aarch64.IdRegisterSource;
import io.cpufeatures.core.SnapshotSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The AArch64 dump format, written by {@code cpufeatures report --raw} on an arm64 machine and read
 * back anywhere ({@code --cpuid-file}, {@code fleet}). Line-oriented text, documented in
 * {@code docs/dump-formats.md}:
 *
 * <pre>
 * cpufeatures-aarch64-dump 1
 * # comments and blank lines are ignored
 * cpu 0
 * hwcap 0x119ffb
 * hwcap2 0x0
 * hwcap3 absent
 * id_registers mrs
 * MIDR_EL1 0x414fd0c1
 * ID_AA64ISAR0_EL1 0x100010211120
 * sve_vector_bytes none
 * sme_vector_bytes none
 * </pre>
 *
 * <p>The first line that is not blank or a comment is the header, {@code cpufeatures-aarch64-dump 1};
 * a file with that word on any line is this format (no x86 format has it, and no line of this format
 * is an x86 register line, so neither module claims the other's files). Then, for each logical CPU in
 * order, {@code cpu N} and its keys, one {@code key value} per line: {@code hwcap} and {@code hwcap2}
 * (hex, required), {@code hwcap3} (hex or {@code absent}, default absent), {@code id_registers} (how
 * they were read: {@code mrs}, {@code sysfs}, {@code proc-cpuinfo} or {@code none}, required), a line
 * per register read ({@link IdRegister} names, hex), {@code sve_vector_bytes} and
 * {@code sme_vector_bytes} (decimal or {@code none}, default none). A file either parses completely
 * or raises {@link AArch64DumpFormatException}.
 */
public final class AArch64DumpText {

    /** The first word of the header line: what marks a file as this format. */
    public static final String MAGIC = "cpufeatures-aarch64-dump";
    /** The format's version. */
    public static final int VERSION = 1;
    /** The format's identifier in reports. */
    public static final String FORMAT = "aarch64_dump";

    /** What a file without the header gets. */
    public static final String UNRECOGNISED = "no '" + MAGIC + " " + VERSION + "' header line; accepted format: the"
            + " cpufeatures AArch64 dump ('" + MAGIC + " " + VERSION + "', then 'cpu 0', 'hwcap 0x...', 'hwcap2 0x...',"
            + " 'id_registers mrs', 'MIDR_EL1 0x...', ... as cpufeatures report --raw writes on arm64)";

    private static final Pattern HEX = Pattern.compile("0x[0-9a-fA-F]{1,16}");
    private static final Pattern DECIMAL = Pattern.compile("[0-9]{1,4}");
    private static final List<String> KEYS = List.of("hwcap", "hwcap2", "hwcap3", "id_registers", "sve_vector_bytes",
            "sme_vector_bytes");

    private AArch64DumpText() {
    }

    /**
     * The text of {@code snapshots}, as logical CPUs 0, 1... in list order.
     *
     * @param snapshots the snapshots of the logical CPUs, CPU 0 first; not null
     * @return the dump: the header, then per CPU its source as a comment and its values; an empty list gives a
     *         header with no CPU, which {@link #parseIfAArch64} refuses (a dump lists at least one)
     */
    public static String write(List<AArch64Snapshot> snapshots) {
        StringBuilder sb = new StringBuilder(MAGIC).append(' ').append(VERSION).append('\n');
        sb.append("# cpufeatures AArch64 dump: HWCAP words, ID registers, vector lengths (docs/dump-formats.md)\n");
        for (int i = 0; i < snapshots.size(); i++) {
            AArch64Snapshot s = snapshots.get(i);
            sb.append("cpu ").append(i).append('\n');
            sb.append("# source: ").append(s.source().toString().replace('\n', ' ')).append('\n');
            sb.append("hwcap 0x").append(Long.toHexString(s.hwcap())).append('\n');
            sb.append("hwcap2 0x").append(Long.toHexString(s.hwcap2())).append('\n');
            sb.append("hwcap3 ").append(s.hwcap3().isPresent() ? "0x" + Long.toHexString(s.hwcap3().getAsLong()) : "absent")
                    .append('\n');
            sb.append("id_registers ").append(s.idSource().id()).append('\n');
            s.registers().forEach((r, v) -> sb.append(r.name()).append(" 0x").append(Long.toHexString(v)).append('\n'));
            sb.append("sve_vector_bytes ").append(s.sveVectorBytes().isPresent() ? Integer.toString(s.sveVectorBytes().getAsInt())
                    : "none").append('\n');
            sb.append("sme_vector_bytes ").append(s.smeVectorBytes().isPresent() ? Integer.toString(s.smeVectorBytes().getAsInt())
                    : "none").append('\n');
        }
        return sb.toString();
    }

    /**
     * Whether {@code text} is in this format: some line starts with {@link #MAGIC}.
     *
     * @param text a file's contents; not null
     * @return whether the first word of any line is {@link #MAGIC}: a header after other lines still claims the
     *         file, so that {@link #parseIfAArch64} reports what comes before it instead of leaving the file to
     *         another format
     */
    public static boolean isAArch64Dump(String text) {
        for (String line : lines(text)) {
            if (firstWord(line).equals(MAGIC)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Parses {@code text} if it is in this format: empty if it is not ({@link #isAArch64Dump}), the dump
     * if it parses completely.
     *
     * @param file the file name, for the snapshots' sources ({@code FILE logical CPU N}) and the error messages;
     *             not null
     * @param text the file's contents; not null
     * @return the dump; empty when {@code text} is not in this format
     * @throws AArch64DumpFormatException if it is in this format and malformed
     */
    public static Optional<AArch64Dump> parseIfAArch64(String file, String text) throws AArch64DumpFormatException {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(text, "text");
        if (!isAArch64Dump(text)) {
            return Optional.empty();
        }
        List<String> lines = lines(text);
        int n = 0;
        boolean header = false;
        List<Cpu> cpus = new ArrayList<>();
        Cpu cpu = null;
        for (String raw : lines) {
            n++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] words = line.split("\\s+");
            if (!header) {
                if (!words[0].equals(MAGIC)) {
                    throw new AArch64DumpFormatException(file, n, "'" + abbreviate(line) + "' before the header; the first"
                            + " line that is not blank or a comment must be '" + MAGIC + " " + VERSION + "'");
                }
                if (words.length != 2 || !words[1].equals(Integer.toString(VERSION))) {
                    throw new AArch64DumpFormatException(file, n, "header '" + abbreviate(line) + "' is not version "
                            + VERSION + "; this reader accepts '" + MAGIC + " " + VERSION + "'");
                }
                header = true;
                continue;
            }
            if (words.length != 2) {
                throw new AArch64DumpFormatException(file, n, "'" + abbreviate(line) + "' is not 'key value'; expected"
                        + " one key and one value per line");
            }
            String key = words[0];
            String value = words[1];
            if (key.equals(MAGIC)) {
                throw new AArch64DumpFormatException(file, n, "a second header; one file holds one dump");
            }
            if (key.equals("cpu")) {
                if (cpu != null) {
                    cpus.add(cpu.check(file));
                }
                if (!value.equals(Integer.toString(cpus.size()))) {
                    throw new AArch64DumpFormatException(file, n, "'cpu " + value + "' out of order; expected 'cpu "
                            + cpus.size() + "' (logical CPUs are numbered 0, 1, 2... in file order)");
                }
                cpu = new Cpu(n);
                continue;
            }
            if (cpu == null) {
                throw new AArch64DumpFormatException(file, n, "'" + abbreviate(line) + "' before 'cpu 0'; every value"
                        + " belongs to a logical CPU");
            }
            cpu.put(file, n, key, value);
        }
        if (cpu == null) {
            throw new AArch64DumpFormatException(file, 0, "no 'cpu 0' after the header; a dump lists at least one"
                    + " logical CPU");
        }
        cpus.add(cpu.check(file));
        List<AArch64Snapshot> snapshots = new ArrayList<>();
        for (int i = 0; i < cpus.size(); i++) {
            snapshots.add(cpus.get(i).build(file, i));
        }
        Map<AArch64Snapshot, int[]> groups = new LinkedHashMap<>();
        for (int i = 0; i < snapshots.size(); i++) {
            int position = i;
            groups.computeIfAbsent(snapshots.get(i), s -> new int[] {0, position})[0]++;
        }
        List<CpuKind<AArch64Snapshot>> list = new ArrayList<>();
        groups.forEach((s, g) -> list.add(new CpuKind<>(s, g[0], g[1])));
        return Optional.of(new AArch64Dump(file, snapshots.size(), list));
    }

    /** The values of one logical CPU, as read. */
    private static final class Cpu {
        final int line;
        final Map<String, String> values = new LinkedHashMap<>();
        final Map<String, Integer> lineOf = new LinkedHashMap<>();

        Cpu(int line) {
            this.line = line;
        }

        void put(String file, int n, String key, String value) throws AArch64DumpFormatException {
            boolean register = IdRegister.named(key).isPresent() && key.equals(key.toUpperCase(java.util.Locale.ROOT));
            if (!register && !KEYS.contains(key)) {
                throw new AArch64DumpFormatException(file, n, "unknown key '" + abbreviate(key) + "'; accepted: "
                        + String.join(", ", KEYS) + " and the registers " + Arrays.toString(IdRegister.values()));
            }
            if (values.containsKey(key)) {
                throw new AArch64DumpFormatException(file, n, "'" + key + "' given twice for the CPU of line " + line
                        + " (first on line " + lineOf.get(key) + "); each key once per CPU");
            }
            String expected = switch (key) {
                case "hwcap", "hwcap2" -> HEX.matcher(value).matches() ? null : "0x and 1 to 16 hex digits";
                case "hwcap3" -> value.equals("absent") || HEX.matcher(value).matches() ? null
                        : "'absent' or 0x and 1 to 16 hex digits";
                case "id_registers" -> IdRegisterSource.of(value).isPresent() ? null : "mrs, sysfs, proc-cpuinfo or none";
                case "sve_vector_bytes", "sme_vector_bytes" -> value.equals("none") || DECIMAL.matcher(value).matches() ? null
                        : "'none' or a decimal number of bytes";
                default -> HEX.matcher(value).matches() ? null : "0x and 1 to 16 hex digits";
            };
            if (expected != null) {
                throw new AArch64DumpFormatException(file, n, "'" + key + " " + abbreviate(value) + "': the value is not "
                        + expected);
            }
            values.put(key, value);
            lineOf.put(key, n);
        }

        Cpu check(String file) throws AArch64DumpFormatException {
            for (String required : List.of("hwcap", "hwcap2", "id_registers")) {
                if (!values.containsKey(required)) {
                    throw new AArch64DumpFormatException(file, line, "the CPU of this line has no '" + required
                            + "'; every CPU needs hwcap, hwcap2 and id_registers");
                }
            }
            return this;
        }

        AArch64Snapshot build(String file, int index) throws AArch64DumpFormatException {
            AArch64Snapshot.Builder b = AArch64Snapshot.builder(SnapshotSource.file(file + " logical CPU " + index))
                    .hwcap(hex(values.get("hwcap"))).hwcap2(hex(values.get("hwcap2")))
                    .idSource(IdRegisterSource.of(values.get("id_registers")).orElseThrow());
            String h3 = values.getOrDefault("hwcap3", "absent");
            if (!h3.equals("absent")) {
                b.hwcap3(hex(h3));
            }
            values.forEach((k, v) -> IdRegister.named(k).filter(r -> r.name().equals(k)).ifPresent(r -> b.register(r, hex(v))));
            String sve = values.getOrDefault("sve_vector_bytes", "none");
            if (!sve.equals("none")) {
                b.sveVectorBytes(Integer.parseInt(sve));
            }
            String sme = values.getOrDefault("sme_vector_bytes", "none");
            if (!sme.equals("none")) {
                b.smeVectorBytes(Integer.parseInt(sme));
            }
            try {
                return b.build();
            } catch (IllegalArgumentException e) {
                throw new AArch64DumpFormatException(file, line, "the CPU of this line does not hold together: " + e.getMessage());
            }
        }

        private static long hex(String v) {
            return Long.parseUnsignedLong(v.substring(2), 16);
        }
    }

    private static List<String> lines(String text) {
        return Arrays.asList(text.split("\r?\n|\r", -1));
    }

    private static String firstWord(String line) {
        String s = line.strip();
        int space = s.indexOf(' ');
        int tab = s.indexOf('\t');
        int end = space < 0 ? tab : tab < 0 ? space : Math.min(space, tab);
        return end < 0 ? s : s.substring(0, end);
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
