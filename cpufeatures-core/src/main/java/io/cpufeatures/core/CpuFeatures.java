package io.cpufeatures.core;

import io.cpufeatures.os.JvmArch;
import io.cpufeatures.core.internal.Architectures;
import io.cpufeatures.core.internal.Once;
import io.cpufeatures.core.internal.Vocabulary;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.kit.DecodedCpu;
import io.cpufeatures.core.kit.CoreTypeIntersection;
import io.cpufeatures.core.internal.ArchitectureModule;
import io.cpufeatures.core.kit.HotSpotFeatureList;
import io.cpufeatures.core.kit.HotSpotStart;
import io.cpufeatures.core.internal.ArchitectureModule.ProbeResult;
import io.cpufeatures.core.kit.NoCpuInformation;
import io.cpufeatures.core.trace.FeatureTrace;
import io.cpufeatures.core.trace.GroupTrace;
import io.cpufeatures.core.trace.JvmTrace;
import io.cpufeatures.core.trace.NameCheck;
import io.cpufeatures.core.trace.Trace;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What the CPU under this JVM can really run, and what the JIT will compile: an immutable report
 * of present, usable and preferred features, the reasons for every refusal, the JVM's view and
 * the source of the answer.
 *
 * <p>{@link #current()} probes once per process and caches the report (CPUID is serialising and,
 * in a virtual machine, a trap to the hypervisor: about 6.6 µs each here). {@link #of(CpuSnapshot)}
 * decodes any snapshot without touching global state. Names are canonical names, aliases, policy
 * flags ({@code prefer_ymm}), groups ({@code x86-64-v3}) or {@code jvm.*} features of any module on
 * the class path, resolved by one index ({@link #resolve}); an unknown name always throws.
 */
public final class CpuFeatures {

    /** How the detail of a report whose probe threw begins (that probe is warned about where it is caught). */
    static final String PROBE_FAILED = "the probe failed: ";

    private final DecodedCpu arch;
    private final ProbeSource source;
    private final List<CpuKind<CpuFeatures>> coreKinds;
    private final JvmView jvmOverride;
    private final Set<String> jvmDisabled;

    private CpuFeatures(DecodedCpu arch, ProbeSource source, List<CpuKind<CpuFeatures>> coreKinds, JvmView jvmOverride,
            Set<String> jvmDisabled) {
        this.arch = Objects.requireNonNull(arch, "arch");
        this.source = Objects.requireNonNull(source, "source");
        this.coreKinds = List.copyOf(coreKinds);
        this.jvmOverride = jvmOverride;
        this.jvmDisabled = Set.copyOf(jvmDisabled);
    }

    /** A report of a decoded CPU, as an architecture module returned it. */
    static CpuFeatures decoded(ProbeResult result) {
        List<CpuKind<CpuFeatures>> kinds = new ArrayList<>();
        for (CpuKind<DecodedCpu> k : result.coreKinds()) {
            kinds.add(k.as(new CpuFeatures(k.cpu(), result.source(), List.of(), null, Set.of())));
        }
        return new CpuFeatures(result.features(), result.source(), kinds, null, Set.of());
    }

    /**
     * Decodes {@code snapshot} with the first module that knows its architecture: the one place a snapshot
     * (from a dump or the emulation API) becomes a decoded CPU.
     */
    static Optional<DecodedCpu> decode(CpuSnapshot snapshot, List<ArchitectureModule> providers) {
        for (ArchitectureModule p : providers) {
            Optional<DecodedCpu> f = p.decode(snapshot);
            if (f.isPresent()) {
                return f;
            }
        }
        return Optional.empty();
    }

    /** The report of {@code features}, decoded from a snapshot that came from {@code source}. */
    static CpuFeatures decoded(DecodedCpu features, SnapshotSource source) {
        return decoded(new ProbeResult(features, ProbeSource.of(source.kind(), source.detail())));
    }

    private static Vocabulary vocabulary() {
        return Architectures.get().vocabulary();
    }

    /**
     * The report of this process's CPU, probed on first call and cached: later calls cost a field
     * read. Honours {@code cpufeatures.disable}, {@code cpufeatures.cpuid.file},
     * {@code cpufeatures.assume.*} and {@code cpufeatures.probe}, read once before the probe ({@link ProbeSettings}). On a hybrid
     * machine it answers for what every core type can run (a thread may be moved to any core at any
     * time), and {@link #coreKinds()} gives each core type's own report.
     *
     * @return the cached report of the CPU this process runs on; never null (a probe that fails gives a
     *         report with nothing known of the CPU, its {@link #source()} saying why)
     * @throws CpuFeaturesConfigurationException on every call, if an override is invalid
     */
    public static CpuFeatures current() {
        ProcessProbe.Outcome o = ProcessProbe.outcome();
        if (o.failure() != null) {
            throw new CpuFeaturesConfigurationException(o.failure().getMessage(), o.failure());
        }
        return o.features();
    }

    /**
     * A fresh probe of this process's CPU, bypassing the cache: CPUID runs again on every call. For
     * benchmarks that measure the probe itself (and to show what per-context probing costs); use
     * {@link #current()} everywhere else.
     *
     * @return a new report of the CPU this process runs on, with the system properties' overrides applied
     * @throws CpuFeaturesConfigurationException if an override is invalid
     */
    public static CpuFeatures probeUncached() {
        return probe(ProbeSettings.fromSystem());
    }

    /**
     * Probes with explicit settings, without touching the cache (tests, tools): a dump named by the
     * settings is decoded as if it were this machine; {@link ProbeMode#NONE}, or a machine no module
     * on the class path runs on, gives the architecture's name and the JVM's view only.
     *
     * @param settings the sources allowed, the dump to read instead, the XCR0 to assume and the names to
     *                 disable; not null
     * @return a new report, not cached
     * @throws CpuFeaturesConfigurationException if the settings name a dump that cannot be read, or
     *                                           disable an unknown name
     */
    public static CpuFeatures probe(ProbeSettings settings) {
        return probe(settings, Architectures.ofRunning());
    }

    /** {@link #probe(ProbeSettings)} with the modules {@code architectures} (tests give their own). */
    static CpuFeatures probe(ProbeSettings settings, Architectures architectures) {
        long start = System.nanoTime();
        String osArch = JvmArch.osArch();
        ProbeResult result;
        if (settings.cpuidFile().isPresent()) {
            result = DumpProbe.fromFile(settings.cpuidFile().get(), settings, start);
        } else if (settings.probe() == ProbeMode.NONE) {
            result = nothingKnown(osArch, "forced by cpufeatures.probe=none", start);
        } else {
            Optional<ArchitectureModule> provider = architectures.forOsArch(osArch);
            if (provider.isEmpty()) {
                result = nothingKnown(osArch, "no cpufeatures module for os.arch=" + osArch + " on the class path", start);
            } else {
                try {
                    result = Objects.requireNonNull(provider.get().probe(settings.probe()), "the probe returned null");
                } catch (RuntimeException | Error e) {
                    Once.rethrowIfMomentary(e);
                    return ProcessProbe.failed(e);
                }
            }
        }
        CpuFeatures features = decoded(result);
        if (!settings.disable().isEmpty()) {
            try {
                features = features.without(settings.disable());
            } catch (UnknownFeatureException e) {
                throw new CpuFeaturesConfigurationException("cpufeatures.disable: " + e.getMessage(), e);
            }
        }
        return features;
    }

    private static ProbeResult nothingKnown(String osArch, String why, long start) {
        return new ProbeResult(new NoCpuInformation(osArch), new ProbeSource(SourceKind.NONE, why, List.of(),
                Duration.ofNanos(System.nanoTime() - start)));
    }

    /**
     * Decodes {@code snapshot} (a dump, an emulated CPU) with no global state and no overrides.
     *
     * @param snapshot the raw snapshot of one CPU; not null
     * @return the report of that CPU, as its architecture's module decodes it, with this JVM's view
     * @throws IllegalArgumentException if no module on the class path decodes its architecture
     */
    public static CpuFeatures of(CpuSnapshot snapshot) {
        Objects.requireNonNull(snapshot, "snapshot");
        List<ArchitectureModule> providers = Architectures.get().providers();
        Optional<DecodedCpu> decoded = decode(snapshot, providers);
        if (decoded.isPresent()) {
            return decoded(decoded.get(), snapshot.source());
        }
        throw new IllegalArgumentException("no cpufeatures module decodes " + snapshot.architecture()
                + " snapshots; modules on the class path: " + providers.stream().map(ArchitectureModule::architecture).toList());
    }

    /**
     * What {@code name} names in the vocabulary of the modules on the class path: a feature, a policy
     * flag, a group or a {@code jvm.*} feature, with its canonical spelling.
     *
     * @param name  a canonical name, an alias, a policy flag, a group or a {@code jvm.*} name, e.g.
     *              {@code sse3}; not null
     * @param where where the name was read, for the error ({@code cpufeatures.disable}, an annotation...);
     *              not null
     * @return the name resolved: its canonical spelling, its kind, the architectures defining it and, for
     *         a group, its members
     * @throws UnknownFeatureException naming the closest valid names and what is accepted, when no module
     *                                 knows it (and which module to add, when the machine's is missing)
     */
    public static FeatureName resolve(String name, String where) {
        return vocabulary().resolve(Objects.requireNonNull(name, "name"), Objects.requireNonNull(where, "where"));
    }

    /**
     * What {@code name} names, asked of this report: by its own architecture's names first, which are built without
     * any other module's; by every module's ({@link #resolve}) only where those do not know it (another
     * architecture's feature, a misspelling).
     */
    private FeatureName name(String name, String where) {
        return Architectures.name(arch.architecture(), Objects.requireNonNull(name, "name"), where);
    }

    /**
     * {@return the architectures whose modules are on the class path ({@code x86_64}, {@code aarch64},
     * {@code ppc64le}), in a fixed order; empty when none is, and then only {@code jvm.*} names resolve}
     */
    public static List<String> architectures() {
        List<ArchitectureModule> modules = Architectures.get().providers();
        String[] names = new String[modules.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = modules.get(i).architecture();
        }
        return List.of(names);
    }

    /**
     * The canonical spelling of {@code name}: {@code resolve(name, where).canonical()}.
     *
     * @param name  any accepted spelling of a feature, policy flag, group or {@code jvm.*} name; not null
     * @param where where the name was read, for the error; not null
     * @return the canonical spelling, e.g. {@code pni} for {@code sse3}
     * @throws UnknownFeatureException as {@link #resolve}
     */
    public static String canonicalName(String name, String where) {
        return resolve(name, where).canonical();
    }

    /**
     * The library's canonical name for a feature name of HotSpot's ({@code -Xlog:os+cpu}, and the AOT cache's log):
     * the feature with the CPUID bit or register field HotSpot reads for it, where {@code architecture}'s module
     * models HotSpot's names (x86: JDK 17 and 25).
     *
     * @param architecture the architecture ({@code x86_64}); not null
     * @param hotSpotName  a name as HotSpot prints it ({@code sse4.1}, {@code clmul}); not null
     * @return the canonical name ({@code sse4_1}, {@code pclmulqdq}); empty for a name the module does not know, or
     *         one HotSpot decides by a rule of its own (x86's {@code ht}), or an architecture without a module
     */
    public static Optional<String> fromHotSpotName(String architecture, String hotSpotName) {
        Objects.requireNonNull(architecture, "architecture");
        Objects.requireNonNull(hotSpotName, "hotSpotName");
        for (ArchitectureModule m : Architectures.get().providers()) {
            if (m.architecture().equals(architecture)) {
                return m.hotSpotFeature(hotSpotName);
            }
        }
        return Optional.empty();
    }

    /** {@return the architecture of the CPU ({@code x86_64}), or {@code os.arch} when no module handles it} */
    public String architecture() {
        return arch.architecture();
    }

    /** {@return the decoded CPU this report answers from} */
    DecodedCpu arch() {
        return arch;
    }

    /** Whether this report's CPU names its own core ({@link CpuDump#hybrid()}). */
    boolean namesItsCore() {
        return arch.namesItsCore();
    }

    /** {@return where the answer came from, and which better sources failed first and why} */
    public ProbeSource source() {
        return source;
    }

    /**
     * Whether {@code name} holds: a usable feature, a policy flag that applies, a group all of whose
     * members hold, or a {@code jvm.*} feature the JIT will compile. A name known only to another
     * architecture's module reads false.
     *
     * @param name any accepted spelling of a feature, policy flag, group or {@code jvm.*} name; not null
     * @return whether it holds on this CPU, with this JVM (for {@code jvm.*} names) and after the
     *         disabled names are removed
     * @throws UnknownFeatureException if no module knows the name, with the closest valid names
     */
    public boolean has(String name) {
        Boolean own = arch.answer(Objects.requireNonNull(name, "name"));
        if (own != null) {
            return own;
        }
        if (name.startsWith("jvm.")) {
            Boolean gate = jvm().answer(name);
            if (gate != null) {
                return gate;
            }
        }
        return reasons(name).isEmpty();
    }

    /**
     * Whether the CPU reports the feature named {@code name}, usable or not (false for other kinds of name).
     *
     * @param name any accepted spelling of a feature name; not null
     * @return whether the CPU's feature bit is set, whatever the OS, errata or JVM allow
     * @throws UnknownFeatureException if no module knows the name
     */
    public boolean isPresent(String name) {
        FeatureName n = name(name, "CpuFeatures.isPresent");
        return n.kind() == FeatureName.Kind.FEATURE && arch.detailed().presentNames().contains(n.canonical());
    }

    /**
     * Why {@code name} does not hold ({@link #has}); empty when it does. A group's reasons are those of
     * its members that do not hold, each named.
     *
     * @param name any accepted spelling of a feature, policy flag, group or {@code jvm.*} name; not null
     * @return the reasons, root reason first; empty when {@link #has} is true
     * @throws UnknownFeatureException if no module knows the name
     */
    public List<Reason> reasons(String name) {
        FeatureName n = name(name, "CpuFeatures.has");
        return switch (n.kind()) {
            case JVM -> jvm().reasons(n.canonical());
            case GROUP -> {
                List<Reason> r = new ArrayList<>();
                for (String m : n.members()) {
                    List<Reason> own = reasons(m);
                    if (!own.isEmpty()) {
                        r.add(new Reason(own.get(0).kind(), m + ": " + own.get(0).detail()));
                    }
                }
                yield List.copyOf(r);
            }
            case FEATURE, POLICY -> arch.detailed().reasons(n.canonical());
        };
    }

    /**
     * How the verdict on {@code name} was reached, layer by layer: for a feature its CPU bit, OS state,
     * dependencies, errata, user mask, policy flags and JIT gates; for a policy flag its rule; for a
     * group its members; for a {@code jvm.*} feature the JVM's flags. Empty for a feature or policy
     * flag this CPU's module does not decode (another architecture's, or nothing known here).
     *
     * @param name any accepted spelling of a feature, policy flag, group or {@code jvm.*} name; not null
     * @return the trace: a {@link FeatureTrace}, a {@link io.cpufeatures.core.trace.PolicyTrace}, a
     *         {@link GroupTrace} or a {@link JvmTrace}, by the kind of name
     * @throws UnknownFeatureException if no module knows the name
     */
    public Optional<Trace> trace(String name) {
        FeatureName n = name(name, "CpuFeatures.trace");
        return switch (n.kind()) {
            case JVM -> {
                JvmView view = jvm();
                List<Reason> r = view.reasons(n.canonical());
                yield Optional.of(new JvmTrace(n.canonical(), view.vmName(), view.flags(), view.vectorApiReadable(),
                        view.preferredVectorBits(), r.stream().findFirst()));
            }
            case GROUP -> Optional.of(new GroupTrace(n.canonical(), n.members().stream().map(this::check).toList()));
            case FEATURE, POLICY -> arch.detailed().trace(n.canonical()).map(t -> t instanceof FeatureTrace f
                    ? f.withJvm(Architectures.vocabularyOf(arch.architecture()).jvmGatesOf(arch.architecture(), f.name()).stream().map(this::check).toList())
                    : t);
        };
    }

    private NameCheck check(String name) {
        List<Reason> r = reasons(name);
        return new NameCheck(name, r.isEmpty(), r.stream().findFirst());
    }

    /**
     * What reports print of this CPU (identity, families, fleet summary), standing for {@code logicalCpus} CPUs.
     *
     * @param logicalCpus how many logical CPUs of this kind the report stands for (a dump's count, or the
     *                    machine's), as the identity lines state it
     * @return the description, built by the architecture's module
     */
    public CpuDescription describe(int logicalCpus) {
        return arch.detailed().describe(logicalCpus);
    }

    /** {@return the raw snapshot decoded, if there is one (none when nothing is known of the CPU)} */
    public Optional<CpuSnapshot> snapshot() {
        return arch.detailed().decodedFrom();
    }

    /**
     * The features HotSpot would list in its {@code -Xlog:os+cpu} "CPU:" line on this CPU, in its own names, for a VM
     * started as {@code start}: the set its JIT compiles for and a JDK AOT cache records. A model of HotSpot's start-up
     * by the architecture's rules, not a VM's answer; where it cannot decide a name it says why.
     *
     * @param start the JDK release and {@code -XX} options; not null
     * @return the list; {@link HotSpotFeatureList#unanswered()} says why there is none (nothing known of the CPU, a
     *         release, option or architecture not modelled)
     */
    public HotSpotFeatureList hotSpotFeatures(HotSpotStart start) {
        Objects.requireNonNull(start, "start");
        Optional<CpuSnapshot> s = snapshot();
        if (s.isEmpty()) {
            return HotSpotFeatureList.unanswered(start.jdk(), "nothing is known of the CPU");
        }
        Optional<ArchitectureModule> module = Architectures.get().forArchitecture(s.get().architecture());
        return module.isPresent() ? module.get().hotSpotFeatures(s.get(), start)
                : HotSpotFeatureList.unanswered(start.jdk(), "no module on the class path decodes "
                        + s.get().architecture());
    }

    /** {@return the canonical names of the features the CPU reports, usable or not} */
    public Set<String> present() {
        return arch.detailed().presentNames();
    }

    /** {@return the canonical names of the features a program may use} */
    public Set<String> usable() {
        return arch.usableNames();
    }

    /** {@return for each present feature that is not usable, by canonical name, its reasons, root reason first} */
    public Map<String, List<Reason>> notUsable() {
        return arch.detailed().notUsableByName();
    }

    /** {@return the names of the policy flags that apply ({@code prefer_ymm})} */
    public Set<String> policyFlags() {
        return arch.policyFlags();
    }

    /** {@return identity facts for reports (vendor, brand, microarchitecture...), by label, in display order} */
    public Map<String, String> identity() {
        return arch.detailed().identityFacts();
    }

    /**
     * {@return the core type this report is for, when it is one core type of a hybrid machine
     * ({@code performance}, {@code efficiency}); empty otherwise, and for the report of the whole machine}
     */
    public Optional<String> coreType() {
        return arch.coreType();
    }

    /**
     * The caches of this CPU as it reports them, one entry per level and type (L1d, L1i, L2, L3), each the
     * size of one instance with its associativity, line size and sharing where reported. On x86 from CPUID
     * (leaf 4, AMD's 0x8000001D, leaf 2's descriptors on older Intel parts, 0x80000005/6 on older AMD ones).
     *
     * @return the caches by level; empty when the source says nothing of them, and for the whole of a
     *         hybrid machine (each of {@link #coreKinds()} has its own)
     */
    public List<CpuCache> caches() {
        return arch.caches();
    }

    /**
     * The core types of a hybrid machine, each with its own report; empty when the machine's logical CPUs
     * are all of one type. This report then answers for all of them at once: a feature is usable (and
     * {@link #has} true) only if every core type can run it, since the OS may move a thread to any core
     * at any time; the reasons of a feature that only some can run name the core types that cannot.
     *
     * @return the core types in the order found, immutable; empty unless the machine is hybrid
     */
    public List<CpuKind<CpuFeatures>> coreKinds() {
        return coreKinds;
    }

    /**
     * Which cores this report's answers hold for, when the machine is hybrid: {@code every core type
     * (performance: 8 logical CPUs, efficiency: 12)} for the machine, {@code performance cores} for one
     * core type's report; empty for a machine whose cores are all of one type. Dispatch explanations
     * state it.
     *
     * @return the cores the answers hold for, in words; empty unless the machine is hybrid
     */
    public Optional<String> coreScope() {
        if (arch instanceof CoreTypeIntersection i) {
            return Optional.of(i.describeKinds());
        }
        return arch.coreType().map(t -> t + " cores");
    }

    /**
     * {@return the JVM's view: this JVM's unless replaced with {@link #withJvm(JvmView)}, less the
     * {@code jvm.*} names removed with {@link #without}}
     */
    public JvmView jvm() {
        JvmView view = jvmOverride != null ? jvmOverride : JvmView.current();
        return jvmDisabled.isEmpty() ? view : view.without(jvmDisabled);
    }

    /**
     * The same report with {@code names} removed, as if the CPU (or JIT) lacked them: what depends
     * on them falls too, each with the reason "disabled". A group removes its members; names of
     * another architecture's features, and policy flags, remove nothing.
     *
     * @param names any accepted spellings of features, groups or {@code jvm.*} names; not null, nor any
     *              of its elements
     * @return a new report; this one is unchanged (core types of a hybrid machine lose the names too)
     * @throws UnknownFeatureException for a name no module knows
     */
    public CpuFeatures without(Collection<String> names) {
        Set<String> archNames = new LinkedHashSet<>();
        Set<String> jvmNames = new LinkedHashSet<>(jvmDisabled);
        for (String name : names) {
            FeatureName n = name(name, "cpufeatures.disable");
            for (String member : n.kind() == FeatureName.Kind.GROUP ? n.members() : List.of(n.canonical())) {
                FeatureName m = n.kind() == FeatureName.Kind.GROUP ? name(member, "cpufeatures.disable") : n;
                if (m.kind() == FeatureName.Kind.JVM) {
                    jvmNames.add(m.canonical());
                } else if (m.kind() == FeatureName.Kind.FEATURE && m.architectures().contains(arch.architecture())) {
                    archNames.add(m.canonical());
                }
            }
        }
        List<CpuKind<CpuFeatures>> kinds = new ArrayList<>();
        for (CpuKind<CpuFeatures> k : coreKinds) {
            kinds.add(k.as(k.cpu().without(names)));
        }
        return new CpuFeatures(archNames.isEmpty() ? arch : arch.without(archNames), source, kinds, jvmOverride, jvmNames);
    }

    /**
     * The same CPU seen from another JVM (emulation: "what if MaxVectorSize were 32?").
     *
     * @param jvm the JVM view to answer {@code jvm.*} names and JIT gates with; not null
     * @return a new report with that view, for this report and each of its core types
     */
    public CpuFeatures withJvm(JvmView jvm) {
        Objects.requireNonNull(jvm, "jvm");
        List<CpuKind<CpuFeatures>> kinds = new ArrayList<>();
        for (CpuKind<CpuFeatures> k : coreKinds) {
            kinds.add(k.as(k.cpu().withJvm(jvm)));
        }
        return new CpuFeatures(arch, source, kinds, jvm, jvmDisabled);
    }

    /**
     * One of the architecture module's own facts about the CPU, by its type: on x86 the {@code CpuidSnapshot},
     * {@code CpuIdentity} and {@code Xcr0State}; on AArch64 the {@code AArch64Snapshot},
     * {@code Midr} and {@code CoreModel}; on ppc64le the {@code Ppc64leSnapshot} and {@code Processor}. For a hybrid
     * machine, its first core type's.
     *
     * @param <T>  the type asked for
     * @param type the fact's class, e.g. {@code Xcr0State.class}; not null
     * @return the fact; empty when the module has none of that type (another architecture, nothing known of the
     *         CPU, or a fact this CPU does not state)
     */
    public <T> Optional<T> unwrap(Class<T> type) {
        Objects.requireNonNull(type, "type");
        for (Object fact : arch.detailed().facts()) {
            if (type.isInstance(fact)) {
                return Optional.of(type.cast(fact));
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return "CpuFeatures[" + architecture() + " " + identity() + ", " + usable().size() + " usable of "
                + present().size() + " present, policy " + policyFlags() + ", source " + source + "]";
    }
}
