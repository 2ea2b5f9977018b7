package io.cpufeatures.core.spi;

import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.ProbeSource;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * An architecture module, found with {@link java.util.ServiceLoader}: it probes the running CPU,
 * decodes snapshots of its architecture, reads and writes its dump formats, and says which names it
 * accepts. The core does the rest (settings, the dump file override, the "none" source, name
 * resolution, the JVM view), so a new architecture implements only what is its own.
 */
public interface CpuFeaturesProvider {

    /** The architecture it handles ({@code x86_64}). */
    String architecture();

    /** Whether it can probe a JVM whose {@code os.arch} is {@code osArch}. */
    boolean runsOn(String osArch);

    /**
     * Probes the running CPU with the sources {@code mode} allows (never {@link ProbeMode#NONE},
     * which the core answers itself), falling back to weaker ones when a better one fails, never
     * crashing the JVM, and recording each failure in the result's source.
     */
    ProbeResult probe(ProbeMode mode);

    /** Decodes {@code snapshot} if it is of this architecture, with where the snapshot came from. */
    Optional<ProbeResult> decode(CpuSnapshot snapshot);

    /** The names it accepts. */
    FeatureVocabulary vocabulary();

    /**
     * Parses {@code text} if it is in one of this architecture's dump formats: empty if it is in none
     * of them; the decoded kinds of CPU if it is well formed; an exception if it is in one of them
     * and malformed. Nothing half-parsed is ever returned.
     *
     * @param file the file's name, for sources and errors
     * @param xcr0 the OS state to assume instead of what the dump implies (x86's XCR0), if given
     * @throws DumpFormatException      naming the file, the line, what was wrong and what is accepted
     * @throws IllegalArgumentException if {@code xcr0} is not a state this architecture can have, or
     *                                  the architecture has no such state; the message says why
     */
    Optional<DumpContents> parseDump(String file, String text, OptionalLong xcr0) throws DumpFormatException;

    /**
     * The error for a file in none of its formats, saying what is accepted
     * ({@code no CPUID register line found; accepted formats: ...}).
     */
    String unrecognisedDump();

    /**
     * Writes snapshots of this architecture in its own dump format, as logical CPUs 0, 1... in list
     * order; {@link #parseDump} reads the text back.
     *
     * @throws IllegalArgumentException if a snapshot is not of this architecture
     */
    String writeDump(List<CpuSnapshot> snapshots);

    /**
     * The result of a probe or a decode.
     *
     * @param features what was found
     * @param source   where it came from and what failed first
     */
    record ProbeResult(ArchitectureFeatures features, ProbeSource source) {

        /** Validates the parts. */
        public ProbeResult {
            Objects.requireNonNull(features, "features");
            Objects.requireNonNull(source, "source");
        }
    }
}
