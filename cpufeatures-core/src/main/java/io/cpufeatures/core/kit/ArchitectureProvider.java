package io.cpufeatures.core.kit;

import io.cpufeatures.core.CpuCache;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.kit.KeyValueDump.SnapshotDump;
import io.cpufeatures.core.kit.DecodedCpu;
import io.cpufeatures.core.kit.CpuFeaturesProvider;
import io.cpufeatures.core.kit.DumpContents;
import io.cpufeatures.core.kit.FeatureVocabulary;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * An architecture module's {@link CpuFeaturesProvider}, built from its parts: the tables and the decoder
 * ({@link Architecture}) and the vocabulary. The subclass, public with a public no-argument constructor for
 * {@link java.util.ServiceLoader}, adds its probe, its dump format ({@link #format()}) and the kinds of fact its
 * reports hold ({@link #facts()}); those two are asked for only when a dump is read or written or a report
 * described, so a module that only lends its names on another architecture's machine never builds them.
 *
 * @param <F> the architecture's feature enum
 * @param <S> the architecture's snapshot
 * @param <I> the architecture's decoded CPU
 */
public abstract class ArchitectureProvider<F extends Enum<F> & FeatureRow, S extends CpuSnapshot, I extends CpuInfo<F, S>> implements CpuFeaturesProvider {

    private final Architecture<F, ?, S, I> architecture;
    private final Class<S> snapshotType;
    private final FeatureVocabulary vocabulary;
    private final Set<String> osArchs;

    /**
     * The provider of one architecture.
     *
     * @param architecture the tables; not null
     * @param snapshotType the class of the architecture's snapshots; not null
     * @param vocabulary   its names; not null
     * @param osArchs      the values of {@code os.arch} of the JVMs it probes ({@code aarch64}, {@code arm64}); not null
     */
    protected ArchitectureProvider(Architecture<F, ?, S, I> architecture, Class<S> snapshotType, FeatureVocabulary vocabulary,
            Set<String> osArchs) {
        this.architecture = Objects.requireNonNull(architecture, "architecture");
        this.snapshotType = Objects.requireNonNull(snapshotType, "snapshotType");
        this.vocabulary = Objects.requireNonNull(vocabulary, "vocabulary");
        this.osArchs = Set.copyOf(osArchs);
    }

    @Override
    public final String architecture() {
        return architecture.name();
    }

    @Override
    public final boolean runsOn(String osArch) {
        return osArchs.contains(osArch);
    }

    @Override
    public final Optional<DecodedCpu> decode(CpuSnapshot snapshot) {
        return snapshotType.isInstance(snapshot) ? Optional.of(features(snapshotType.cast(snapshot))) : Optional.empty();
    }

    /**
     * The facade's view of one snapshot of this architecture.
     *
     * @param snapshot the snapshot; not null
     * @return its decoding, as the core asks it
     */
    protected final DecodedCpu features(S snapshot) {
        return view(architecture, snapshot);
    }

    private static <F extends Enum<F> & FeatureRow, C, S extends CpuSnapshot, I extends CpuInfo<F, S>> DecodedCpu
            view(Architecture<F, C, S, I> a, S snapshot) {
        return new DecodedFeatures<>(a, a.decode(snapshot, Set.of()));
    }

    /**
     * The facade's view of one snapshot of this architecture, with what its probe read beside it
     * ({@link DecodedFeatures#withProbed}).
     *
     * @param snapshot the snapshot; not null
     * @param coreKind the kind of core it is one of; empty when the machine's cores are of one kind; not null
     * @param caches   its caches, as the probe read them; not null
     * @return its decoding, as the core asks it
     */
    protected final DecodedCpu features(S snapshot, Optional<String> coreKind, List<CpuCache> caches) {
        return viewProbed(architecture, snapshot, coreKind, caches);
    }

    private static <F extends Enum<F> & FeatureRow, C, S extends CpuSnapshot, I extends CpuInfo<F, S>> DecodedCpu
            viewProbed(Architecture<F, C, S, I> a, S snapshot, Optional<String> coreKind, List<CpuCache> caches) {
        return new DecodedFeatures<>(a, a.decode(snapshot, Set.of())).withProbed(coreKind, caches);
    }

    /**
     * What a probe sequence's outcome is as a report: the one CPU it read, or nothing known.
     *
     * @param outcome the outcome; not null
     * @return the result, with the outcome's source
     */
    protected final ProbeResult result(ProbeSequence.Result<S> outcome) {
        return outcome.snapshot().map(s -> new ProbeResult(features(s), outcome.source())).orElseGet(() -> floor(outcome.source()));
    }

    /**
     * The report when no source of the machine worked: the JVM's own view ({@link JvmFloor}), its source the JVM,
     * keeping the failures of the sources tried.
     *
     * @param failed the source of the outcome that read nothing; not null
     * @return the floor's result
     */
    protected final ProbeResult floor(ProbeSource failed) {
        long start = System.nanoTime();
        JvmFloor floor = JvmFloor.of(architecture(), vocabulary, baseline(), JvmView.readWithoutCpu());
        return new ProbeResult(floor, new ProbeSource(SourceKind.JVM, "the JVM's view: HotSpot flags " + floor.flagsRead(),
                failed.failures(), failed.elapsed().plus(Duration.ofNanos(System.nanoTime() - start))));
    }

    /**
     * The canonical names of the features every CPU of this architecture has, which the floor may answer without
     * the JVM's word; none by default.
     *
     * @return the names
     */
    protected Set<String> baseline() {
        return Set.of();
    }

    @Override
    public final FeatureVocabulary vocabulary() {
        return vocabulary;
    }

    /** {@return the architecture's dump files: read into snapshots and written back} */
    protected abstract SnapshotFormat<S> format();

    /**
     * {@inheritDoc} The file is parsed by the architecture's format; an XCR0 goes to {@link #withXcr0}.
     */
    @Override
    public final Optional<DumpContents> parseDump(String file, String text, OptionalLong xcr0) throws DumpFormatException {
        Optional<SnapshotDump<S>> dump = format().parse(file, text);
        if (dump.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(xcr0.isPresent() ? withXcr0(dump.get(), xcr0.getAsLong()) : dump.get().contents());
    }

    /**
     * The dump with an XCR0 the user gave ({@code --xcr0}). Refused by default, as the file's error rather than
     * silently ignored: XCR0 is x86's OS state; x86 applies it.
     *
     * @param dump the parsed dump; not null
     * @param xcr0 the value given
     * @return the dump as the core reads it
     * @throws DumpFormatException      if this architecture has no XCR0 (the default)
     * @throws IllegalArgumentException if the value is not a state the architecture can have (x86's override)
     */
    protected DumpContents withXcr0(SnapshotDump<S> dump, long xcr0) throws DumpFormatException {
        throw new DumpFormatException(dump.file(), 0, "an XCR0 was given for " + architecture.features().label()
                + " dump; XCR0 is x86's OS state");
    }

    @Override
    public final String unrecognisedDump() {
        return format().unrecognised();
    }

    @Override
    public final String writeDump(List<CpuSnapshot> snapshots) {
        List<S> own = new ArrayList<>(snapshots.size());
        for (CpuSnapshot s : snapshots) {
            if (!snapshotType.isInstance(s)) {
                throw new IllegalArgumentException("not " + architecture.features().label() + " snapshot: "
                        + s.architecture());
            }
            own.add(snapshotType.cast(s));
        }
        return format().write(own);
    }
}
