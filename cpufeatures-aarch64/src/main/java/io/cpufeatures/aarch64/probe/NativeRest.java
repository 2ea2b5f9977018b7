package io.cpufeatures.aarch64.probe;

import com.sun.jna.Function;
import com.sun.jna.Pointer;
import io.cpufeatures.aarch64.IdRegister;
import io.cpufeatures.os.ExecutableMemory;
import io.cpufeatures.os.Jna;
import io.cpufeatures.os.NativeProbeException;
import io.cpufeatures.os.PosixExecutableMemory;
import io.cpufeatures.os.ProcessSymbols;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the rest of a Linux snapshot reads through JNA, only when first asked ({@link AArch64Probe#rest}): the ID
 * registers with MRS, the stubs of {@link MrsStubs} in a W^X page (run only when the kernel sets HWCAP_CPUID: then it
 * emulates every MRS of {@link IdRegister} for EL0; without it each would raise SIGILL); and the SVE and SME vector
 * lengths with {@code prctl(PR_SVE_GET_VL)} (51) and {@code prctl(PR_SME_GET_VL)} (64): the length in bytes in the
 * low 16 bits, -1 when the kernel does not support the extension. That is the length this process runs with, the
 * one HotSpot takes as {@code MaxVectorSize}. Tests give their own.
 */
class NativeRest {

    static final int PR_SVE_GET_VL = 51;
    static final int PR_SME_GET_VL = 64;
    private static final int PAGE = 4096;

    /**
     * Reads every ID register.
     *
     * @throws NativeProbeException if JNA cannot load, or the page cannot be made executable or the caches synchronised
     */
    Map<IdRegister, Long> idRegisters() throws NativeProbeException {
        Jna.require();
        try (ExecutableMemory memory = new PosixExecutableMemory(false, PAGE,
                Optional.of(PosixExecutableMemory.clearCache()))) {
            Pointer code = memory.load(MrsStubs.page(PAGE));
            Map<IdRegister, Long> values = new EnumMap<>(IdRegister.class);
            for (IdRegister r : IdRegister.values()) {
                values.put(r, Function.getFunction(code.share((long) r.ordinal() * MrsStubs.STRIDE)).invokeLong(new Object[0]));
            }
            return values;
        } catch (LinkageError | RuntimeException e) {
            throw new NativeProbeException("running the MRS stubs failed: " + e, e);
        }
    }

    /** The length in bytes that {@code prctl(option)} reports; empty if it reports none or cannot be called. */
    OptionalInt vectorLength(int option) {
        try {
            int r = ProcessSymbols.function("prctl").invokeInt(new Object[] {option, 0L, 0L, 0L, 0L});
            return r < 0 ? OptionalInt.empty() : OptionalInt.of(r & 0xffff);
        } catch (LinkageError | RuntimeException e) {
            return OptionalInt.empty();
        }
    }
}
