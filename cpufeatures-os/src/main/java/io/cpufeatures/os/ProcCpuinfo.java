package io.cpufeatures.os;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The kernel's {@code /proc/cpuinfo} as blocks of fields: one block per processor, then (on some
 * architectures) a trailer block of machine-wide fields; blocks are separated by blank lines, each line is
 * {@code name : value}. What the fields mean is each architecture's own (x86's {@code flags}, arm64's
 * {@code Features}, powerpc's {@code cpu} and {@code revision}).
 *
 * <p>The rules a text is held to are the kernel's, and this class has them once for the probes and the dump readers
 * ({@code core.kit.ProcCpuinfoText}): a kernel prints each logical CPU once ({@link #MAX_PROCESSORS} at most, numbered
 * in decimal), each field once in a CPU's block ({@code processor} lines aside: arm64 kernels before 3.19 print all of
 * them in one block) and never a NUL. A text that breaks one is not a kernel's, and is refused on the line, never
 * half read: the probes' source then fails with that reason. Written for a cold JVM: no regex, stream or lambda.
 */
public final class ProcCpuinfo {

    /**
     * The most logical CPUs a Linux kernel numbers, 8192: {@code NR_CPUS} is at most that ({@code arch/x86/Kconfig}
     * with {@code MAXSMP}, {@code arch/powerpc/platforms/Kconfig.cputype}; 4096 on arm64), so {@code processor} lines
     * run from 0 to 8191.
     */
    public static final int MAX_PROCESSORS = 8192;

    /**
     * The most bytes of the file read, 32 MiB: {@link #MAX_PROCESSORS} x86 blocks of 4 KiB (a block with every flag,
     * the VMX flags and the bugs is under 3 KiB).
     */
    public static final int MAX_BYTES = 32 << 20;

    /** What a {@code processor} line is told is accepted. */
    public static final String PROCESSOR_ACCEPTED = "accepted: a logical CPU's number as the kernel prints it, 0 to "
            + (MAX_PROCESSORS - 1) + " in decimal, each once";

    /** What a line with a NUL is told is accepted. */
    public static final String NUL_ACCEPTED = "accepted: the kernel's text, which has no NUL";

    private ProcCpuinfo() {
    }

    /**
     * The text of the file, as the kernel writes it (its bytes read as ISO-8859-1, so that no byte is refused), at
     * most {@link #MAX_BYTES}.
     *
     * @param path  where it is ({@code /proc/cpuinfo}, or another file in tests); not null
     * @param linux whether the JVM runs on Linux: elsewhere there is no such file to read
     * @return the text
     * @throws IOException if not on Linux, the file cannot be read ({@link IoFailure}), or it is larger
     */
    public static String read(Path path, boolean linux) throws IOException {
        if (!linux) {
            throw new IOException("/proc/cpuinfo exists only on Linux");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(path)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (IOException e) {
            throw new IOException(IoFailure.describe(path, e), e);
        }
        if (bytes.length > MAX_BYTES) {
            throw new IOException(path + ": larger than " + (MAX_BYTES >> 20) + " MiB; accepted: a kernel's text, at most "
                    + MAX_PROCESSORS + " blocks of a few KiB");
        }
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /**
     * The blocks of {@code text}, in order, each its fields by name. A line without a colon is no field and is
     * passed over.
     *
     * @param file the file's name, for errors; not null
     * @param text the file's contents; not null
     * @return the blocks; unmodifiable
     * @throws IllegalArgumentException {@code FILE:LINE: what; accepted: ...}, for a NUL, a field twice in a block, a
     *                                  {@code processor} that is not a number from 0 to {@link #MAX_PROCESSORS}-1,
     *                                  or one a block before has
     */
    public static List<Map<String, String>> blocks(String file, String text) {
        Objects.requireNonNull(file, "file");
        List<Map<String, String>> blocks = new ArrayList<>();
        Map<String, String> block = new LinkedHashMap<>();
        Map<String, Integer> lines = new HashMap<>();
        Processors processors = new Processors();
        int pos = 0;
        int n = 0;
        while (pos <= text.length()) {
            int end = pos;
            while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
                end++;
            }
            n++;
            String line = text.substring(pos, end);
            pos = end + (end + 1 < text.length() && text.charAt(end) == '\r' && text.charAt(end + 1) == '\n' ? 2 : 1);
            int nul = nul(line);
            if (nul >= 0) {
                throw new IllegalArgumentException(file + ":" + n + ": " + nulProblem(nul) + "; " + NUL_ACCEPTED);
            }
            if (line.isBlank()) {
                if (!block.isEmpty()) {
                    blocks.add(Collections.unmodifiableMap(block));
                    block = new LinkedHashMap<>();
                    lines.clear();
                }
                continue;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            if (name.equals("processor")) {
                String problem = processors.add(value, n);
                if (problem != null) {
                    throw new IllegalArgumentException(file + ":" + n + ": " + problem);
                }
                block.putIfAbsent(name, value);
                continue;
            }
            Integer earlier = lines.putIfAbsent(name, n);
            if (earlier != null) {
                throw new IllegalArgumentException(file + ":" + n + ": " + twice(name, earlier));
            }
            block.put(name, value);
        }
        if (!block.isEmpty()) {
            blocks.add(Collections.unmodifiableMap(block));
        }
        return Collections.unmodifiableList(blocks);
    }

    /**
     * The first block of {@code text} that has a field named {@code field}.
     *
     * @param file  the file's name, for errors; not null
     * @param text  the file's contents; not null
     * @param field the field's name ({@code Features}); not null
     * @return the block; empty when none has it
     * @throws IllegalArgumentException as {@link #blocks} does
     */
    public static Optional<Map<String, String>> firstWith(String file, String text, String field) {
        for (Map<String, String> b : blocks(file, text)) {
            if (b.containsKey(field)) {
                return Optional.of(b);
            }
        }
        return Optional.empty();
    }

    /**
     * A field that holds a number, decimal or {@code 0x} hexadecimal, as the kernel prints them.
     *
     * @param fields a block; not null
     * @param name   the field's name; not null
     * @return its value
     * @throws IllegalArgumentException if the field is missing or not a number, naming it
     */
    public static int number(Map<String, String> fields, String name) {
        String v = fields.get(Objects.requireNonNull(name, "name"));
        if (v == null) {
            throw new IllegalArgumentException("/proc/cpuinfo has no '" + name + "' field");
        }
        try {
            return v.startsWith("0x") || v.startsWith("0X") ? Integer.parseUnsignedInt(v.substring(2), 16) : Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("/proc/cpuinfo field '" + name + "' is not a number: '" + v + "'");
        }
    }

    /**
     * The words of a list field ({@code flags} on x86, {@code Features} on arm64), split at white space: a loop, not a
     * regex, as a first answer may read it.
     *
     * @param value the field's value; not null
     * @return its words, in order; none for a blank value
     */
    public static List<String> words(String value) {
        List<String> words = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= value.length(); i++) {
            boolean space = i == value.length() || Character.isWhitespace(value.charAt(i));
            if (space && start >= 0) {
                words.add(value.substring(start, i));
                start = -1;
            } else if (!space && start < 0) {
                start = i;
            }
        }
        return words;
    }

    /**
     * The number of a {@code processor} line's value: decimal ASCII digits, as the kernel's {@code %u} prints it, from
     * 0 to {@link #MAX_PROCESSORS}-1.
     *
     * @param value the value, trimmed; not null
     * @return the number; -1 when the value is not such a number
     */
    public static int processorNumber(String value) {
        if (value.isEmpty() || value.length() > 4 || value.length() > 1 && value.charAt(0) == '0') {
            return -1;
        }
        int n = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + c - '0';
        }
        return n < MAX_PROCESSORS ? n : -1;
    }

    /**
     * Where a NUL is in a line.
     *
     * @param line a line; not null
     * @return its index; -1 when there is none
     */
    public static int nul(String line) {
        return line.indexOf('\u0000');
    }

    /**
     * The error of a NUL at index {@code at} of its line.
     *
     * @param at the index
     * @return what is wrong, for the line's number to precede and {@link #NUL_ACCEPTED} to follow
     */
    public static String nulProblem(int at) {
        return "a NUL (byte 0) at column " + (at + 1);
    }

    /**
     * The error of a field a block has twice.
     *
     * @param name  the field's name
     * @param first the line of its first value, 1-based
     * @return what is wrong and what is accepted, for the second line's number to precede
     */
    public static String twice(String name, int first) {
        return "a second '" + abbreviate(name) + "' line in the block (the first is line " + first + "); accepted: each"
                + " field once per processor's block, as the kernel prints it";
    }

    /**
     * The {@code processor} numbers of a text, each once: what a reader adds each {@code processor} line to. Holds
     * the line of each number seen, {@link #MAX_PROCESSORS} of them at most.
     */
    public static final class Processors {

        private final int[] lines = new int[MAX_PROCESSORS];

        /** None seen yet. */
        public Processors() {
        }

        /**
         * Adds a {@code processor} line's value.
         *
         * @param value the value, trimmed; not null
         * @param line  the line, 1-based
         * @return null when it is a number not seen before; otherwise what is wrong and what is accepted, for the
         *         line's number to precede
         */
        public String add(String value, int line) {
            int n = processorNumber(value);
            if (n < 0) {
                return "'processor' is '" + abbreviate(value) + "'; " + PROCESSOR_ACCEPTED;
            }
            if (lines[n] != 0) {
                return "processor " + n + " again (first at line " + lines[n] + "); " + PROCESSOR_ACCEPTED;
            }
            lines[n] = line;
            return null;
        }
    }

    /** A value as an error shows it: at most 60 characters. */
    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
