package io.cpufeatures.os;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.function.IntSupplier;

/**
 * FreeBSD's auxiliary vector: {@code int elf_aux_info(int aux, void *buf, int buflen)} (elf_aux_info(3), libc since
 * FreeBSD 12), through JNA, looked up among the process's own symbols. It returns 0, or an error number:
 * {@code ENOENT} when the vector has no such entry, which is how an absent word is told from a zero one. FreeBSD
 * numbers its entries its own way ({@code sys/sys/elf_common.h}): {@code AT_HWCAP} is 25 and {@code AT_HWCAP2} 26;
 * on arm64 their bits are Linux's ({@code sys/arm64/include/elf.h} defines {@code HWCAP_FP} to
 * {@code HWCAP_*} with the same values).
 */
public final class FreeBsdAuxInfo {

    /** {@code AT_HWCAP} on FreeBSD. */
    public static final int AT_HWCAP = 25;
    /** {@code AT_HWCAP2} on FreeBSD. */
    public static final int AT_HWCAP2 = 26;

    private static final int ENOENT = 2;

    private final Function elfAuxInfo;

    /**
     * The function given (tests make it fail as the kernel would).
     *
     * @param elfAuxInfo {@code elf_aux_info}; not null
     */
    public FreeBsdAuxInfo(Function elfAuxInfo) {
        this.elfAuxInfo = Objects.requireNonNull(elfAuxInfo, "elfAuxInfo");
    }

    /**
     * Looks {@code elf_aux_info} up among the process's symbols.
     *
     * @return the reader
     * @throws NativeProbeException if JNA cannot load or the C library has no {@code elf_aux_info}
     */
    public static FreeBsdAuxInfo open() throws NativeProbeException {
        Jna.require();
        try {
            return new FreeBsdAuxInfo(ProcessSymbols.function("elf_aux_info"));
        } catch (LinkageError | RuntimeException e) {
            throw new NativeProbeException("JNA could not load or the C library has no elf_aux_info: " + e, e);
        }
    }

    /**
     * The word entry of {@code type}.
     *
     * @param type a FreeBSD {@code AT_*} type
     * @return its value; empty when the vector has no such entry
     * @throws NativeProbeException for any other error the call returns
     */
    public OptionalLong read(int type) throws NativeProbeException {
        try (Memory buf = new Memory(8)) {
            buf.clear();
            int rc = elfAuxInfo.invokeInt(new Object[] {type, buf, 8});
            if (rc == ENOENT) {
                return OptionalLong.empty();
            }
            if (rc != 0) {
                throw new NativeProbeException("elf_aux_info(" + type + ") failed: error " + rc);
            }
            return OptionalLong.of(buf.getLong(0));
        }
    }

    /** {@return the JNA version, for a source's description} */
    public static String jnaVersion() {
        return Native.VERSION;
    }
}
