package io.cpufeatures.core.internal;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.ProbeSettings;
import io.cpufeatures.core.SourceKind;
import java.util.Map;
import java.util.Optional;

/**
 * The CPU this process runs on, where a report answers for another one: a dump ({@code cpufeatures.cpuid.file},
 * with or without {@code cpufeatures.assume.*}) or a CPU described in code. Dispatch asks it before it chooses code to
 * run here, so that an emulated CPU never chooses live code. Probed once, when first asked, with this process's
 * settings but the dump's: the same {@code cpufeatures.disable} and {@code cpufeatures.probe}.
 *
 * <p>Internal: dispatch's.
 */
public final class LiveCpu {

    private LiveCpu() {
    }

    /**
     * {@return the report of the CPU this process runs on, where {@code features} answers for another CPU; empty
     * where {@code features} is this CPU's own (its native probe, the kernel's words, the JVM's view, nothing known)}
     *
     * @param features a report; not null
     */
    public static Optional<CpuFeatures> where(CpuFeatures features) {
        SourceKind kind = features.source().kind();
        return kind == SourceKind.FILE || kind == SourceKind.EMULATED ? Optional.of(Holder.LIVE) : Optional.empty();
    }

    /** The class-holder idiom: probed once, on first use, thread-safe. */
    private static final class Holder {
        static final CpuFeatures LIVE = probe();

        private static CpuFeatures probe() {
            ProbeSettings s = ProbeSettings.fromSystem();
            return CpuFeatures.probe(new ProbeSettings(s.disable(), Optional.empty(), Map.of(), s.probe()));
        }
    }
}
