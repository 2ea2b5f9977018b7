package io.cpufeatures.os;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The auxiliary vector the kernel gave the process (Linux), read from {@code /proc/self/auxv} in plain Java: no
 * native code (the kernel's HWCAP words are its word on what the process may use). The file is pairs of 64-bit
 * words (type, value) in the process's byte order up to {@code AT_NULL}; it is read to at most {@value #MAX_BYTES}
 * bytes. A string entry ({@code AT_PLATFORM}) is read from {@code /proc/self/mem} at the address it holds.
 */
public final class AuxvFile {

    /** {@code AT_PLATFORM}: a string naming the platform ({@code power9}). */
    public static final int AT_PLATFORM = 15;
    /** {@code AT_HWCAP}. */
    public static final int AT_HWCAP = 16;
    /** {@code AT_BASE_PLATFORM}: the platform of the real processor, where it differs (a compatibility mode). */
    public static final int AT_BASE_PLATFORM = 24;
    /** {@code AT_HWCAP2}. */
    public static final int AT_HWCAP2 = 26;
    /** {@code AT_HWCAP3}. */
    public static final int AT_HWCAP3 = 29;

    /** This process's vector. */
    public static final Path SELF = Path.of("/proc/self/auxv");

    /** Far more than any kernel writes (about 20 entries of 16 bytes); a longer file is not read. */
    static final int MAX_BYTES = 4096;
    private static final int MAX_STRING = 64;

    private AuxvFile() {
    }

    /**
     * The entries of {@code types} in the vector {@code file} holds.
     *
     * @param file  the vector's file, {@link #SELF} for this process's; not null
     * @param types {@code AT_*} types, e.g. {@link #AT_HWCAP} and {@link #AT_HWCAP2}
     * @return their values, in that order; null for a type the vector lacks (the first entry of a type counts)
     * @throws NativeProbeException if the file cannot be read or is not a whole vector (no procfs, another OS, a
     *                              file cut short)
     */
    public static Long[] read(Path file, int... types) throws NativeProbeException {
        byte[] bytes;
        try (InputStream in = new FileInputStream(file.toFile())) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (IOException | SecurityException e) {
            throw new NativeProbeException(file + " could not be read: " + e, e);
        }
        Long[] values = values(bytes, ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN, types);
        if (values == null) {
            throw new NativeProbeException(file + " is not an auxiliary vector: " + bytes.length + " bytes, not whole"
                    + " 16-byte (type, value) pairs ending with AT_NULL within " + MAX_BYTES);
        }
        return values;
    }

    /**
     * The values of {@code types} in the bytes of an auxiliary vector.
     *
     * @param bytes        the file's bytes; not null
     * @param littleEndian the process's byte order
     * @param types        the {@code AT_*} types wanted
     * @return their values (null for a type absent; the first entry of a type counts); null unless the bytes are
     *         whole pairs ending with {@code AT_NULL} within {@value #MAX_BYTES} bytes
     */
    static Long[] values(byte[] bytes, boolean littleEndian, int... types) {
        if (bytes.length > MAX_BYTES || bytes.length % 16 != 0) {
            return null;
        }
        Long[] values = new Long[types.length];
        for (int at = 0; at + 16 <= bytes.length; at += 16) {
            long type = word(bytes, at, littleEndian);
            if (type == 0) {
                return values;
            }
            for (int i = 0; i < types.length; i++) {
                if (values[i] == null && type == types[i]) {
                    values[i] = word(bytes, at + 8, littleEndian);
                }
            }
        }
        return null;
    }

    /**
     * The NUL-terminated string at {@code address} in this process, as a string entry of its vector points at
     * ({@link #AT_PLATFORM}): read from {@code /proc/self/mem}, up to its first NUL and at most 64 bytes.
     *
     * @param address the address the entry holds; not 0
     * @return the string, its bytes as ISO-8859-1
     * @throws IOException if {@code /proc/self/mem} cannot be read there
     */
    public static String string(long address) throws IOException {
        byte[] bytes = new byte[MAX_STRING];
        int n;
        try (RandomAccessFile mem = new RandomAccessFile("/proc/self/mem", "r")) {
            mem.seek(address);
            n = mem.read(bytes);
        }
        int end = 0;
        while (end < n && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, 0, end, StandardCharsets.ISO_8859_1);
    }

    private static long word(byte[] b, int at, boolean littleEndian) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            int shift = littleEndian ? 8 * i : 8 * (7 - i);
            v |= (b[at + i] & 0xffL) << shift;
        }
        return v;
    }
}
