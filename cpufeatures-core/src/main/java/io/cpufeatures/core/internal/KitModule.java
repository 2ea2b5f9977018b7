package io.cpufeatures.core.internal;

import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.kit.Architecture;
import io.cpufeatures.core.kit.DecodedCpu;
import io.cpufeatures.core.kit.FeatureRow;
import io.cpufeatures.core.kit.FeatureVocabulary;
import io.cpufeatures.core.kit.HotSpotStart;
import java.util.Collection;
import io.cpufeatures.core.kit.JvmFloor;
import io.cpufeatures.core.kit.PolicyRule;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.core.kit.Probed;
import io.cpufeatures.core.kit.TableDecoding;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The core's {@link ArchitectureModule} made of a module's {@link Architecture}: what every module does the same
 * way lives here once (decoding into the facade's view, a probe's kinds into one answer or a hybrid machine's, the
 * JVM's view where no probe worked, assumptions given for a dump, writing a dump of its snapshots), so a module
 * implements only what is its own.
 *
 * @param <F> the architecture's feature enum
 * @param <S> its snapshot
 */
public final class KitModule<F extends Enum<F> & FeatureRow, S extends CpuSnapshot> implements ArchitectureModule {

    private final Architecture<F, S> architecture;

    /**
     * The module made of {@code architecture}.
     *
     * @param architecture the module's contract; not null
     */
    public KitModule(Architecture<F, S> architecture) {
        this.architecture = Objects.requireNonNull(architecture, "architecture");
    }

    /**
     * {@return the module made of {@code architecture}}
     *
     * @param architecture a module's contract, as ServiceLoader found it; not null
     */
    public static ArchitectureModule of(Architecture<?, ?> architecture) {
        return wrap(architecture);
    }

    private static <F extends Enum<F> & FeatureRow, S extends CpuSnapshot> ArchitectureModule wrap(Architecture<F, S> a) {
        return new KitModule<>(a);
    }

    /** {@return the module's contract} */
    public Architecture<F, S> architectureRules() {
        return architecture;
    }

    @Override
    public String architecture() {
        return architecture.name();
    }

    @Override
    public boolean runsOn(String osArch) {
        return architecture.osArchs().contains(osArch);
    }

    @Override
    public Optional<DecodedCpu> decode(CpuSnapshot snapshot) {
        Class<S> type = architecture.snapshotType();
        return type.isInstance(snapshot) ? Optional.of(architecture.decode(type.cast(snapshot), Set.of()))
                : Optional.empty();
    }

    @Override
    public ProbeResult probe(ProbeMode mode) {
        PROBES.incrementAndGet();
        return result(architecture.probe(mode));
    }

    /** How many times a module's probe has read the running machine in this process. */
    private static final java.util.concurrent.atomic.AtomicInteger PROBES = new java.util.concurrent.atomic.AtomicInteger();

    /**
     * {@return how many times an architecture module's probe has read the running machine (CPUID and XGETBV, the
     * kernel's words) in this process} For tests that a first use reads it once.
     */
    public static int probes() {
        return PROBES.get();
    }

    /**
     * What a probe read as the core's answer: the one CPU, a hybrid machine's core types and what they all can run,
     * or the JVM's own view where the probe read nothing.
     *
     * @param probed what the probe read; not null
     * @return the result
     */
    public ProbeResult result(Probed<S> probed) {
        if (probed.kinds().isEmpty()) {
            return floor(probed.source());
        }
        List<CpuKind<DecodedCpu>> kinds = new ArrayList<>();
        for (Probed.Kind<S> k : probed.kinds()) {
            TableDecoding<F, ?> cpu = architecture.decode(k.snapshot(), Set.of());
            if (k.coreKind().isPresent() || k.caches().isPresent()) {
                cpu = cpu.probed(k.coreKind(), k.caches().isPresent() ? k.caches().get() : cpu.caches());
            }
            kinds.add(new CpuKind<>(cpu, k.logicalCpus(), k.firstCpu()));
        }
        return ProbeResult.ofCoreKinds(kinds, probed.source());
    }

    /** The report when no source of the machine worked: the JVM's own view, keeping the failures of those tried. */
    private ProbeResult floor(ProbeSource failed) {
        long start = System.nanoTime();
        Set<String> baseline = new LinkedHashSet<>();
        for (F f : architecture.baseline()) {
            baseline.add(f.canonicalName());
        }
        JvmFloor floor = JvmFloor.of(architecture(), architecture.vocabulary(), baseline, JvmView.readWithoutCpu());
        return new ProbeResult(floor, new ProbeSource(SourceKind.JVM, "the JVM's view: HotSpot flags " + floor.flagsRead(),
                failed.failures(), failed.elapsed().plus(Duration.ofNanos(System.nanoTime() - start))));
    }

    @Override
    public FeatureVocabulary vocabulary() {
        return architecture.vocabulary();
    }

    @Override
    public boolean canonical(String name) {
        if (architecture.features().byCanonical(name).isPresent()) {
            return true;
        }
        for (PolicyRule<?> r : architecture.policies()) {
            if (r.flag().equals(name)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public List<JvmGate> jvmGates() {
        return architecture.jvmGates();
    }

    @Override
    public List<String> vectorFlags() {
        return architecture.vectorFlags();
    }

    @Override
    public OptionalInt vectorBits(Map<String, String> flags, int maxVectorSize, io.cpufeatures.core.jvm.LaneType lane,
            Predicate<String> runningCpu) {
        return architecture.vectorBits(flags, maxVectorSize, lane, new ByName<>(runningCpu));
    }

    @Override
    public Set<String> ownHotSpotFlags() {
        return architecture.ownHotSpotFlags();
    }

    @Override
    public Optional<String> hotSpotFeature(String hotSpotName) {
        return architecture.hotSpotFeature(hotSpotName).map(FeatureRow::canonicalName);
    }

    @Override
    public Optional<Map<String, String>> hotSpotFlags(CpuSnapshot snapshot, HotSpotStart start, Collection<String> names) {
        Class<S> type = architecture.snapshotType();
        return type.isInstance(snapshot) ? architecture.hotSpotFlags(type.cast(snapshot), start, names) : Optional.empty();
    }

    @Override
    public io.cpufeatures.core.kit.HotSpotFeatureList hotSpotFeatures(CpuSnapshot snapshot, HotSpotStart start) {
        Class<S> type = architecture.snapshotType();
        return type.isInstance(snapshot) ? architecture.hotSpotFeatures(type.cast(snapshot), start)
                : io.cpufeatures.core.kit.HotSpotFeatureList.unanswered(start.jdk(), "the snapshot is not "
                        + architecture.name() + "'s");
    }

    /** The running CPU's answer for a feature, asked by its canonical name. A class, not a lambda (a cold path). */
    private static final class ByName<F extends Enum<F> & FeatureRow> implements Predicate<F> {
        private final Predicate<String> byName;

        ByName(Predicate<String> byName) {
            this.byName = byName;
        }

        @Override
        public boolean test(F feature) {
            return byName.test(feature.canonicalName());
        }
    }

    @Override
    public List<CpuDescription.FactKind> facts() {
        List<CpuDescription.FactKind> facts = new java.util.ArrayList<>(architecture.facts());
        facts.add(TableDecoding.unstated());
        return List.copyOf(facts);
    }

    @Override
    public Set<String> assumptions() {
        return architecture.assumptions();
    }

    @Override
    public Optional<SnapshotDump<CpuSnapshot>> parseDump(String file, String text, Map<String, String> assumptions)
            throws DumpFormatException {
        Optional<SnapshotDump<S>> parsed = architecture.format().parse(file, text);
        if (parsed.isEmpty()) {
            return Optional.empty();
        }
        SnapshotDump<S> dump = parsed.get();
        if (assumptions.isEmpty()) {
            return Optional.of(dump.widened());
        }
        for (String name : assumptions.keySet()) {
            if (!architecture.assumptions().contains(name)) {
                throw new DumpFormatException(file, 0, "'" + name + "' was given to assume, and " + architecture.features()
                        .label() + " dump is read assuming " + (architecture.assumptions().isEmpty() ? "nothing"
                                : "only " + String.join(", ", new TreeSet<>(architecture.assumptions()))));
            }
        }
        List<CpuKind<S>> kinds = new ArrayList<>();
        for (CpuKind<S> k : dump.kinds()) {
            S s = k.cpu();
            for (Map.Entry<String, String> a : assumptions.entrySet()) {
                s = architecture.assume(s, a.getKey(), a.getValue());
            }
            kinds.add(k.as(s));
        }
        return Optional.of(new SnapshotDump<>(dump.file(), dump.format(), dump.logicalCpus(), kinds).widened());
    }

    @Override
    public String unrecognisedDump() {
        return architecture.format().unrecognised();
    }

    @Override
    public String writeDump(List<CpuSnapshot> snapshots) {
        Class<S> type = architecture.snapshotType();
        List<S> own = new ArrayList<>(snapshots.size());
        for (CpuSnapshot s : snapshots) {
            if (!type.isInstance(s)) {
                throw new IllegalArgumentException("not " + architecture.features().label() + " snapshot: "
                        + s.architecture());
            }
            own.add(type.cast(s));
        }
        return architecture.format().write(own);
    }

    @Override
    public String toString() {
        return "module " + architecture.name();
    }
}
