package io.cpufeatures.core;

import io.cpufeatures.core.internal.Architectures;
import io.cpufeatures.os.JvmArch;
import java.util.Optional;

/**
 * The one WARN line a process deserves when its report is not simply this machine's, so that a program never runs
 * its portable code, or another machine's answers, in silence: the architecture module for this machine is missing
 * (naming the artifact to add); the native probe was refused and a lesser source answered (naming the cause, and the
 * flag where the JVM denied native access); {@code os.arch} names another architecture than the process's
 * ({@link JvmArch#mismatch()}: that is said instead, the cause of the rest); or the process answers for a dump
 * ({@code cpufeatures.cpuid.file}, naming it and the OS state assumed), where a dispatch point chooses only code this
 * CPU runs too. Nothing when the report is what was asked for: the native probe, or a source forced by
 * {@code cpufeatures.probe}. A probe that throws is warned about where it is caught.
 */
final class ProbeWarnings {

    private ProbeWarnings() {
    }

    /**
     * The warning for {@code features}, the report of a JVM of {@code osArch} with the modules {@code architectures},
     * probed with {@code settings}.
     *
     * @return the line to log at WARN, once per process; empty when there is nothing to warn about
     */
    static Optional<String> of(CpuFeatures features, ProbeSettings settings, String osArch,
            Architectures architectures) {
        if (settings.cpuidFile().isPresent()) {
            StringBuilder assumed = new StringBuilder();
            for (java.util.Map.Entry<String, String> a : settings.assume().entrySet()) {
                assumed.append(", assuming ").append(ProbeSettings.ASSUME_PROPERTY).append(a.getKey()).append('=')
                        .append(a.getValue());
            }
            return Optional.of("cpufeatures: this process answers for the dump " + features.source().detail()
                    + " (named by cpufeatures.cpuid.file or CPUFEATURES_CPUID_FILE" + assumed + "), not for the CPU it"
                    + " runs on; a dispatch point chooses only code this CPU runs too (-Dcpufeatures.dispatch.simulate=true"
                    + " chooses Java code for the dump alone)");
        }
        return of(features, osArch, architectures, JvmArch.mismatch());
    }

    /**
     * The warning for {@code features}, the report of a JVM of {@code osArch} with the modules {@code architectures},
     * in a process {@code osArch} does not describe when {@code mismatch} is given: then the line says that, the cause
     * of everything else (no native probe ran, and what answered is the JVM's view of {@code os.arch}'s architecture,
     * or nothing).
     *
     * @param mismatch {@link JvmArch#mismatch()}: null when {@code os.arch} describes the process
     * @return the line to log at WARN, once per process; empty when there is nothing to warn about
     */
    static Optional<String> of(CpuFeatures features, String osArch, Architectures architectures, String mismatch) {
        Optional<String> line = of(features.source(), osArch, architectures);
        if (line.isEmpty() || mismatch == null) {
            return line;
        }
        ProbeSource source = features.source();
        return Optional.of("cpufeatures: " + mismatch + ": the probes run no native code; " + (source.kind()
                == SourceKind.NONE ? "no feature of this CPU reads as usable, and every dispatch point takes its portable"
                + " candidate" : "answering from " + source.kind().id() + " (" + source.detail() + "), which knows less:"
                + " see source()"));
    }

    private static Optional<String> of(ProbeSource source, String osArch, Architectures architectures) {
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
