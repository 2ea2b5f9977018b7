package io.cpufeatures.core;

import io.cpufeatures.core.internal.Architectures;
import java.util.Optional;

/**
 * The one WARN line a process deserves when its report is less than this machine could give, so that a
 * program never runs its portable code in silence: the architecture module for this machine is missing
 * (naming the artifact to add), or the native probe was refused and a lesser source answered (naming the
 * cause, and the flag where the JVM denied native access). Nothing when the report is what was asked for:
 * the native probe, or a source forced by {@code cpufeatures.probe} or {@code cpufeatures.cpuid.file}.
 * A probe that throws is warned about where it is caught.
 */
final class ProbeWarnings {

    private ProbeWarnings() {
    }

    /**
     * The warning for {@code features}, the report of a JVM of {@code osArch} with the modules {@code architectures}.
     *
     * @return the line to log at WARN, once per process; empty when there is nothing to warn about
     */
    static Optional<String> of(CpuFeatures features, String osArch, Architectures architectures) {
        ProbeSource source = features.source();
        if (source.kind() == SourceKind.NONE && source.failures().isEmpty()) {
            return architectures.missingModuleFor(osArch).map(m -> "cpufeatures: " + m
                    + "; until then no feature of this CPU reads as usable, and every dispatch point takes its portable"
                    + " candidate");
        }
        if (source.failures().isEmpty() || source.detail().startsWith(CpuFeatures.PROBE_FAILED)) {
            return Optional.empty();
        }
        ProbeFailure first = source.failures().get(0);
        String answer = source.kind() == SourceKind.NONE
                ? "no source answered: no feature of this CPU reads as usable, and every dispatch point takes its portable"
                        + " candidate"
                : "answering from " + source.kind().id() + " (" + source.detail() + "), which knows less: see source()";
        return Optional.of("cpufeatures: the " + first.source().id() + " probe failed: " + first.reason() + "; " + answer);
    }
}
