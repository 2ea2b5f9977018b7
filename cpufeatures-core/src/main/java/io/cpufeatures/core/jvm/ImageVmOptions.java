package io.cpufeatures.core.jvm;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;

/**
 * Whether a runtime image carries VM options of its own. {@code jlink --add-options} stores them as the resource
 * {@code /java.base/jdk/internal/vm/options} of the image's {@code lib/modules}, and HotSpot reads them before every
 * other source of options ({@code Arguments::parse}, src/hotspot/share/runtime/arguments.cpp: "the java.base vm options
 * resource"); nothing else in the process shows them. Looked up in the image's own index, in plain Java: the header,
 * one slot of the redirect and offsets tables, one location and its strings (the layout of
 * {@code jdk.internal.jimage.BasicImageReader}, {@code ImageHeader}, {@code ImageLocation} and
 * {@code ImageStringsReader}, JDK 17 and 25). The {@code jrt:} file system would answer too, at about 20 ms and 200
 * classes.
 */
final class ImageVmOptions {

    /** The image has no VM options resource. */
    static final int ABSENT = 0;
    /** The image has one: HotSpot read options this process's command line does not show. */
    static final int PRESENT = 1;
    /** The image could not be read as a jimage of a known version. */
    static final int UNKNOWN = 2;

    /** The resource {@code jlink --add-options} writes, as the image's index names it. */
    static final String RESOURCE = "/java.base/jdk/internal/vm/options";

    private static final int MAGIC = 0xCAFEDADA;
    private static final int MAJOR_VERSION = 1;
    private static final int HEADER_BYTES = 7 * 4;
    private static final int HASH_MULTIPLIER = 0x01000193;
    private static final int POSITIVE_MASK = 0x7FFFFFFF;
    /** Location attribute kinds ({@code ImageLocation.ATTRIBUTE_*}) up to the extension, the last one a name needs. */
    private static final int MODULE = 1;
    private static final int PARENT = 2;
    private static final int BASE = 3;
    private static final int EXTENSION = 4;
    private static final int KINDS = 8;
    /** More than a location's attributes take (eight attributes of at most eight bytes, each with its kind byte). */
    private static final int LOCATION_BYTES = 72;

    private ImageVmOptions() {
    }

    /**
     * {@return whether the image {@code modules} (a runtime's {@code lib/modules}) has the VM options resource:
     * {@link #ABSENT}, {@link #PRESENT}, or {@link #UNKNOWN} when it is missing or not a jimage this reads}
     *
     * @param modules the image file; not null
     */
    static int of(File modules) {
        try (RandomAccessFile in = new RandomAccessFile(modules, "r")) {
            return find(in, RESOURCE);
        } catch (IOException | SecurityException | IllegalArgumentException e) {
            return UNKNOWN;
        }
    }

    /** Looks {@code name} up in the index of the image {@code in}. */
    static int find(RandomAccessFile in, String name) throws IOException {
        byte[] header = read(in, 0, HEADER_BYTES);
        boolean big = readInt(header, 0, true) == MAGIC;
        if (!big && readInt(header, 0, false) != MAGIC) {
            return UNKNOWN;
        }
        if (readInt(header, 4, big) >>> 16 != MAJOR_VERSION) {
            return UNKNOWN;
        }
        int tableLength = readInt(header, 16, big);
        int locationsSize = readInt(header, 20, big);
        int stringsSize = readInt(header, 24, big);
        if (tableLength <= 0 || locationsSize < 0 || stringsSize < 0
                || HEADER_BYTES + 8L * tableLength + locationsSize + stringsSize > in.length()) {
            return UNKNOWN;
        }
        long offsets = HEADER_BYTES + 4L * tableLength;
        long locations = offsets + 4L * tableLength;
        long strings = locations + locationsSize;
        int redirect = readInt(read(in, HEADER_BYTES + 4L * (hash(name, HASH_MULTIPLIER) % tableLength), 4), 0, big);
        if (redirect == 0) {
            return ABSENT;
        }
        int index = redirect < 0 ? -redirect - 1 : hash(name, redirect) % tableLength;
        if (index >= tableLength) {
            return UNKNOWN;
        }
        int location = readInt(read(in, offsets + 4L * index, 4), 0, big);
        if (location < 0 || location >= locationsSize) {
            return UNKNOWN;
        }
        long[] attributes = attributes(read(in, locations + location, (int) Math.min(LOCATION_BYTES,
                locationsSize - location)));
        if (attributes == null) {
            return UNKNOWN;
        }
        // A slot holds whatever name hashed to it: the resource is there only if the location spells its name.
        StringBuilder full = new StringBuilder();
        if (attributes[MODULE] != 0) {
            full.append('/').append(string(in, strings, stringsSize, attributes[MODULE])).append('/');
        }
        if (attributes[PARENT] != 0) {
            full.append(string(in, strings, stringsSize, attributes[PARENT])).append('/');
        }
        full.append(string(in, strings, stringsSize, attributes[BASE]));
        if (attributes[EXTENSION] != 0) {
            full.append('.').append(string(in, strings, stringsSize, attributes[EXTENSION]));
        }
        return full.toString().equals(name) ? PRESENT : ABSENT;
    }

    /**
     * The attributes of one location: bytes of {@code kind << 3 | (length - 1)}, each followed by its value in
     * {@code length} big-endian bytes, up to a byte of kind 0; null for a kind past the last one.
     */
    private static long[] attributes(byte[] bytes) {
        long[] attributes = new long[KINDS];
        int i = 0;
        while (i < bytes.length) {
            int data = bytes[i++] & 0xFF;
            if (data <= 0x7) {
                return attributes;
            }
            int kind = data >>> 3;
            int length = (data & 0x7) + 1;
            if (kind >= KINDS || i + length > bytes.length) {
                return null;
            }
            long value = 0;
            for (int j = 0; j < length; j++) {
                value = value << 8 | (bytes[i++] & 0xFF);
            }
            attributes[kind] = value;
        }
        return null;
    }

    /** The NUL-ended string at {@code offset} of the strings table (ASCII names compare as they are). */
    private static String string(RandomAccessFile in, long strings, int size, long offset) throws IOException {
        if (offset < 0 || offset >= size) {
            throw new IOException("a jimage string offset past its table: " + offset);
        }
        StringBuilder s = new StringBuilder();
        in.seek(strings + offset);
        for (long at = offset; at < size; at++) {
            int c = in.read();
            if (c <= 0) {
                return s.toString();
            }
            s.append((char) c);
        }
        return s.toString();
    }

    /**
     * The index's hash of {@code name} with {@code seed} ({@code ImageStringsReader.hashCode}: FNV-1 over the bytes of
     * the name's modified UTF-8, kept positive); the names looked up here are ASCII, one byte per character.
     */
    static int hash(String name, int seed) {
        int h = seed;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == 0 || c > 0x7F) {
                throw new IllegalArgumentException("not an ASCII name: " + name);
            }
            h = h * HASH_MULTIPLIER ^ c;
        }
        return h & POSITIVE_MASK;
    }

    private static byte[] read(RandomAccessFile in, long at, int length) throws IOException {
        byte[] b = new byte[length];
        in.seek(at);
        in.readFully(b);
        return b;
    }

    private static int readInt(byte[] b, int at, boolean big) {
        int v = 0;
        for (int i = 0; i < 4; i++) {
            int shift = big ? 8 * (3 - i) : 8 * i;
            v |= (b[at + i] & 0xFF) << shift;
        }
        return v;
    }
}
