package io.cpufeatures.core.kit;

import io.cpufeatures.core.DumpFormatException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A listing as macOS's {@code sysctl} command prints it: {@code key: value} lines (a value may be empty), with
 * {@code #} comments and blank lines. The lines only: what the keys mean is each architecture's reader's. The
 * first value of a key is kept. Every architecture module that reads what a Mac says reads it through this.
 *
 * @param file   the file's name, for errors
 * @param values the values by key, in file order; unmodifiable
 * @param lines  the line of each key's value, 1-based; unmodifiable
 */
public record SysctlListing(String file, Map<String, String> values, Map<String, Integer> lines) {

    /**
     * Copies the parts.
     *
     * @param file   the file's name; not null
     * @param values the values by key; not null
     * @param lines  the line of each key; not null
     */
    public SysctlListing {
        Objects.requireNonNull(file, "file");
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        lines = Map.copyOf(lines);
    }

    /**
     * Reads the lines of a listing.
     *
     * @param file     the file's name, for errors
     * @param text     the listing
     * @param accepted an example of what the reader accepts, for the error, e.g. {@code 'hw.optional.neon: 1'}
     * @return the listing
     * @throws DumpFormatException naming the line, for a line that is not {@code key: value} with a key without spaces
     */
    public static SysctlListing parse(String file, String text, String accepted) throws DumpFormatException {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, Integer> lines = new LinkedHashMap<>();
        String[] all = text.split("\r?\n", -1);
        for (int i = 0; i < all.length; i++) {
            String line = all[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int colon = line.indexOf(':');
            boolean keyValue = colon > 0 && (colon == line.length() - 1 || line.charAt(colon + 1) == ' ')
                    && line.substring(0, colon).indexOf(' ') < 0;
            if (!keyValue) {
                throw new DumpFormatException(file, i + 1, "not a 'key: value' line of a sysctl listing: '"
                        + abbreviate(line) + "'; accepted: " + accepted + " and the like");
            }
            String key = line.substring(0, colon);
            if (values.putIfAbsent(key, line.substring(colon + 1).strip()) == null) {
                lines.put(key, i + 1);
            }
        }
        return new SysctlListing(file, values, lines);
    }

    /**
     * The value of a key that is a flag.
     *
     * @param key the key
     * @return whether it is 1; empty when the listing does not have it
     * @throws DumpFormatException naming the key's line, when the value is neither 0 nor 1
     */
    public Optional<Boolean> flag(String key) throws DumpFormatException {
        String v = values.get(key);
        if (v == null) {
            return Optional.empty();
        }
        if (!v.equals("0") && !v.equals("1")) {
            throw new DumpFormatException(file, lineOf(key), key + " is '" + abbreviate(v) + "'; accepted: 0 or 1");
        }
        return Optional.of(v.equals("1"));
    }

    /**
     * The line of a key's value.
     *
     * @param key the key
     * @return its line, 1-based; 0 when the listing does not have it
     */
    public int lineOf(String key) {
        return lines.getOrDefault(key, 0);
    }

    /**
     * A decimal count (the number of logical CPUs, say).
     *
     * @param key       the key
     * @param otherwise what to answer when the key is absent or not 1 to 5 decimal digits
     * @return its value when it is 1 to 5 decimal digits, else {@code otherwise}
     */
    public int count(String key, int otherwise) {
        String v = values.get(key);
        return v != null && v.matches("[0-9]{1,5}") ? Integer.parseInt(v) : otherwise;
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
