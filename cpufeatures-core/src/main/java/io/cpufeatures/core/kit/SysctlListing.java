package io.cpufeatures.core.kit;

import io.cpufeatures.core.DumpFormatException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A listing as macOS's {@code sysctl} command prints it: {@code key: value} lines (a value may be empty), with
 * {@code #} comments and blank lines, or pasted as a shell transcript: a prompt line ({@code $ sysctl hw},
 * {@code user@mac ~ % sysctl -a | grep machdep.cpu}, {@code >> ...}) and the lines of another command's output up to
 * the next {@code key: value} line (what {@code uname -a} printed, the command line itself pasted without its prompt)
 * are skipped. A line that is not {@code key: value} in the midst of the listing, with no prompt before it, is
 * refused: that is a damaged listing, not a transcript. The lines only: what the keys mean is each architecture's reader's. Every line
 * is checked, but only the keys the reader asks for are kept (a listing of a million keys is read in memory of the
 * few it uses), the first value of each. Lines end as {@link TextLines} ends them. Every architecture module that
 * reads what a Mac says reads it through this.
 *
 * @param file   the file's name, for errors
 * @param values the values of the keys kept, in file order; unmodifiable
 * @param lines  the line of each kept key's value, 1-based; unmodifiable
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
     * Reads the lines of a listing, keeping the values of {@code keys}. The text is scanned in place: a line is not
     * copied, and a value only when its key is kept.
     *
     * @param file     the file's name, for errors
     * @param text     the listing
     * @param accepted an example of what the reader accepts, for the error, e.g. {@code 'hw.optional.neon: 1'}
     * @param keys     the keys whose values are kept; not null
     * @return the listing, with the values of those of {@code keys} it has
     * @throws DumpFormatException naming the line, for a line in the midst of the listing that is not {@code key: value}
     *                             with a key without spaces (after a prompt line, such lines are another command's
     *                             output, skipped); or, without a line, for a text whose every line was skipped: no
     *                             listing at all
     */
    public static SysctlListing parse(String file, String text, String accepted, Set<String> keys)
            throws DumpFormatException {
        Objects.requireNonNull(text, "text");
        int longest = 0;
        for (String k : keys) {
            longest = Math.max(longest, k.length());
        }
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, Integer> lines = new LinkedHashMap<>();
        // in a listing's lines: a key: value line was read since the start or the last prompt
        boolean inListing = false;
        boolean anyKeyValue = false;
        boolean skipped = false;
        int n = 0;
        int pos = 0;
        while (true) {
            int end = pos;
            while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
                end++;
            }
            n++;
            int start = pos;
            int stop = end;
            while (start < stop && Character.isWhitespace(text.charAt(start))) {
                start++;
            }
            while (stop > start && Character.isWhitespace(text.charAt(stop - 1))) {
                stop--;
            }
            if (start < stop && text.charAt(start) != '#') {
                int colon = start;
                while (colon < stop && text.charAt(colon) != ':' && text.charAt(colon) != ' ') {
                    colon++;
                }
                boolean keyValue = colon > start && colon < stop && text.charAt(colon) == ':'
                        && (colon == stop - 1 || text.charAt(colon + 1) == ' ');
                if (!keyValue) {
                    boolean prompt = PROMPT.matcher(text.subSequence(start, Math.min(stop, start + TextLines.MAX_LINE)))
                            .matches();
                    if (prompt || !inListing) {
                        // a transcript's prompt, or another command's output before the listing or after a prompt
                        inListing = false;
                        skipped = true;
                    } else {
                        String line = text.substring(start, Math.min(stop, start + 61));
                        throw new DumpFormatException(file, n, "not a 'key: value' line of a sysctl listing: '"
                                + abbreviate(line) + "'; accepted: " + accepted + " and the like, a shell transcript's"
                                + " prompt lines before them");
                    }
                } else {
                    inListing = true;
                    anyKeyValue = true;
                }
                if (keyValue && colon - start <= longest) {
                    String key = text.substring(start, colon);
                    if (keys.contains(key) && !values.containsKey(key)) {
                        int value = colon + 1;
                        while (value < stop && Character.isWhitespace(text.charAt(value))) {
                            value++;
                        }
                        values.put(key, text.substring(value, stop));
                        lines.put(key, n);
                    }
                }
            }
            if (end == text.length()) {
                break;
            }
            pos = end + (text.charAt(end) == '\r' && end + 1 < text.length() && text.charAt(end + 1) == '\n' ? 2 : 1);
        }
        if (skipped && !anyKeyValue) {
            throw new DumpFormatException(file, 0, "no 'key: value' line, only a transcript's other lines: not a sysctl"
                    + " listing; accepted: " + accepted + " and the like");
        }
        return new SysctlListing(file, values, lines);
    }

    /**
     * A shell's prompt and a command: up to three words (user@host, the directory), a word ending in {@code $},
     * {@code %}, {@code >}, {@code ❯} or {@code #} (one or two), a space and the command.
     */
    private static final Pattern PROMPT = Pattern.compile("(?:\\S+\\s+){0,3}?\\S*?[$%>\u276f#]{1,2}\\s+\\S.*");

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
     * A positive decimal count (the number of logical CPUs, say).
     *
     * @param key       the key
     * @param otherwise what to answer when the listing does not have the key
     * @return its value
     * @throws DumpFormatException naming the key's line, when the value is not 1 to 99999 in ASCII digits
     */
    public int count(String key, int otherwise) throws DumpFormatException {
        String v = values.get(key);
        if (v == null) {
            return otherwise;
        }
        int n = decimal(v, 99_999);
        if (n < 1) {
            throw new DumpFormatException(file, lineOf(key), key + " is '" + abbreviate(v) + "'; accepted: a positive count,"
                    + " 1 to 99999");
        }
        return n;
    }

    /**
     * A decimal number of at most {@code max} (a CPU's family, say).
     *
     * @param key       the key
     * @param max       the largest value accepted, at most 99999
     * @param otherwise what to answer when the listing does not have the key
     * @return its value
     * @throws DumpFormatException naming the key's line, when the value is not 0 to {@code max} in ASCII digits
     */
    public int number(String key, int max, int otherwise) throws DumpFormatException {
        String v = values.get(key);
        if (v == null) {
            return otherwise;
        }
        int n = decimal(v, max);
        if (n < 0) {
            throw new DumpFormatException(file, lineOf(key), key + " is '" + abbreviate(v) + "'; accepted: 0 to " + max);
        }
        return n;
    }

    /** {@code v} as 1 to 5 ASCII decimal digits, when it is that and at most {@code max}; -1 otherwise. */
    private static int decimal(String v, int max) {
        if (v.isEmpty() || v.length() > 5) {
            return -1;
        }
        int n = 0;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n <= max ? n : -1;
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
