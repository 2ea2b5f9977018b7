package io.cpufeatures.aarch64.probe;

import com.sun.jna.Function;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import io.cpufeatures.aarch64.HwcapWord;
import java.util.OptionalLong;

/**
 * The HWCAP words of the auxiliary vector, read with glibc's (or musl's) {@code getauxval} through
 * JNA, looked up among the process's own symbols (no library search). {@code getauxval} returns 0 for
 * an absent entry and sets errno to ENOENT, which is how an absent AT_HWCAP3 is told from a zero one.
 */
final class Auxv {

    private static final int ENOENT = 2;

    private final Function getauxval;

    /**
     * Looks {@code getauxval} up.
     *
     * @throws NativeProbeException if JNA cannot load or the C library has no {@code getauxval}
     */
    Auxv() throws NativeProbeException {
        try {
            this.getauxval = NativeLibrary.getProcess().getFunction("getauxval");
        } catch (LinkageError | RuntimeException e) {
            throw new NativeProbeException("JNA could not load or the C library has no getauxval: " + e, e);
        }
    }

    /** The word {@code word}: empty when the auxiliary vector has no such entry. */
    OptionalLong read(HwcapWord word) {
        Native.setLastError(0);
        long value = getauxval.invokeLong(new Object[] {(long) word.auxvType()});
        if (value == 0 && Native.getLastError() == ENOENT) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(value);
    }

    /** The JNA version, for the source's description. */
    static String jnaVersion() {
        return Native.VERSION;
    }
}
