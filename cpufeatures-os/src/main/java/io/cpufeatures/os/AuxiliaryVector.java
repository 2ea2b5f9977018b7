package io.cpufeatures.os;

import com.sun.jna.Function;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The auxiliary vector the kernel gave the process (Linux): the HWCAP words, the platform string.
 * Read with glibc's (or musl's) {@code getauxval} through JNA, looked up among the process's own symbols
 * (no library search); {@code getauxval} returns 0 for an absent entry and sets errno to ENOENT, which is
 * how an absent word is told from a zero one. {@link #parse} reads the same entries from the bytes of
 * {@code /proc/self/auxv}, which needs no native code.
 */
public final class AuxiliaryVector {

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

    private static final int ENOENT = 2;
    private static final int MAX_STRING = 64;

    private final Function getauxval;

    private AuxiliaryVector(Function getauxval) {
        this.getauxval = getauxval;
    }

    /**
     * Looks {@code getauxval} up among the process's symbols.
     *
     * @return the reader
     * @throws NativeProbeException if JNA cannot load or the C library has no {@code getauxval}
     */
    public static AuxiliaryVector open() throws NativeProbeException {
        Jna.require();
        try {
            return new AuxiliaryVector(ProcessSymbols.function("getauxval"));
        } catch (LinkageError | RuntimeException e) {
            throw new NativeProbeException("JNA could not load or the C library has no getauxval: " + e, e);
        }
    }

    /**
     * The entry of {@code type}.
     *
     * @param type an {@code AT_*} type
     * @return its value; empty when the vector has no such entry
     */
    public OptionalLong read(int type) {
        Native.setLastError(0);
        long value = getauxval.invokeLong(new Object[] {(long) type});
        if (value == 0 && Native.getLastError() == ENOENT) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(value);
    }

    /**
     * The string an entry of {@code type} points at ({@link #AT_PLATFORM}), read up to its first NUL and at most
     * 64 bytes.
     *
     * @param type an {@code AT_*} type whose value is a {@code char *}
     * @return the string; empty when the vector has no such entry or it is a null pointer
     */
    public Optional<String> readString(int type) {
        OptionalLong address = read(type);
        if (address.isEmpty() || address.getAsLong() == 0) {
            return Optional.empty();
        }
        byte[] bytes = new Pointer(address.getAsLong()).getByteArray(0, MAX_STRING);
        int end = 0;
        while (end < bytes.length && bytes[end] != 0) {
            end++;
        }
        return Optional.of(new String(bytes, 0, end, java.nio.charset.StandardCharsets.ISO_8859_1));
    }

    /** {@return the JNA version, for a source's description} */
    public static String jnaVersion() {
        return Native.VERSION;
    }

    /**
     * The entries of the bytes of {@code /proc/self/auxv}: pairs of 64-bit words (type, value) in the
     * process's byte order, up to {@code AT_NULL} (type 0). The first entry of a type is kept.
     *
     * @param bytes the file's contents; not null
     * @param order the process's byte order; not null
     * @return the values by type, in file order; unmodifiable
     * @throws IllegalArgumentException if the bytes are not whole pairs ending with {@code AT_NULL}
     */
    public static Map<Long, Long> parse(byte[] bytes, ByteOrder order) {
        Objects.requireNonNull(order, "order");
        if (bytes.length == 0 || bytes.length % 16 != 0) {
            throw new IllegalArgumentException("/proc/self/auxv holds " + bytes.length + " bytes, not whole 16-byte"
                    + " (type, value) pairs");
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(order);
        Map<Long, Long> entries = new LinkedHashMap<>();
        while (b.remaining() >= 16) {
            long type = b.getLong();
            long value = b.getLong();
            if (type == 0) {
                return Collections.unmodifiableMap(entries);
            }
            entries.putIfAbsent(type, value);
        }
        throw new IllegalArgumentException("/proc/self/auxv has no AT_NULL entry: it is cut short");
    }
}
