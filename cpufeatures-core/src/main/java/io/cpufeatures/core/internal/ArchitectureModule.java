package io.cpufeatures.core.internal;

import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.kit.CoreTypeIntersection;
import io.cpufeatures.core.kit.DecodedCpu;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.core.kit.FeatureVocabulary;
import io.cpufeatures.core.kit.HotSpotStart;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Predicate;

/**
 * An architecture module as the core asks it: the probe of the running CPU, decoding, dump files, names. Made by
 * the core from the module's {@link io.cpufeatures.core.kit.Architecture}, the one contract a module implements;
 * an interface so that the core's tests can stand in a module that fails.
 */
public interface ArchitectureModule {

    /** {@return the architecture it handles ({@code x86_64}), as reports and snapshots name it} */
    String architecture();

    /**
     * Whether it can probe a JVM whose {@code os.arch} is {@code osArch}.
     *
     * @param osArch the JVM's {@code os.arch} property, e.g. {@code amd64}
     * @return whether {@link #probe} can run there
     */
    boolean runsOn(String osArch);

    /**
     * Probes the running CPU with the sources {@code mode} allows (never {@link ProbeMode#NONE},
     * which the core answers itself), falling back to weaker ones when a better one fails, never
     * crashing the JVM, and recording each failure in the result's source.
     *
     * @param mode the sources allowed; never {@link ProbeMode#NONE}
     * @return what was found, from the best source that worked
     */
    ProbeResult probe(ProbeMode mode);

    /**
     * Decodes {@code snapshot} if it is of this architecture: the one place a snapshot becomes a decoded CPU,
     * whether it came from the probe, a dump or the emulation API.
     *
     * @param snapshot a snapshot of any architecture
     * @return the decoded CPU; empty if the snapshot is of another architecture
     */
    Optional<DecodedCpu> decode(CpuSnapshot snapshot);

    /** {@return the names it accepts: features, aliases, policy flags and groups} */
    FeatureVocabulary vocabulary();

    /**
     * Whether {@code name}, as written, is the canonical name of one of its features or policy flags: read from its
     * tables, no vocabulary built.
     *
     * @param name a name; not null
     * @return whether it names one of them canonically
     */
    boolean canonical(String name);

    /**
     * {@return the module's {@code jvm.*} gates, in report order, read without building its vocabulary or tables (the
     * JVM's view of any machine evaluates every module's)}
     */
    List<JvmGate> jvmGates();

    /** {@return the HotSpot flags that decide C2's vector widths here, besides {@code MaxVectorSize}} */
    List<String> vectorFlags();

    /**
     * The size of the Vector API's largest species of {@code lane} a JVM of this architecture gets with these HotSpot
     * flags ({@link io.cpufeatures.core.kit.Architecture#vectorBits}).
     *
     * @param flags         the HotSpot flags read
     * @param maxVectorSize the JVM's {@code MaxVectorSize}
     * @param lane          the lane type
     * @param runningCpu    whether the running CPU can use a feature, by canonical name; asked only where a width
     *                      depends on one
     * @return the size in bits; empty when the rules are not known or a flag is missing
     */
    OptionalInt vectorBits(Map<String, String> flags, int maxVectorSize, io.cpufeatures.core.jvm.LaneType lane,
            Predicate<String> runningCpu);

    /**
     * {@return the HotSpot flags only this architecture's HotSpot defines
     * ({@link io.cpufeatures.core.kit.Architecture#ownHotSpotFlags})}
     */
    Set<String> ownHotSpotFlags();

    /**
     * {@return the canonical name of the feature HotSpot's name means here
     * ({@link io.cpufeatures.core.kit.Architecture#hotSpotFeature}); empty by default}
     *
     * @param hotSpotName a name as HotSpot prints it
     */
    default Optional<String> hotSpotFeature(String hotSpotName) {
        return Optional.empty();
    }

    /**
     * HotSpot's values of {@code names}, worked out from the CPU and the VM's start
     * ({@link io.cpufeatures.core.kit.Architecture#hotSpotFlags}).
     *
     * @param snapshot the running CPU's snapshot, from this architecture's native probe
     * @param start    the JDK release and the {@code -XX} options the VM was given
     * @param names    the flags wanted
     * @return each name this architecture's HotSpot defines, to its value; empty when the rules cannot be sure, or the
     *         snapshot is another architecture's
     */
    Optional<Map<String, String>> hotSpotFlags(CpuSnapshot snapshot, HotSpotStart start, Collection<String> names);

    /**
     * HotSpot's {@code -Xlog:os+cpu} feature list for the CPU of {@code snapshot} and a VM started as {@code start}
     * ({@link io.cpufeatures.core.kit.Architecture#hotSpotFeatures}).
     *
     * @param snapshot a CPU's snapshot
     * @param start    the JDK release and the {@code -XX} options
     * @return the list, or why there is none (the snapshot another architecture's among the reasons)
     */
    io.cpufeatures.core.kit.HotSpotFeatureList hotSpotFeatures(CpuSnapshot snapshot, HotSpotStart start);

    /**
     * {@return every kind of field its CPUs' descriptions give, each once, in report order: the JSON Schema and
     * docs/cli.md are generated from them}
     */
    List<CpuDescription.FactKind> facts();

    /**
     * Parses {@code text} if it is in one of this architecture's dump formats: empty if it is in none
     * of them; its kinds of CPU as snapshots if it is well formed (the core decodes them with
     * {@link #decode}); an exception if it is in one of them and malformed. Nothing half-parsed is ever
     * returned.
     *
     * @param file        the file's name, for sources and errors
     * @param text        the whole file's text
     * @param assumptions what to read the dump assuming, by name ({@link #assumptions()})
     * @return the dump's contents; empty if the text is in none of this architecture's formats
     * @throws DumpFormatException      naming the file, the line, what was wrong and what is accepted; also when an
     *                                  assumption is given that this architecture's dumps do not take (the file's
     *                                  error, line 0, rather than the value silently ignored)
     * @throws IllegalArgumentException if an assumption's value is not one this architecture accepts; the message says
     *                                  what is
     */
    Optional<SnapshotDump<CpuSnapshot>> parseDump(String file, String text, Map<String, String> assumptions) throws DumpFormatException;

    /** {@return the names of what this architecture's dumps may be read assuming, as they cannot say it themselves} */
    Set<String> assumptions();

    /**
     * The error for a file in none of its formats, saying what is accepted
     * ({@code no CPUID register line found; accepted formats: ...}).
     *
     * @return the message, one line
     */
    String unrecognisedDump();

    /**
     * Writes snapshots of this architecture in its own dump format, as logical CPUs 0, 1... in list
     * order; {@link #parseDump} reads the text back.
     *
     * @param snapshots the snapshots, one per logical CPU
     * @return the dump's text
     * @throws IllegalArgumentException if a snapshot is not of this architecture
     */
    String writeDump(List<CpuSnapshot> snapshots);

    /**
     * The result of a probe.
     *
     * <p>A hybrid machine (logical CPUs of several core types) gives one kind per core type and, as
     * {@code features}, their {@link CoreTypeIntersection}: what every core type can run, since the OS may
     * move a thread to any of them between two instructions. Everything else gives no kinds.
     *
     * @param features  what was found: the one CPU, or what every core type of a hybrid machine can run
     * @param source    where it came from and what failed first
     * @param coreKinds each core type of a hybrid machine, in the order found; empty otherwise
     */
    record ProbeResult(DecodedCpu features, ProbeSource source, List<CpuKind<DecodedCpu>> coreKinds) {

        /**
         * Validates and copies the parts.
         *
         * @param features  what was found: the one CPU, or what every core type of a hybrid machine can run;
         *                  not null
         * @param source    where it came from and what failed first; not null
         * @param coreKinds each core type of a hybrid machine, in the order found; empty otherwise; not null
         * @throws IllegalArgumentException if {@code coreKinds} holds exactly one kind (one core type is not
         *                                  hybrid: give its features alone)
         */
        public ProbeResult {
            Objects.requireNonNull(features, "features");
            Objects.requireNonNull(source, "source");
            coreKinds = List.copyOf(coreKinds);
            if (coreKinds.size() == 1) {
                throw new IllegalArgumentException("a single core type is one kind of CPU: give it as the features alone");
            }
        }

        /**
         * The result of one kind of CPU.
         *
         * @param features what was found; not null
         * @param source   where it came from and what failed first; not null
         */
        public ProbeResult(DecodedCpu features, ProbeSource source) {
            this(features, source, List.of());
        }

        /**
         * The result of a hybrid machine: its core types, answered as their intersection; with a single
         * kind, that kind alone.
         *
         * @param kinds  the core types, in the order found; not null
         * @param source where they came from; not null
         * @return the result with their {@link CoreTypeIntersection} as its features, or the single kind's
         *         result
         * @throws IllegalArgumentException if {@code kinds} is empty
         */
        public static ProbeResult ofCoreKinds(List<CpuKind<DecodedCpu>> kinds, ProbeSource source) {
            Objects.requireNonNull(source, "source");
            if (kinds.isEmpty()) {
                throw new IllegalArgumentException("no core kind");
            }
            return kinds.size() == 1 ? new ProbeResult(kinds.get(0).cpu(), source)
                    : new ProbeResult(new CoreTypeIntersection(kinds), source, kinds);
        }
    }
}
