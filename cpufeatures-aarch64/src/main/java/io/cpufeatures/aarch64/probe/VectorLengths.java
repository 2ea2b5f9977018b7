package io.cpufeatures.aarch64.probe;

import com.sun.jna.Function;
import io.cpufeatures.os.ProcessSymbols;
import java.util.OptionalInt;

/**
 * The process's SVE and SME vector lengths, from {@code prctl(PR_SVE_GET_VL)} (51) and
 * {@code prctl(PR_SME_GET_VL)} (64) ({@code include/uapi/linux/prctl.h}): the length in bytes in the
 * low 16 bits ({@code PR_SVE_VL_LEN_MASK}), flags above; -1 with EINVAL when the kernel does not
 * support the extension. This is the length this process runs with, the one HotSpot takes as
 * {@code MaxVectorSize}, not the largest the hardware supports.
 */
final class VectorLengths {

    static final int PR_SVE_GET_VL = 51;
    static final int PR_SME_GET_VL = 64;
    private static final int LEN_MASK = 0xffff;

    private final Function prctl;

    VectorLengths() {
        this.prctl = ProcessSymbols.function("prctl");
    }

    /** The length in bytes that {@code prctl(option)} reports, if it reports one. */
    OptionalInt read(int option) {
        int r = prctl.invokeInt(new Object[] {option, 0L, 0L, 0L, 0L});
        return r < 0 ? OptionalInt.empty() : OptionalInt.of(r & LEN_MASK);
    }
}
