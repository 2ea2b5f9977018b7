package io.cpufeatures.os;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * A manifest of bundled native libraries: which file is built for which platform and variant, its SHA-256, and what
 * it needs, one line each below a header naming the format. The x86 probe library's and dispatch's native variants'
 * manifests are of this format:
 * <pre>
 * # cpufeatures native variants 1
 * # PLATFORM/VARIANT/FILE             SHA-256   NEEDS
 * linux-x86_64/x86-64-v3/libxor.so    9a0b...   elf-note
 * linux-x86_64/baseline/libxor.so     77d2...   -
 * </pre>
 * A platform is {@code OS-ARCH} ({@code linux}, {@code macos}, {@code windows}, {@code freebsd}; {@code x86_64},
 * {@code aarch64}, {@code ppc64le}); a variant's name is lower-case words of letters and digits joined by
 * {@code .}, {@code _} or {@code -}; a file is a plain name. NEEDS is kept as written: its reader
 * ({@code io.cpufeatures.dispatch.NativeVariants}) gives it a meaning. Lines starting with {@code #} and empty ones
 * are skipped.
 *
 * <p>Read with loops, not regular expressions or streams: the x86 first answer reads its library's line on a cold
 * JVM. Bounded: at most {@value #MAX_BYTES} bytes and {@value #MAX_ENTRIES} entries are read. A malformed manifest
 * is an {@link IllegalArgumentException} naming the manifest, the line and what is accepted.
 */
public final class NativeManifest {

    /** The manifest's first line. */
    public static final String HEADER = "# cpufeatures native variants 1";
    /** The largest manifest read. */
    public static final int MAX_BYTES = 64 << 10;
    /** The most entries one manifest lists. */
    public static final int MAX_ENTRIES = 256;

    private static final String[] OSES = {"linux", "macos", "windows", "freebsd"};
    private static final String[] ARCHITECTURES = {"x86_64", "aarch64", "ppc64le"};

    /**
     * One line of a manifest.
     *
     * @param platform {@code OS-ARCH}, e.g. {@code linux-x86_64}
     * @param variant  the variant's name, e.g. {@code x86-64-v3}
     * @param file     the file's name, e.g. {@code libxor.so}
     * @param sha256   the file's SHA-256, 64 lower-case hexadecimal digits
     * @param needs    what it needs, as written
     * @param where    the manifest and line, for messages: {@code native variants manifest NAME:LINE}
     */
    public record Entry(String platform, String variant, String file, String sha256, String needs, String where) {

        /**
         * Checks that no part is null.
         *
         * @param platform {@code OS-ARCH}
         * @param variant  the variant's name
         * @param file     the file's name
         * @param sha256   the file's SHA-256
         * @param needs    what it needs, as written
         * @param where    the manifest and line
         */
        public Entry {
            Objects.requireNonNull(platform, "platform");
            Objects.requireNonNull(variant, "variant");
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(sha256, "the SHA-256");
            Objects.requireNonNull(needs, "needs");
            Objects.requireNonNull(where, "where");
        }

        /** {@return the file's path below the manifest's directory: {@code PLATFORM/VARIANT/FILE}} */
        public String path() {
            return platform + "/" + variant + "/" + file;
        }
    }

    private final String name;
    private final List<Entry> entries;

    private NativeManifest(String name, List<Entry> entries) {
        this.name = name;
        this.entries = List.copyOf(entries);
    }

    /**
     * Reads the manifest {@code name} from {@code in}, at most {@link #MAX_BYTES} bytes of it.
     *
     * @param name the manifest's name, for messages; not null
     * @param in   the manifest's bytes, or null when it is not on the class path; closed by the caller
     * @return the manifest
     * @throws IllegalArgumentException naming the manifest (and line) for one that is missing, too large, not of
     *                                  this format, or has a line that is not an entry
     * @throws IOException              when reading fails
     */
    public static NativeManifest read(String name, InputStream in) throws IOException {
        Objects.requireNonNull(name, "name");
        if (in == null) {
            throw new IllegalArgumentException("native variants manifest " + name + " is not on the class path");
        }
        byte[] bytes = in.readNBytes(MAX_BYTES + 1);
        if (bytes.length > MAX_BYTES) {
            throw new IllegalArgumentException("native variants manifest " + name + " is larger than "
                    + (MAX_BYTES >> 10) + " KiB; a manifest lists at most " + MAX_ENTRIES + " variants");
        }
        return parse(name, new String(bytes, StandardCharsets.UTF_8));
    }

    /**
     * Parses a manifest's text.
     *
     * @param name the manifest's name, for messages; not null
     * @param text the manifest; not null
     * @return the manifest
     * @throws IllegalArgumentException naming the manifest and line, for text not of this format or a line that is
     *                                  not an entry, more than {@link #MAX_ENTRIES} entries, or one listed twice
     */
    public static NativeManifest parse(String name, String text) {
        Objects.requireNonNull(name, "name");
        List<String> lines = lines(text);
        if (lines.isEmpty() || !lines.get(0).strip().equals(HEADER)) {
            throw new IllegalArgumentException("native variants manifest " + name + ":1: the first line must be '"
                    + HEADER + "'");
        }
        List<Entry> entries = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = "native variants manifest " + name + ":" + (i + 1);
            if (entries.size() == MAX_ENTRIES) {
                throw new IllegalArgumentException(where + ": more than " + MAX_ENTRIES + " variants");
            }
            Entry e = parseLine(line, where);
            if (!seen.add(e.platform() + "/" + e.variant())) {
                throw new IllegalArgumentException(where + ": variant " + e.platform() + "/" + e.variant()
                        + " is listed twice");
            }
            entries.add(e);
        }
        return new NativeManifest(name, entries);
    }

    /** {@return the manifest's name} */
    public String name() {
        return name;
    }

    /** {@return every entry, in the manifest's order} */
    public List<Entry> entries() {
        return entries;
    }

    /**
     * The entry of {@code platform} and {@code variant}.
     *
     * @param platform {@code OS-ARCH}; not null
     * @param variant  the variant's name; not null
     * @return the entry
     * @throws IllegalArgumentException naming the manifest and what it lists, when it lists no such entry
     */
    public Entry entry(String platform, String variant) {
        for (Entry e : entries) {
            if (e.platform().equals(platform) && e.variant().equals(variant)) {
                return e;
            }
        }
        List<String> listed = new ArrayList<>();
        for (Entry e : entries) {
            listed.add(e.platform() + "/" + e.variant());
        }
        throw new IllegalArgumentException("native variants manifest " + name + " lists no " + platform + "/" + variant
                + " (it lists " + (listed.isEmpty() ? "nothing" : String.join(", ", listed)) + ")");
    }

    private static Entry parseLine(String line, String where) {
        List<String> f = fields(line);
        if (f.size() != 3) {
            throw new IllegalArgumentException(where + ": '" + line + "' has " + f.size() + " fields; a variant is"
                    + " PLATFORM/VARIANT/FILE SHA-256 NEEDS");
        }
        String path = f.get(0);
        int first = path.indexOf('/');
        int second = first < 0 ? -1 : path.indexOf('/', first + 1);
        if (first < 0 || second < 0 || path.indexOf('/', second + 1) >= 0) {
            throw new IllegalArgumentException(where + ": '" + path + "' is not PLATFORM/VARIANT/FILE");
        }
        String platform = path.substring(0, first);
        String variant = path.substring(first + 1, second);
        String file = path.substring(second + 1);
        if (!platform(platform)) {
            throw new IllegalArgumentException(where + ": unknown platform '" + platform + "'; a platform is OS-ARCH with"
                    + " OS linux, macos, windows or freebsd and ARCH x86_64, aarch64 or ppc64le");
        }
        if (!validName(variant)) {
            throw new IllegalArgumentException(where + ": variant name '" + variant + "' must be lower-case letters and"
                    + " digits, separated by '.', '_' or '-'");
        }
        if (!plainFile(file)) {
            throw new IllegalArgumentException(where + ": '" + file + "' is not a plain file name");
        }
        String hash = f.get(1).toLowerCase(Locale.ROOT);
        if (!sha256(hash)) {
            throw new IllegalArgumentException(where + ": '" + f.get(1) + "' is not a SHA-256 (64 hexadecimal digits)");
        }
        return new Entry(platform, variant, file, hash, f.get(2), where);
    }

    /** The lines of {@code text}, split as {@link String#lines()} splits them (LF, CR LF, CR). */
    private static List<String> lines(String text) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                out.add(text.substring(start, i));
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        if (start < text.length()) {
            out.add(text.substring(start));
        }
        return out;
    }

    /** The fields of a stripped line, separated by runs of whitespace. */
    private static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < line.length() && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i > start) {
                out.add(line.substring(start, i));
            }
        }
        return out;
    }

    private static boolean platform(String p) {
        int dash = p.indexOf('-');
        return dash > 0 && oneOf(p.substring(0, dash), OSES) && oneOf(p.substring(dash + 1), ARCHITECTURES);
    }

    private static boolean oneOf(String s, String[] values) {
        for (String v : values) {
            if (v.equals(s)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code name} is lower-case words of letters and digits joined by single {@code .}, {@code _} or
     * {@code -}: the rule for the names of native variants (and of dispatch points and candidates).
     *
     * @param name the name; not null
     * @return whether it follows the rule
     */
    public static boolean validName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        boolean afterSeparator = true;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean word = c >= 'a' && c <= 'z' || c >= '0' && c <= '9';
            boolean separator = c == '.' || c == '_' || c == '-';
            if (!word && !(separator && !afterSeparator)) {
                return false;
            }
            afterSeparator = separator;
        }
        return !afterSeparator;
    }

    /** A plain file name: a letter, digit, {@code _}, {@code +} or {@code -}, then those or {@code .}. */
    private static boolean plainFile(String f) {
        if (f.isEmpty()) {
            return false;
        }
        for (int i = 0; i < f.length(); i++) {
            char c = f.charAt(i);
            boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '+'
                    || c == '-' || c == '.' && i > 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static boolean sha256(String h) {
        if (h.length() != 64) {
            return false;
        }
        for (int i = 0; i < 64; i++) {
            char c = h.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return "NativeManifest[" + name + ", " + entries.size() + " entries]";
    }
}
