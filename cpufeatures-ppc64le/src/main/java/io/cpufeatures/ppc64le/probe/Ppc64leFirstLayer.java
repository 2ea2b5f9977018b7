package io.cpufeatures.ppc64le.probe;

import io.cpufeatures.core.internal.FirstLayers;
import io.cpufeatures.core.kit.FirstAnswer;
import io.cpufeatures.core.kit.FirstLayer;
import io.cpufeatures.core.kit.WordBitsAnswer;
import io.cpufeatures.os.AuxvFile;
import io.cpufeatures.os.OperatingSystem;

/**
 * The class that declares the ppc64le {@code os.arch} value to the core: when initialised it offers its layer
 * ({@link FirstLayers#offer}). On powerpc the kernel's HWCAP words are both what the CPU has and what the process
 * may use, so the first answer is {@code AT_HWCAP} and {@code AT_HWCAP2} from {@code /proc/self/auxv}.
 */
public final class Ppc64leFirstLayer implements FirstLayer {

    /** {@code AT_HWCAP}, {@code AT_HWCAP2}: the table's words 0 and 1. */
    private static final int[] WORDS = {16, 26};

    static {
        FirstLayers.offer(new Ppc64leFirstLayer());
    }

    private Ppc64leFirstLayer() {
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
