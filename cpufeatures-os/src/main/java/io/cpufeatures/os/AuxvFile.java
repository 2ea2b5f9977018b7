package io.cpufeatures.os;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteOrder;

/**
 * The auxiliary vector read from {@code /proc/self/auxv} in plain Java: no native code, for the first answer (the
 * kernel's HWCAP words are its word on what the process may use). The file is pairs of 64-bit words (type, value)
 * in the process's byte order up to {@code AT_NULL}; it is read to at most {@value #MAX_BYTES} bytes.
 */
public final class AuxvFile {

    /** Far more than any kernel writes (about 20 entries of 16 bytes); a longer file is not read. */
    static final int MAX_BYTES = 4096;

    private static final String PATH = "/proc/self/auxv";

    private AuxvFile() {
    }

    /**
     * The values of {@code types}, in that order.
     *
     * @param types {@code AT_*} types, e.g. 16 ({@code AT_HWCAP}) and 26 ({@code AT_HWCAP2})
     * @return their values, 0 for a type the vector lacks; null when the file cannot be read or is not a whole
     *         vector (no procfs, another OS, a file cut short)
     */
    public static long[] read(int... types) {
        byte[] bytes;
        try (InputStream in = new FileInputStream(PATH)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (IOException | SecurityException e) {
            return null;
        }
        return values(bytes, ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN, types);
    }

    /**
     * The values of {@code types} in the bytes of an auxiliary vector.
     *
     * @param bytes        the file's bytes; not null
     * @param littleEndian the process's byte order
     * @param types        the {@code AT_*} types wanted
     * @return their values (0 for a type absent; the first entry of a type counts); null unless the bytes are whole
     *         pairs ending with {@code AT_NULL} within {@value #MAX_BYTES} bytes
     */
    static long[] values(byte[] bytes, boolean littleEndian, int... types) {
        if (bytes.length > MAX_BYTES || bytes.length % 16 != 0) {
            return null;
        }
        long[] values = new long[types.length];
        boolean[] seen = new boolean[types.length];
        for (int at = 0; at + 16 <= bytes.length; at += 16) {
            long type = word(bytes, at, littleEndian);
            if (type == 0) {
                return values;
            }
            for (int i = 0; i < types.length; i++) {
                if (!seen[i] && type == types[i]) {
                    values[i] = word(bytes, at + 8, littleEndian);
                    seen[i] = true;
                }
            }
        }
        return null;
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
