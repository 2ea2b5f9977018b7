package io.cpufeatures.aarch64.probe;

import io.cpufeatures.core.internal.FirstLayers;
import io.cpufeatures.core.kit.FirstAnswer;
import io.cpufeatures.core.kit.FirstLayer;
import io.cpufeatures.core.kit.WordBitsAnswer;
import io.cpufeatures.os.AuxvFile;
import io.cpufeatures.os.OperatingSystem;

/**
 * The class that declares the AArch64 {@code os.arch} values to the core ({@code aarch64}, {@code arm64}): when
 * initialised it offers its layer ({@link FirstLayers#offer}). On Linux the kernel's HWCAP words are the usable
 * set (it grants a feature only when every CPU has it and it enabled its state), so the first answer needs
 * no ID register: {@code AT_HWCAP}, {@code AT_HWCAP2} and {@code AT_HWCAP3} from {@code /proc/self/auxv}.
 * macOS and Windows are left to the full probe.
 */
public final class AArch64FirstLayer implements FirstLayer {

    /** {@code AT_HWCAP}, {@code AT_HWCAP2}, {@code AT_HWCAP3}: the table's words 0, 1 and 2. */
    private static final int[] WORDS = {16, 26, 29};

    static {
        FirstLayers.offer(new AArch64FirstLayer());
    }

    private AArch64FirstLayer() {
    }

    /** {@inheritDoc} <p>Null on another OS than Linux, and where {@code /proc/self/auxv} cannot be read. */
    @Override
    public FirstAnswer probe() {
        if (OperatingSystem.current() != OperatingSystem.LINUX) {
            return null;
        }
        long[] words = AuxvFile.read(WORDS);
        return words == null ? null : WordBitsAnswer.of(FirstAnswerTable.TABLE, words);
    }
}
