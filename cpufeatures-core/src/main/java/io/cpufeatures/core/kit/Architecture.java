package io.cpufeatures.core.kit;

import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.jvm.LaneType;
import io.cpufeatures.core.ProbeMode;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuSnapshot;
import java.util.Collection;
import java.util.List;
import java.util.OptionalInt;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The one contract an architecture module implements: its tables (features, dependencies, errata, policies, and its
 * own rules: the OS or kernel check and the words of its traces), how a snapshot is decoded (its decoded CPU describes
 * itself), its probe of the running machine, its dump formats and its names. The kit and the core do the rest, the
 * same way for every architecture: the usable layer and the facade's view ({@link TableDecoding}), the traces, the
 * vocabulary, the JVM's view where no probe works, hybrid machines.
 *
 * <p>One implementation per architecture, found with {@link java.util.ServiceLoader} (a public class with a public
 * constructor without parameters), stateless; the tables it returns are built once.
 *
 * @param <F> the feature enum
 * @param <S> the architecture's snapshot ({@code CpuidSnapshot})
 */
public interface Architecture<F extends Enum<F> & FeatureRow, S extends CpuSnapshot> {

    /** {@return the architecture's tables and own rules, built once} */
    ArchitectureTables<F, ?> tables();

    /**
     * Decodes one snapshot: present features and identity by the architecture's own rules, then the kit's usable
     * layer ({@link TableDecoding}).
     *
     * @param snapshot the snapshot; not null
     * @param disabled the features the user removed (remove-only, through dependencies); not null
     * @return the decoded CPU
     */
    TableDecoding<F, ?> decode(S snapshot, Set<F> disabled);

    /** {@return the architecture's name as reports and snapshots give it ({@code x86_64})} */
    default String name() {
        return tables().name();
    }

    /** {@return the feature table} */
    default FeatureTable<F> features() {
        return tables().features();
    }

    /** {@return the dependency table, closed} */
    default DependencyTable<F> dependencies() {
        return tables().dependencies();
    }

    /** {@return the errata table, in order; empty for none} */
    default List<? extends Erratum<F, ?>> errata() {
        return tables().errata();
    }

    /** {@return the policy table, in order; empty for none} */
    default List<? extends PolicyRule<?>> policies() {
        return tables().policies();
    }

    /** {@return the class of the architecture's snapshots} */
    Class<S> snapshotType();

    /** {@return the values of {@code os.arch} of the JVMs whose CPU it probes ({@code aarch64}, {@code arm64})} */
    Set<String> osArchs();

    /** {@return the names it accepts: features, aliases, policy flags, groups and its {@code jvm.*} gates} */
    FeatureVocabulary vocabulary();

    /**
     * {@return its {@code jvm.*} gates, in report order: what the JVM's view of any machine evaluates, read without
     * building its vocabulary or tables; by default the vocabulary's}
     */
    default List<JvmGate> jvmGates() {
        return vocabulary().jvmGates();
    }

    /**
     * {@return every kind of field its CPUs' descriptions give, each once, in report order: the JSON Schema and
     * docs/cli.md are generated from them}
     */
    List<CpuDescription.FactKind> facts();

    /** {@return its dump files: read into snapshots and written back} */
    SnapshotFormat<S> format();

    /**
     * Probes the running CPU with the sources {@code mode} allows (never {@link ProbeMode#NONE}, which the core answers
     * itself), falling back to weaker ones when a better one fails, never crashing the JVM, and recording each failure
     * in the result's source.
     *
     * @param mode the sources allowed; never {@link ProbeMode#NONE}
     * @return what was read, from the best source that worked; no kind when none did
     */
    Probed<S> probe(ProbeMode mode);

    /**
     * The features every CPU of this architecture has, which the JVM's view may answer without the JVM's word where no
     * probe works; none by default.
     *
     * @return the features
     */
    default Set<F> baseline() {
        return Set.of();
    }

    /**
     * {@return the names of what a dump of this architecture may be read assuming, as it cannot say it itself (x86:
     * {@code xcr0}, the OS state of a machine whose dump was taken elsewhere); none by default}
     */
    default Set<String> assumptions() {
        return Set.of();
    }

    /**
     * The snapshot of a dump, read assuming {@code value} for {@code name}, one of {@link #assumptions()}.
     *
     * @param snapshot a snapshot of a dump; not null
     * @param name     one of {@link #assumptions()}; not null
     * @param value    what to assume, as the user wrote it; not null
     * @return the snapshot with it
     * @throws IllegalArgumentException if {@code value} is not a value {@code name} can have, saying what is accepted
     */
    default S assume(S snapshot, String name, String value) {
        throw new IllegalArgumentException(name + " is not assumed for " + features().label() + " dump");
    }

    /**
     * {@return the HotSpot flags that decide C2's vector widths here, besides {@code MaxVectorSize} (the JVM's view
     * reads them for {@link #vectorBits}); none by default}
     */
    default List<String> vectorFlags() {
        return List.of();
    }

    /**
     * The size of the Vector API's largest species of {@code lane} ({@code VectorSpecies.ofLargestShape}) a JVM of
     * this architecture gets with these HotSpot flags, without loading {@code jdk.incubator.vector}: C2's width for
     * that lane type by this architecture's rules ({@code Matcher::vector_width_in_bytes}), then
     * {@link VectorLanes#bits}. The preferred species' size is the least over {@link LaneType#ALL}. Proved against
     * the real species by tests. The one derivation of C2's widths: the {@code jvm.vectorN} gates and the preferred
     * size both come from it.
     *
     * @param flags         the HotSpot flags read, {@link #vectorFlags()} among them
     * @param maxVectorSize the JVM's {@code MaxVectorSize}, which caps every width
     * @param lane          the lane type; not null
     * @param runningCpu    whether the running CPU can use a feature, where a width depends on one; asked only then
     * @return the size in bits; empty when a flag it needs is missing or malformed, or its rules are not known
     */
    default OptionalInt vectorBits(Map<String, String> flags, int maxVectorSize, LaneType lane, Predicate<F> runningCpu) {
        return OptionalInt.empty();
    }

    /**
     * {@return the HotSpot flags that only this architecture's HotSpot defines (its {@code globals_<cpu>.hpp}), among
     * those its gates and {@link #vectorFlags()} name: a VM of any other architecture has none of them, so the JVM's
     * view knows them absent there without asking; none by default}
     */
    default Set<String> ownHotSpotFlags() {
        return Set.of();
    }

    /**
     * The feature HotSpot's name {@code hotSpotName} means: a name of its {@code -Xlog:os+cpu} line and of its AOT
     * cache's log ({@code sse4.1}, {@code clmul}), read as this module's feature with the bit HotSpot reads for it.
     * None by default, and none for a name HotSpot decides by a rule rather than one bit.
     *
     * @param hotSpotName a name as HotSpot prints it; not null
     * @return the feature; empty when the name is not HotSpot's or has no one feature
     */
    default Optional<F> hotSpotFeature(String hotSpotName) {
        return Optional.empty();
    }

    /**
     * HotSpot's values of the flags {@code names} on this machine, as the VM sets them at start-up from the CPU's
     * words in {@code snapshot} and the options in {@code start}, without asking the VM: for the JVM's view, which
     * otherwise reads them through {@code HotSpotDiagnosticMXBean} (tens of milliseconds and {@code java.management}
     * on a process's first dispatched call). Only where the rules are certain: a JDK release they do not model, an
     * option they read given in a form they do not read ({@link HotSpotStart#plain}), a CPU word they cannot trust or
     * a name they do not know each make them answer nothing. Proved against the MXBean by tests. None by default.
     *
     * @param snapshot the running CPU's snapshot, read by this architecture's native probe; not null
     * @param start    the JDK release and the {@code -XX} options the VM was given; not null
     * @param names    the flags wanted, none of them {@linkplain #ownHotSpotFlags() another architecture's own}; not
     *                 null
     * @return each of {@code names} this architecture's HotSpot defines, to its value as the MXBean gives it
     *         ({@code 64}, {@code true}); empty when the rules cannot be sure of every one
     */
    default Optional<Map<String, String>> hotSpotFlags(S snapshot, HotSpotStart start, Collection<String> names) {
        return Optional.empty();
    }

    /**
     * The features HotSpot lists in its {@code -Xlog:os+cpu} "CPU:" line, in its own names and order, for a VM started as
     * {@code start} on the CPU of {@code snapshot}: the set HotSpot compiles for, and the one a JDK AOT cache records and
     * compares. Where the rules cannot decide a name they say so with the reason; where they cannot answer at all
     * ({@link HotSpotFeatureList#unanswered()}) they name why. None by default: the list is not modelled.
     *
     * @param snapshot a CPU's snapshot, of the running machine or a dump; not null
     * @param start    the JDK release and the {@code -XX} options; not null
     * @return the list, the names it cannot decide with the reason, or why it gives none
     */
    default HotSpotFeatureList hotSpotFeatures(S snapshot, HotSpotStart start) {
        return HotSpotFeatureList.unanswered(start.jdk(), "HotSpot's feature list is not modelled for this architecture");
    }
}
