package io.cpufeatures.aarch64.probe;

import com.sun.jna.Function;
import com.sun.jna.Pointer;
import io.cpufeatures.aarch64.IdRegister;
import io.cpufeatures.os.ExecutableMemory;
import io.cpufeatures.os.Jna;
import io.cpufeatures.os.NativeProbeException;
import io.cpufeatures.os.PosixExecutableMemory;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * The ID registers read with MRS on this CPU: the stubs of {@link MrsStubs} loaded into a W^X page
 * and called through JNA. Run only when the kernel sets HWCAP_CPUID: then it emulates every MRS of
 * the registers of {@link IdRegister} for EL0; without it each would raise SIGILL.
 */
final class NativeIdRegisters {

    private static final int PAGE = 4096;

    private NativeIdRegisters() {
    }

    /**
     * Reads every register.
     *
     * @throws NativeProbeException if the page cannot be made executable or the caches synchronised
     */
    static Map<IdRegister, Long> read() throws NativeProbeException {
        Jna.require();
        Function clearCache = PosixExecutableMemory.clearCache();
        try (ExecutableMemory memory = new PosixExecutableMemory(false, PAGE, Optional.of(clearCache))) {
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
}
