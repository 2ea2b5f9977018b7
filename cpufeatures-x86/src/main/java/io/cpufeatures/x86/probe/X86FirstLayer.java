package io.cpufeatures.x86.probe;

import io.cpufeatures.core.internal.FirstLayers;
import io.cpufeatures.core.internal.Log;
import io.cpufeatures.core.kit.FirstAnswer;
import io.cpufeatures.core.kit.FirstLayer;
import io.cpufeatures.os.Jna;
import io.cpufeatures.os.NativeProbeException;
import io.cpufeatures.os.OperatingSystem;
import io.cpufeatures.x86.probe.NativeCpuid;

/**
 * The class that declares the x86 {@code os.arch} values to the core ({@code amd64}, {@code x86_64}): when
 * initialised it offers its layer ({@link FirstLayers#offer}). Its probe runs CPUID and XGETBV through the
 * project's probe library ({@link JniCpuid}), or, where that is refused, through JNA's W^X stub page, on Linux
 * only: the full probe adds macOS's lazily enabled AVX-512 state and Windows'
 * cross-check, which a first answer must not skip.
 */
public final class X86FirstLayer implements FirstLayer {

    static {
        FirstLayers.offer(new X86FirstLayer());
    }

    private X86FirstLayer() {
    }

    /**
     * {@inheritDoc}
     *
     * <p>Null on another OS than Linux, on a hybrid part (its core types are answered by the census), and
     * when the stubs cannot run (the full probe then falls back, and warns).
     */
    @Override
    public FirstAnswer probe() {
        if (OperatingSystem.current() != OperatingSystem.LINUX) {
            return null;
        }
        JniCpuid jni;
        try {
            jni = JniCpuid.open();
        } catch (NativeProbeException e) {
            // the library is the first answer's way; its refusal (a cache others can write, a noexec mount, a
            // failed load) leaves the answer to the stub page, and is said once; where JNA is not used either (the
            // same cache, or JNA's own directory unsafe), the full probe answers from another source and says both
            if (Jna.refusal() != null) {
                return null;
            }
            Log.of(X86FirstLayer.class).warn("the x86 probe library is not used, CPUID runs through JNA's stub page"
                    + " instead: {}", e.getMessage());
            jni = null;
        } catch (RuntimeException | LinkageError e) {
            jni = null;
        }
        if (jni != null) {
            try {
                return X86FirstAnswer.of(jni);
            } catch (RuntimeException | LinkageError e) {
                return null;
            }
        }
        try (NativeCpuid cpu = NativeCpuid.open()) {
            return X86FirstAnswer.of(cpu);
        } catch (NativeProbeException | RuntimeException | LinkageError e) {
            return null;
        }
    }
}
