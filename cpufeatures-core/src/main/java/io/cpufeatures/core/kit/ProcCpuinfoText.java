package io.cpufeatures.core.kit;

import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.os.ProcCpuinfo;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A Linux kernel's {@code /proc/cpuinfo} as a dump's text: which architecture's kernel wrote it, and its blocks of
 * {@code name : value} fields, read one block at a time. Blocks are separated by blank lines; {@code #} lines are
 * comments (a kernel writes none: they are the header a file saved for a test or a bug report carries). What the
 * fields mean is each architecture module's: this only tells the architectures apart and checks the lines, the same
 * way for every module that reads such a text, and for the core's error when no module on the class path does.
 *
 * <p>Each architecture's kernel prints its own fields (its {@code show_cpuinfo}), so the names alone tell them apart:
 * <ul>
 *   <li>x86 ({@code arch/x86/kernel/cpu/proc.c}): {@code vendor_id}, {@code cpu family}, {@code model}, {@code flags};</li>
 *   <li>arm64 ({@code arch/arm64/kernel/cpuinfo.c}): {@code Features} and {@code CPU implementer}/{@code CPU part}; a
 *       32-bit Arm kernel ({@code arch/arm/kernel/setup.c}), or an arm64 kernel answering a 32-bit process, prints the
 *       same fields with the 32-bit names in {@code Features} ({@code half thumb fastmult vfp edsp ...}), so that
 *       text is {@code arm}, not {@code aarch64};</li>
 *   <li>powerpc ({@code arch/powerpc/kernel/setup-common.c}): {@code cpu} and {@code revision} (the processor version
 *       register is in the latter); the text does not say the byte order, and the ppc64le module reads it;</li>
 *   <li>riscv ({@code arch/riscv/kernel/cpu.c}): {@code isa}, {@code rv64...} or {@code rv32...};</li>
 *   <li>s390 ({@code arch/s390/kernel/processor.c}): {@code vendor_id : IBM/S390};</li>
 *   <li>loongarch ({@code arch/loongarch/kernel/proc.c}): {@code CPU Family}; mips ({@code arch/mips/kernel/proc.c}):
 *       {@code cpu model}.</li>
 * </ul>
 * A text is recognised by its first lines only, looked at in place: the first that is not blank or a comment must be
 * a {@code name : value} line, and the names of the field lines from there on, up to {@link #LOOKED_AT} of them or the
 * first line that is not one (which the reader then refuses with its number), must be one architecture's. No other
 * dump format has both (a {@code cpuid -r} dump, a sysctl listing, Coreinfo's output and the {@code cpufeatures} dumps
 * have none of these names, or no such line at their start), so no module claims another's file.
 */
public final class ProcCpuinfoText {

    /** How many field lines recognition looks at: a few blocks of any architecture's text. */
    static final int LOOKED_AT = 256;

    /** The longest name a field line has: the kernels' are at most 17 characters ({@code CPU architecture}). */
    static final int LONGEST_NAME = 40;

    /** How much of a value recognition looks at: a {@code Features} line is a few hundred characters. */
    private static final int VALUE_LOOKED_AT = 4096;

    /** The names of 32-bit Arm hwcaps that no arm64 {@code Features} line has ({@code arch/arm/kernel/setup.c}). */
    private static final Set<String> ARM32_WORDS = Set.of("swp", "half", "thumb", "26bit", "fastmult", "fpa", "vfp",
            "edsp", "java", "iwmmxt", "crunch", "thumbee", "vfpv3", "vfpv3d16", "tls", "vfpv4", "idiva", "idivt", "vfpd32",
            "lpae");

    /** What a line that is not {@code name : value} is told is accepted. */
    private static final String ACCEPTED = "accepted: the kernel's 'name : value' lines ('processor\t: 0',"
            + " 'model name\t: ...'), blank lines between processors and '#' comment lines";

    private ProcCpuinfoText() {
    }

    /**
     * Which architecture's kernel wrote {@code text}, if it is a {@code /proc/cpuinfo}: {@code x86_64},
     * {@code aarch64}, {@code arm} (32-bit), {@code ppc64le} (any powerpc kernel's), {@code riscv64}, {@code riscv32},
     * {@code s390x}, {@code loongarch64} or {@code mips}. Looks at the first {@link #LOOKED_AT} field lines only, in
     * place: a text of any size costs the same.
     *
     * @param text a file's text; not null
     * @return the architecture; empty when the text is not a {@code /proc/cpuinfo} of one of them
     */
    public static Optional<String> architecture(String text) {
        Objects.requireNonNull(text, "text");
        Map<String, String> seen = new HashMap<>();
        int pos = 0;
        int fields = 0;
        while (pos < text.length() && fields < LOOKED_AT) {
            int end = pos;
            while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
                end++;
            }
            int start = skipBlanks(text, pos, end);
            if (start < end && text.charAt(start) != '#') {
                int colon = colon(text, start, end);
                if (colon < 0) {
                    // not 'name : value': no /proc/cpuinfo starts so; after its fields, the reader names the line
                    if (fields == 0) {
                        return Optional.empty();
                    }
                    break;
                }
                String name = text.substring(start, trimEnd(text, start, colon));
                if (!seen.containsKey(name)) {
                    int value = skipBlanks(text, colon + 1, end);
                    seen.put(name, text.substring(value, Math.min(trimEnd(text, value, end), value + VALUE_LOOKED_AT)));
                }
                fields++;
            }
            pos = end + 1;
        }
        return classify(seen);
    }

    /** The architecture whose kernel prints these fields, from their names and a few values. */
    private static Optional<String> classify(Map<String, String> f) {
        String vendor = f.get("vendor_id");
        if (vendor != null && f.containsKey("cpu family") && f.containsKey("flags")) {
            return Optional.of("x86_64");
        }
        if (vendor != null && vendor.startsWith("IBM/S390")) {
            return Optional.of("s390x");
        }
        String features = f.get("Features");
        if (features != null && (f.containsKey("CPU implementer") || f.containsKey("CPU part"))) {
            for (String word : features.split("[ \t]+")) {
                if (ARM32_WORDS.contains(word)) {
                    return Optional.of("arm");
                }
            }
            return Optional.of("aarch64");
        }
        if (f.containsKey("cpu") && f.containsKey("revision") && features == null) {
            return Optional.of("ppc64le");
        }
        String isa = f.get("isa");
        if (isa != null && (isa.startsWith("rv64") || isa.startsWith("rv32"))) {
            return Optional.of(isa.startsWith("rv64") ? "riscv64" : "riscv32");
        }
        if (f.containsKey("CPU Family") && f.containsKey("Model Name")) {
            return Optional.of("loongarch64");
        }
        if (f.containsKey("cpu model") && f.containsKey("system type")) {
            return Optional.of("mips");
        }
        return Optional.empty();
    }

    /**
     * One block of fields: the lines between two blank lines, with the fields a reader keeps.
     *
     * @param file       the file's name, for errors
     * @param line       the line of the block's first field, 1-based
     * @param processors how many {@code processor : N} lines the block has: one per logical CPU on most kernels;
     *                   several, before one shared set of fields, on arm64 kernels before 3.19; none in a trailer
     *                   block of machine-wide fields
     * @param fields     the kept fields by name, their first value in the block, trimmed; unmodifiable
     * @param lines      the line of each kept field, 1-based; unmodifiable
     */
    public record Block(String file, int line, int processors, Map<String, String> fields, Map<String, Integer> lines) {

        /**
         * Copies the parts.
         *
         * @param file       the file's name; not null
         * @param line       the line of the block's first field
         * @param processors how many {@code processor} lines it has
         * @param fields     the kept fields; not null
         * @param lines      their lines; not null
         */
        public Block {
            Objects.requireNonNull(file, "file");
            fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
            lines = Map.copyOf(lines);
        }

        /**
         * A field the block must have.
         *
         * @param name the field's name
         * @param what what the block is, for the error ({@code processor 3})
         * @return its value
         * @throws DumpFormatException on the block's first line, when it does not have the field
         */
        public String require(String name, String what) throws DumpFormatException {
            String v = fields.get(name);
            if (v == null) {
                throw new DumpFormatException(file, line, what + " has no '" + name + "' line");
            }
            return v;
        }

        /**
         * A field that is a number as the kernel prints it, decimal or {@code 0x} and hexadecimal digits, ASCII only.
         *
         * @param name the field's name
         * @param max  the largest value accepted
         * @return its value; -1 when the block does not have the field
         * @throws DumpFormatException on the field's line, when it is not such a number of at most {@code max}
         */
        public long number(String name, long max) throws DumpFormatException {
            String v = fields.get(name);
            if (v == null) {
                return -1;
            }
            long n = parse(v);
            if (n < 0 || n > max) {
                throw new DumpFormatException(file, lines.get(name), "'" + name + "' is '" + abbreviate(v)
                        + "'; accepted: a number of at most " + max + ", decimal or 0x and hex digits");
            }
            return n;
        }

        /** {@code v} as decimal or {@code 0x} hexadecimal ASCII digits, up to 16; -1 when it is not. */
        private static long parse(String v) {
            boolean hex = v.startsWith("0x") || v.startsWith("0X");
            String digits = hex ? v.substring(2) : v;
            if (digits.isEmpty() || digits.length() > (hex ? 15 : 18)) {
                return -1;
            }
            long n = 0;
            for (int i = 0; i < digits.length(); i++) {
                char c = digits.charAt(i);
                int d = c >= '0' && c <= '9' ? c - '0' : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                        : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
                if (d < 0) {
                    return -1;
                }
                n = n * (hex ? 16 : 10) + d;
            }
            return n;
        }
    }

    /** What a reader does with each block, in file order. */
    @FunctionalInterface
    public interface BlockReader {
        /**
         * Takes one block.
         *
         * @param block the block
         * @throws DumpFormatException when the block is malformed for the architecture
         */
        void block(Block block) throws DumpFormatException;
    }

    /**
     * Reads {@code text} block by block, keeping the fields named in {@code keep}: a line is copied at most once, a
     * value only when its field is kept, and no block is held once {@code reader} has it, so a text is read in memory
     * of the longest line, what the reader keeps and the processors' numbers (8192 at most). The kernel's rules
     * ({@link ProcCpuinfo}) hold: each {@code processor} once, each kept field once in a block, no NUL; a text that
     * breaks one is refused on the line, not read in part.
     *
     * @param file   the file's name, for errors
     * @param text   the text; not null
     * @param keep   the names of the fields to keep; {@code processor} lines are counted whether kept or not
     * @param reader takes each block that has a field, in order
     * @throws DumpFormatException naming the line and what is accepted, for a line longer than
     *                             {@link TextLines#MAX_LINE}, one that is not {@code name : value}, a NUL anywhere, a
     *                             {@code processor} that is not a number from 0 to 8191 or one an earlier line has, a
     *                             kept field a second time in a block; or whatever {@code reader} throws
     */
    public static void read(String file, String text, Set<String> keep, BlockReader reader) throws DumpFormatException {
        Objects.requireNonNull(file, "file");
        Set<String> kept = new HashSet<>(keep);
        Map<String, String> fields = new LinkedHashMap<>();
        Map<String, Integer> lines = new HashMap<>();
        ProcCpuinfo.Processors numbers = new ProcCpuinfo.Processors();
        int blockLine = 0;
        int processors = 0;
        int n = 0;
        for (String line : TextLines.of(text)) {
            n++;
            if (line.length() > TextLines.MAX_LINE) {
                throw new DumpFormatException(file, n, TextLines.tooLong(line.length()));
            }
            int nul = ProcCpuinfo.nul(line);
            if (nul >= 0) {
                throw new DumpFormatException(file, n, ProcCpuinfo.nulProblem(nul) + "; " + ProcCpuinfo.NUL_ACCEPTED);
            }
            int start = skipBlanks(line, 0, line.length());
            if (start == line.length()) {
                if (blockLine > 0) {
                    reader.block(new Block(file, blockLine, processors, fields, lines));
                    fields.clear();
                    lines.clear();
                    blockLine = 0;
                    processors = 0;
                }
                continue;
            }
            if (line.charAt(start) == '#') {
                continue;
            }
            int colon = colon(line, start, line.length());
            if (colon < 0) {
                throw new DumpFormatException(file, n, "not a line of /proc/cpuinfo: '" + abbreviate(line.strip())
                        + "'; " + ACCEPTED);
            }
            String name = line.substring(start, trimEnd(line, start, colon));
            if (blockLine == 0) {
                blockLine = n;
            }
            String value = null;
            if (name.equals("processor")) {
                value = value(line, colon);
                String problem = numbers.add(value, n);
                if (problem != null) {
                    throw new DumpFormatException(file, n, problem);
                }
                processors++;
            } else if (fields.containsKey(name)) {
                throw new DumpFormatException(file, n, ProcCpuinfo.twice(name, lines.get(name)));
            }
            if (kept.contains(name) && !fields.containsKey(name)) {
                fields.put(name, value != null ? value : value(line, colon));
                lines.put(name, n);
            }
        }
        if (blockLine > 0) {
            reader.block(new Block(file, blockLine, processors, fields, lines));
        }
    }

    /** The value of the field line {@code line} whose colon is at {@code colon}, without the blanks around it. */
    private static String value(String line, int colon) {
        return line.substring(skipBlanks(line, colon + 1, line.length()), trimEnd(line, colon + 1, line.length()));
    }

    /**
     * The position of the colon of a field line between {@code start} and {@code end}: after a name of 1 to
     * {@link #LONGEST_NAME} characters; -1 when there is none.
     */
    private static int colon(String s, int start, int end) {
        int limit = Math.min(end, start + LONGEST_NAME + 8);
        for (int i = start; i < limit; i++) {
            char c = s.charAt(i);
            if (c == ':') {
                int nameEnd = trimEnd(s, start, i);
                return nameEnd > start && nameEnd - start <= LONGEST_NAME ? i : -1;
            }
            if (c < 0x20 && c != '\t' || c > 0x7e) {
                return -1;
            }
        }
        return -1;
    }

    private static int skipBlanks(String s, int from, int end) {
        int i = from;
        while (i < end && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    private static int trimEnd(String s, int start, int end) {
        int i = end;
        while (i > start && (s.charAt(i - 1) == ' ' || s.charAt(i - 1) == '\t')) {
            i--;
        }
        return i;
    }

    /**
     * A value as an error shows it: at most 60 characters.
     *
     * @param s the value
     * @return it, or its first 57 characters and {@code ...}
     */
    public static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
