package io.cpufeatures.os;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
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
 */
public final class ProcCpuinfo {

    private ProcCpuinfo() {
    }

    /**
     * The text of the file, as the kernel writes it (its bytes read as ISO-8859-1, so that no byte is refused).
     *
     * @param path  where it is ({@code /proc/cpuinfo}, or another file in tests); not null
     * @param linux whether the JVM runs on Linux: elsewhere there is no such file to read
     * @return the text
     * @throws IOException if not on Linux, or the file cannot be read
     */
    public static String read(Path path, boolean linux) throws IOException {
        if (!linux) {
            throw new IOException("/proc/cpuinfo exists only on Linux");
        }
        return Files.readString(path, StandardCharsets.ISO_8859_1);
    }

    /**
     * The blocks of {@code text}, in order, each its fields by name (the first of a repeated name kept).
     *
     * @param text the file's contents; not null
     * @return the blocks; unmodifiable
     */
    public static List<Map<String, String>> blocks(String text) {
        List<Map<String, String>> blocks = new ArrayList<>();
        Map<String, String> block = new LinkedHashMap<>();
        for (String line : (text + "\n\n").split("\r?\n", -1)) {
            if (line.isBlank()) {
                if (!block.isEmpty()) {
                    blocks.add(Collections.unmodifiableMap(block));
                    block = new LinkedHashMap<>();
                }
                continue;
            }
            int colon = line.indexOf(':');
            if (colon > 0) {
                block.putIfAbsent(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
            }
        }
        return Collections.unmodifiableList(blocks);
    }

    /**
     * The first block of {@code text} that has a field named {@code field}.
     *
     * @param text  the file's contents; not null
     * @param field the field's name ({@code Features}); not null
     * @return the block; empty when none has it
     */
    public static Optional<Map<String, String>> firstWith(String text, String field) {
        return blocks(text).stream().filter(b -> b.containsKey(field)).findFirst();
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
}
