package io.cpufeatures.core.jvm;

import io.cpufeatures.os.JvmArch;
import io.cpufeatures.core.internal.CurrentReport;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.internal.Architectures;
import io.cpufeatures.core.internal.Once;
import io.cpufeatures.core.internal.ArchitectureModule;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.cpufeatures.core.kit.HotSpotStart;
import io.cpufeatures.core.kit.VectorLanes;
import java.util.function.Predicate;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * What the running JVM's JIT will really do with the CPU: the HotSpot flags that decide code
 * generation, whether the Vector API is readable, and the {@code jvm.*} features they grant. A CPU
 * with AVX-512 under a JVM with {@code -XX:MaxVectorSize=32} or {@code -XX:UseAVX=2} must not be
 * handed 512-bit Vector API code: a species wider than the JIT compiles falls back to Java code that
 * runs about 100 times slower than scalar code.
 *
 * <p>The gates are {@link JvmGate}s: the core's Vector API ones ({@link JvmGate#CORE}) and those of
 * every architecture module on the class path (for x86, {@code jvm.avx2} is {@code UseAVX >= 2},
 * {@code jvm.bmi2} is {@code UseBMI2Instructions}...). Off HotSpot the flag-based gates do not hold,
 * with that as the reason.
 */
public final class JvmView {

    /** The flags the core's gates read, besides those the architectures' gates name. */
    private static final List<String> CORE_FLAGS = List.of("MaxVectorSize", "UseCompiler", "TieredStopAtLevel",
            "EnableVectorSupport");

    private final String vmName;
    private final Map<String, String> flags;
    private final String flagSource;
    private final boolean vectorApiReadable;
    /** The preferred species' sizes, read and derived when first asked. */
    private final Sizes sizes;
    private final boolean vectorApiAssumed;
    /** The release and options the flags were derived for; null where they were read or given. */
    private final HotSpotStart start;
    /** Whether this is a model of a VM ({@link #modelled}), not the running one's view. */
    private final boolean modelled;
    /** The gates evaluated when the view was made: for the running JVM its own architecture's and the core's. */
    private final List<String> evaluated;
    /** Every gate's name, in report order; worked out when first asked. */
    private volatile List<String> names;
    /** Why each gate that does not hold does not: those evaluated, and any disabled. */
    private final Map<String, List<Reason>> refused;

    private JvmView(String vmName, Map<String, String> flags, String flagSource, boolean vectorApiReadable,
            Sizes sizes, boolean vectorApiAssumed, List<JvmGate> gates, HotSpotStart start, boolean modelled) {
        this.vmName = Objects.requireNonNull(vmName, "vmName");
        this.start = start;
        this.modelled = modelled;
        this.flags = Collections.unmodifiableMap(new LinkedHashMap<>(flags));
        this.flagSource = Objects.requireNonNull(flagSource, "flagSource");
        this.vectorApiReadable = vectorApiReadable;
        this.sizes = Objects.requireNonNull(sizes, "sizes");
        this.vectorApiAssumed = vectorApiAssumed;
        List<String> n = new java.util.ArrayList<>(gates.size());
        Map<String, List<Reason>> r = new LinkedHashMap<>();
        for (JvmGate g : gates) {
            n.add(g.name());
            Optional<Reason> refusal = evaluate(g);
            if (refusal.isPresent()) {
                r.put(g.name(), List.of(refusal.get()));
            }
        }
        this.evaluated = List.copyOf(n);
        this.refused = Collections.unmodifiableMap(r);
    }

    private JvmView(JvmView base, Map<String, List<Reason>> refused) {
        this.vmName = base.vmName;
        this.flags = base.flags;
        this.flagSource = base.flagSource;
        this.vectorApiReadable = base.vectorApiReadable;
        this.sizes = base.sizes;
        this.vectorApiAssumed = base.vectorApiAssumed;
        this.start = base.start;
        this.modelled = base.modelled;
        this.evaluated = base.evaluated;
        this.names = base.names;
        this.refused = Collections.unmodifiableMap(refused);
    }

    /**
     * The species' sizes as the Vector API gives them (loading the API: about 10 ms where its module is readable) and
     * as the flags decide them, per lane type, each worked out when first asked: most questions need neither. The
     * flags' derivation answers first; the API is read where the flags do not decide a size.
     */
    private static final class Sizes {
        private final Map<String, String> flags;
        private final Optional<ArchitectureModule> module;
        private final Predicate<String> cpu;
        /** The preferred size a view made from flags was given, standing in for the API's sizes; null: read them. */
        private final OptionalInt given;
        /** A view assuming the module: the API's sizes are the derived ones. */
        private final boolean assumed;
        private OptionalInt preferred;
        private final OptionalInt[] read = new OptionalInt[LaneType.ALL.size()];
        private final OptionalInt[] derived = new OptionalInt[LaneType.ALL.size()];

        Sizes(Map<String, String> flags, Optional<ArchitectureModule> module, Predicate<String> cpu, OptionalInt given,
                boolean assumed) {
            this.flags = flags;
            this.module = module;
            this.cpu = cpu;
            this.given = given;
            this.assumed = assumed;
        }

        /** The same flags and rules, with the API's sizes taken to be the derived ones. */
        Sizes assumingApi() {
            return new Sizes(flags, module, cpu, null, true);
        }

        /** The preferred species' size: the API's (or what stands in for it). */
        synchronized OptionalInt preferred() {
            if (preferred == null) {
                preferred = assumed ? derived(LaneType.ALL) : given != null ? given : VectorApiProbe.preferredBitSize();
            }
            return preferred;
        }

        /**
         * The largest species of {@code lane} as the API gives it. A view made from flags has only the preferred size,
         * which no lane type's is below: it stands in for each.
         */
        synchronized OptionalInt read(LaneType lane) {
            int i = lane.ordinal();
            if (read[i] == null) {
                read[i] = assumed ? derived(lane) : given != null ? given : VectorApiProbe.largestBitSize(lane);
            }
            return read[i];
        }

        synchronized OptionalInt derived(LaneType lane) {
            int i = lane.ordinal();
            if (derived[i] == null) {
                derived[i] = derive(flags, module, lane, cpu);
            }
            return derived[i];
        }

        /** The least derived size over {@code lanes}; empty if any is unknown. */
        OptionalInt derived(List<LaneType> lanes) {
            int least = Integer.MAX_VALUE;
            for (LaneType lane : lanes) {
                OptionalInt b = derived(lane);
                if (b.isEmpty()) {
                    return b;
                }
                least = Math.min(least, b.getAsInt());
            }
            return OptionalInt.of(least);
        }

        /** The size of {@code lane}'s largest species: derived where the flags decide it, else read. */
        OptionalInt largest(LaneType lane) {
            OptionalInt d = derived(lane);
            return d.isPresent() ? d : read(lane);
        }
    }

    /** The running JVM's view, read on first use ({@link Once}: a failure of the moment is not kept). */
    private static final Once<JvmView> CURRENT = new Once<>(new Running());

    /** Reads the running JVM's view. A class, not a lambda: this class may initialise on a short stack. */
    private static final class Running implements java.util.function.Supplier<JvmView> {
        @Override
        public JvmView get() {
            return running();
        }
    }

    private static JvmView running() {
        return read(RUNNING_CPU);
    }

    /**
     * This JVM's flags (worked out from what decides them where that is certain, else read through the MXBean:
     * {@link FlagSource}), the Vector API's state, and the size the flags decide, asking {@code cpu} if need be.
     */
    private static JvmView read(Predicate<String> cpu) {
        Optional<ArchitectureModule> module = Architectures.running();
        List<JvmGate> gates = new java.util.ArrayList<>(JvmGate.CORE);
        if (module.isPresent()) {
            for (JvmGate g : module.get().jvmGates()) {
                if (!JvmGate.CORE.contains(g)) {
                    gates.add(g);
                }
            }
        }
        List<String> names = flagNames(gates, module);
        FlagSource.Read read = cpu == NO_CPU ? FlagSource.mxBean(names, "read without asking the CPU")
                : FlagSource.running(names, module);
        Map<String, String> flags = read.flags();
        return new JvmView(System.getProperty("java.vm.name", "unknown"), flags, read.source(), VectorApiProbe.readable(),
                new Sizes(flags, module, cpu, null, false), false, gates, read.start(), false);
    }

    /**
     * The running CPU's answer, asked only where the width of a lane type depends on a feature (x86's byte vectors
     * under its widest setting). A class, not a lambda: this class initialises on the first use of the library.
     */
    private static final class RunningCpu implements Predicate<String> {
        @Override
        public boolean test(String feature) {
            CurrentReport report = CurrentReport.ifMade();
            if (report == null) {
                // as the flags: the CPU is never probed for the JVM's view alone
                throw new IllegalStateException("this process's CPU report is not made yet");
            }
            return report.has().test(feature);
        }
    }

    private static final Predicate<String> RUNNING_CPU = new RunningCpu();

    /**
     * A CPU that cannot be asked: a derivation that needs its answer is not made. A class, not a lambda: this class
     * initialises on the first use of the library, where a lambda's bootstrap is a cost.
     */
    private static final class NoCpu implements Predicate<String> {
        @Override
        public boolean test(String feature) {
            throw new IllegalStateException("no CPU to ask");
        }
    }

    private static final Predicate<String> NO_CPU = new NoCpu();

    /**
     * The Vector API's preferred species size ({@code VectorShape.preferredShape().vectorBitSize()}) a JVM whose
     * {@code os.arch} is {@code osArch} gets with these HotSpot flags, derived without loading
     * {@code jdk.incubator.vector}, by the rules of that architecture's module on the class path: the least of
     * {@link #deriveVectorBits(String, Map, LaneType, Predicate)} over {@link LaneType#ALL}.
     *
     * @param osArch     a JVM's {@code os.arch}; not null
     * @param flags      its HotSpot flags by name ({@code MaxVectorSize} and the architecture's); not null
     * @param runningCpu whether the CPU can use a feature, by canonical name, where a width depends on one; not null
     * @return the size in bits; empty when the flags are not enough, no module's rules are known for {@code osArch},
     *         or {@code runningCpu} throws
     */
    public static OptionalInt deriveVectorBits(String osArch, Map<String, String> flags, Predicate<String> runningCpu) {
        Optional<ArchitectureModule> module = Architectures.get().forOsArch(Objects.requireNonNull(osArch, "osArch"));
        Objects.requireNonNull(flags, "flags");
        Objects.requireNonNull(runningCpu, "runningCpu");
        int least = Integer.MAX_VALUE;
        for (LaneType lane : LaneType.ALL) {
            OptionalInt b = derive(flags, module, lane, runningCpu);
            if (b.isEmpty()) {
                return b;
            }
            least = Math.min(least, b.getAsInt());
        }
        return OptionalInt.of(least);
    }

    /**
     * The size of the Vector API's largest species of {@code lane} ({@code VectorSpecies.ofLargestShape(type)
     * .vectorBitSize()}), which is C2's widest vector of that lane type, for a JVM whose {@code os.arch} is
     * {@code osArch} with these HotSpot flags, derived without loading {@code jdk.incubator.vector}.
     *
     * @param osArch     a JVM's {@code os.arch}; not null
     * @param flags      its HotSpot flags by name; not null
     * @param lane       the lane type; not null
     * @param runningCpu whether the CPU can use a feature, by canonical name, where the width depends on one (x86's
     *                   byte and short vectors under {@code UseAVX=3}); not null
     * @return the size in bits; empty when the flags are not enough, no module's rules are known for {@code osArch},
     *         or {@code runningCpu} throws
     */
    public static OptionalInt deriveVectorBits(String osArch, Map<String, String> flags, LaneType lane,
            Predicate<String> runningCpu) {
        return derive(Objects.requireNonNull(flags, "flags"), Architectures.get().forOsArch(Objects.requireNonNull(osArch,
                "osArch")), Objects.requireNonNull(lane, "lane"), Objects.requireNonNull(runningCpu, "runningCpu"));
    }

    /**
     * The size of {@code lane}'s largest species the flags decide, by the running architecture's rules; empty when the
     * flags were not readable, the rules are not known (no module, another architecture) or need a CPU answer that
     * failed. A VM built without C2 has no {@code MaxVectorSize}, and its {@code getMaxLaneCount} answers -1: the
     * smallest shape.
     */
    private static OptionalInt derive(Map<String, String> flags, Optional<ArchitectureModule> module, LaneType lane,
            Predicate<String> cpu) {
        if (flags.isEmpty() || module.isEmpty()) {
            return OptionalInt.empty();
        }
        String maxVectorSize = flags.get("MaxVectorSize");
        if (maxVectorSize == null) {
            return OptionalInt.of(VectorLanes.MIN_BITS);
        }
        OptionalInt max = VectorLanes.number(maxVectorSize);
        if (max.isEmpty()) {
            return OptionalInt.empty();
        }
        try {
            return module.get().vectorBits(flags, max.getAsInt(), lane, cpu);
        } catch (RuntimeException e) {
            return OptionalInt.empty();
        }
    }

    /** The core's gates, then those of each architecture module on the class path. */
    private static List<JvmGate> gates() {
        return Architectures.get().jvmGates();
    }

    /**
     * The flags to read: those the architectures' gates name, in their order, then the running architecture's vector
     * flags, then the core's.
     */
    private static List<String> flagNames(List<JvmGate> gates, Optional<ArchitectureModule> module) {
        java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
        for (JvmGate g : gates) {
            if (g.flag().isPresent()) {
                names.add(g.flag().get());
            }
        }
        if (module.isPresent()) {
            names.addAll(module.get().vectorFlags());
        }
        names.addAll(CORE_FLAGS);
        return List.copyOf(names);
    }

    /**
     * The view of the running JVM, computed on first use and then cached. Its flags are derived from what decides them
     * where that is certain (on Linux, HotSpot of JDK 17 and 25: no {@code java.management} class is loaded), else
     * read through the MXBean (tens of milliseconds); {@link #flagSource()} says which. The Vector API costs about ten
     * milliseconds more where its module is readable. The derivation takes the CPU's words from the process-wide
     * report ({@link io.cpufeatures.core.CpuFeatures#current()}) once that is made, as on a first {@code jvm.*} question or dispatched
     * call; it never probes the CPU for the flags alone.
     *
     * @return the running JVM's view, with the gates of the modules on the class path
     */
    public static JvmView current() {
        return CURRENT.get();
    }

    /**
     * This JVM's view read afresh, without asking the CPU anything (a derivation that needs the CPU's answer is left
     * out): for an architecture module whose probe
     * found nothing and that answers from the JVM's view instead, while the process-wide report is still being made.
     * Reads the flags through the HotSpot MXBean, since there is no CPU to derive them from; not cached.
     *
     * @return this JVM's flags and gates
     */
    public static JvmView readWithoutCpu() {
        return read(NO_CPU);
    }

    /**
     * A view with given flags, for emulation and tests ("what would a JVM with MaxVectorSize=32 do?"),
     * with the gates of the modules on the class path.
     *
     * @param vmName              the VM's name
     * @param flags               HotSpot flag values by name; an absent flag is not defined
     * @param vectorApiReadable   whether {@code jdk.incubator.vector} is readable
     * @param preferredVectorBits the preferred species' bit size, if the Vector API is readable
     * @return the view those flags would give, with the gates evaluated now
     */
    public static JvmView of(String vmName, Map<String, String> flags, boolean vectorApiReadable,
            OptionalInt preferredVectorBits) {
        // No CPU is given: a derivation that needs its answer is not made. The rules are this JVM's architecture's.
        Optional<ArchitectureModule> module = Architectures.get().forOsArch(JvmArch.osArch());
        return new JvmView(vmName, flags, "given", vectorApiReadable, new Sizes(flags, module, NO_CPU,
                Objects.requireNonNull(preferredVectorBits, "preferredVectorBits"), false), false, gates(), null, false);
    }

    /**
     * The view of a HotSpot server VM of release {@code start.jdk()} started with the options of {@code start} on the
     * CPU of {@code snapshot}, another machine's or this one's: its flags as the architecture's rules set them at
     * start-up (the model the running VM's view is derived with, {@link #flagSource()} saying so), the Vector API
     * assumed readable as with {@code --add-modules jdk.incubator.vector} (see {@link #assumingVectorApi()}), and the
     * gates of that architecture's module and the core. Where the rules cannot be sure (a release or an option form they
     * do not model, a CPU word they lack), the view has no flags, its source says why, and every flag gate says so.
     *
     * @param snapshot a CPU's snapshot, of a dump or of this machine; not null
     * @param start    the JDK release and the {@code -XX} options; not null
     * @return that VM's view; the running JVM is not asked anything
     */
    public static JvmView modelled(io.cpufeatures.core.CpuSnapshot snapshot, HotSpotStart start) {
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(start, "start");
        Optional<ArchitectureModule> module = Architectures.get().forArchitecture(snapshot.architecture());
        List<JvmGate> gates = new java.util.ArrayList<>(JvmGate.CORE);
        if (module.isPresent()) {
            for (JvmGate g : module.get().jvmGates()) {
                if (!JvmGate.CORE.contains(g)) {
                    gates.add(g);
                }
            }
        }
        FlagDerivation.Outcome o = module.isEmpty()
                ? FlagDerivation.Outcome.not("no module on the class path decodes " + snapshot.architecture())
                : FlagDerivation.model(start, HotSpotLaunch.MIXED, flagNames(gates, module), module.get(), snapshot,
                        "the options");
        Map<String, String> flags = o.derived() ? o.flags() : Map.of();
        String source = o.derived() ? "modelled, not run: " + o.source() : "not modelled: " + o.source();
        Predicate<String> cpu = new SnapshotCpu(snapshot, module);
        return new JvmView("HotSpot of JDK " + start.jdk() + " (modelled)", flags, source, true,
                new Sizes(flags, module, cpu, null, true), true, gates, start, true);
    }

    /** A snapshot's answer, decoded by its module when first asked: a width that depends on a feature asks it. */
    private static final class SnapshotCpu implements Predicate<String> {
        private final io.cpufeatures.core.CpuSnapshot snapshot;
        private final Optional<ArchitectureModule> module;
        private Set<String> usable;

        SnapshotCpu(io.cpufeatures.core.CpuSnapshot snapshot, Optional<ArchitectureModule> module) {
            this.snapshot = snapshot;
            this.module = module;
        }

        @Override
        public synchronized boolean test(String feature) {
            if (usable == null) {
                usable = module.orElseThrow().decode(snapshot).orElseThrow().usableNames();
            }
            return usable.contains(feature);
        }
    }

    /**
     * This view as a JVM like this one started with {@code --add-modules jdk.incubator.vector} has it: the
     * module readable and its preferred species {@linkplain #derivedVectorBits() derived from the flags}, without
     * loading the module (which costs the process its class-data archive's module graph and prints the incubator
     * warning). For tools reporting what an application would get; a program choosing for itself uses the
     * real view. This view itself when the module is already readable, or when this runtime image lacks the
     * module or the flags do not decide the size.
     *
     * @return the view with the Vector API assumed readable (see {@link #vectorApiAssumed()}), or this one
     */
    public JvmView assumingVectorApi() {
        if (vectorApiReadable || sizes.derived(LaneType.ALL).isEmpty()
                || java.lang.module.ModuleFinder.ofSystem().find("jdk.incubator.vector").isEmpty()) {
            return this;
        }
        JvmView assumed = new JvmView(vmName, flags, flagSource, true, sizes.assumingApi(), true, gates(), start, modelled);
        // What a user disabled stays disabled.
        Map<String, List<Reason>> r = new LinkedHashMap<>(assumed.refused);
        refused.forEach((name, reasons) -> {
            if (reasons.get(0).kind() == ReasonKind.DISABLED) {
                r.put(name, reasons);
            }
        });
        return new JvmView(assumed, r);
    }

    /**
     * This view with {@code names} ({@code jvm.*} features) made false, reason "disabled by cpufeatures.disable".
     *
     * @param names canonical {@code jvm.*} feature names, each one this view answers
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if a name is not a {@code jvm.*} feature of this view
     */
    public JvmView without(Set<String> names) {
        Map<String, List<Reason>> r = new LinkedHashMap<>(refused);
        for (String n : names) {
            requireKnown(n);
            r.put(n, List.of(new Reason(ReasonKind.DISABLED, "disabled by cpufeatures.disable")));
        }
        return new JvmView(this, r);
    }

    /** {@return the VM's name ({@code java.vm.name})} */
    public String vmName() {
        return vmName;
    }

    /**
     * {@return whether the HotSpot flags could be read at all: false off HotSpot, and on a HotSpot whose
     * diagnostic MXBean is missing (a runtime image without {@code jdk.management})}
     */
    public boolean isHotSpot() {
        return !flags.isEmpty();
    }

    /** {@return the HotSpot flags read, by name, as strings (only those this JVM defines); unmodifiable} */
    public Map<String, String> flags() {
        return flags;
    }

    /**
     * Where {@link #flags()} came from. For the running JVM: {@code derived from the CPU, JDK 17 and the VM's options
     * ...} where they were worked out from what decides them (the VM, its launcher and options, its runtime image, the
     * CPU's words; certain there, and equal to the MXBean's in every configuration the tests run), or
     * {@code HotSpotDiagnosticMXBean; not derived: REASON} (an argument file, {@code -XX:Flags}, a VM that is not
     * HotSpot, a JDK release whose rules are not modelled...). {@code given} for a view {@linkplain #of made from
     * flags}.
     *
     * @return the source, one line
     */
    public String flagSource() {
        return flagSource;
    }

    /**
     * One HotSpot flag's value, if this JVM defines it and it could be read.
     *
     * @param name the flag's name, e.g. {@code MaxVectorSize}
     * @return its value as the diagnostic MXBean gives it, e.g. {@code 32} or {@code true}; empty if it was
     *         not read
     */
    public Optional<String> flag(String name) {
        return Optional.ofNullable(flags.get(name));
    }

    /**
     * {@return the JDK release and {@code -XX} options the flags were worked out for: the running VM's where they were
     * derived, the given ones for a {@linkplain #modelled modelled} view (its flags modelled or not); empty where they
     * were read through the MXBean or given}
     */
    public Optional<HotSpotStart> start() {
        return Optional.ofNullable(start);
    }

    /** {@return whether this view is a {@linkplain #modelled model} of a VM, not the running JVM's} */
    public boolean modelled() {
        return modelled;
    }

    /** {@return whether {@code jdk.incubator.vector} is readable} */
    public boolean vectorApiReadable() {
        return vectorApiReadable;
    }

    /**
     * {@return the preferred species' bit size, when the Vector API is readable: the real one, or in a view
     * {@linkplain #assumingVectorApi() assuming the module} the derived one}
     */
    public OptionalInt preferredVectorBits() {
        return sizes.preferred();
    }

    /**
     * {@return the preferred species' bit size that the HotSpot flags decide (by the running architecture's rules),
     * whether or not the module is readable; empty off HotSpot, on an architecture whose compiler rules are not
     * known here, or (for a view {@linkplain #of made from flags}) where the answer needs the CPU's AVX-512BW}
     * Where the module is readable it equals {@link #preferredVectorBits()}: tests hold the two together.
     */
    public OptionalInt derivedVectorBits() {
        return sizes.derived(LaneType.ALL);
    }

    /**
     * {@return the size of {@code lane}'s largest species that the HotSpot flags decide, by the running architecture's
     * rules, whether or not the module is readable; empty where {@link #derivedVectorBits()} is, and also (for a view
     * {@linkplain #of made from flags}) where the answer needs the CPU} Where the module is readable it equals
     * {@code VectorSpecies.ofLargestShape(lane.type()).vectorBitSize()}: tests hold the two together.
     *
     * @param lane the lane type; not null
     */
    public OptionalInt derivedVectorBits(LaneType lane) {
        return sizes.derived(Objects.requireNonNull(lane, "lane"));
    }

    /**
     * {@return the size of {@code lane}'s largest species C2 compiles, as the {@code jvm.vectorN} gates read it: derived
     * from the flags where they decide it, else as the Vector API reports it (loading it) where the module is readable,
     * else empty} For a view {@linkplain #of made from flags} without that derivation, the preferred size given stands
     * in.
     *
     * @param lane the lane type; not null
     */
    public OptionalInt largestVectorBits(LaneType lane) {
        return vectorApiReadable ? sizes.largest(Objects.requireNonNull(lane, "lane")) : sizes.derived(lane);
    }

    /**
     * {@return whether this view assumes the Vector API readable without having read it ({@link #assumingVectorApi()}),
     * so that {@link #preferredVectorBits()} is derived, not read}
     */
    public boolean vectorApiAssumed() {
        return vectorApiAssumed;
    }

    /**
     * {@return every {@code jvm.*} feature this view answers, in report order: the core's, then each architecture
     * module's on the class path} The running JVM's view evaluates the core's gates and its own architecture's when it
     * is made, another architecture's ({@code jvm.sve} on x86) when one is asked, with the same flags.
     */
    public List<String> names() {
        List<String> n = names;
        if (n == null) {
            List<String> all = new java.util.ArrayList<>();
            for (JvmGate g : gates()) {
                all.add(g.name());
            }
            names = n = List.copyOf(all);
        }
        return n;
    }

    /**
     * Whether the {@code jvm.*} feature {@code name} holds, where this view evaluated it when it was made: for the
     * running JVM, the core's gates and its own architecture's. A bit test for a first use, which loads nothing of
     * another architecture.
     *
     * @param name a canonical {@code jvm.*} name; not null
     * @return whether it holds; null for a name this view has not evaluated (another architecture's gate, or no gate)
     */
    public Boolean answer(String name) {
        if (refused.containsKey(name)) {
            return Boolean.FALSE;
        }
        return evaluated.contains(name) ? Boolean.TRUE : null;
    }

    /**
     * Whether the {@code jvm.*} feature holds.
     *
     * @param name the feature's canonical name, e.g. {@code jvm.vector256}
     * @return whether this JVM's JIT will compile code that uses it
     * @throws IllegalArgumentException if no gate has that name
     */
    public boolean has(String name) {
        return reasons(name).isEmpty();
    }

    /**
     * Why the {@code jvm.*} feature does not hold; empty when it does.
     *
     * @param name the feature's canonical name, e.g. {@code jvm.vector256}
     * @return the reasons (the flag and its value, the missing module...); empty when it holds
     * @throws IllegalArgumentException if no gate has that name
     */
    public List<Reason> reasons(String name) {
        List<Reason> r = refused.get(name);
        if (r != null || evaluated.contains(name)) {
            return r == null ? List.of() : r;
        }
        requireKnown(name);
        for (JvmGate g : gates()) {
            if (g.name().equals(name)) {
                Optional<Reason> refusal = evaluate(g);
                return refusal.isPresent() ? List.of(refusal.get()) : List.of();
            }
        }
        throw new IllegalStateException(name);
    }

    /**
     * What the {@code jvm.*} feature means ({@link JvmGate#meaning()}), for an explanation: for a width gate, the
     * width and the lane types it holds for.
     *
     * @param name the feature's canonical name, e.g. {@code jvm.vector256_float}
     * @return its meaning, one line
     * @throws IllegalArgumentException if no gate has that name
     */
    public String meaning(String name) {
        requireKnown(name);
        for (JvmGate g : gates()) {
            if (g.name().equals(name)) {
                return g.meaning();
            }
        }
        throw new IllegalStateException(name);
    }

    /** {@return the {@code jvm.*} features that hold, in report order} */
    public List<String> available() {
        List<String> held = new java.util.ArrayList<>();
        for (String n : names()) {
            if (has(n)) {
                held.add(n);
            }
        }
        return List.copyOf(held);
    }

    private void requireKnown(String name) {
        if (!names().contains(name)) {
            throw new IllegalArgumentException("not a jvm.* feature: '" + name + "'; accepted: " + names());
        }
    }

    /** Why {@code gate} does not hold on this JVM, if it does not. */
    private Optional<Reason> evaluate(JvmGate gate) {
        JvmGate.Rule rule = gate.rule();
        if (rule instanceof JvmGate.VectorApi) {
            return vectorApiReadable ? Optional.empty() : Optional.of(vectorModuleMissing());
        }
        if (rule instanceof JvmGate.VectorBits v) {
            return vectorRefusal(gate.name(), v);
        }
        if (rule instanceof JvmGate.FlagAtLeast f) {
            OptionalInt value = intFlag(f.flag());
            if (value.isEmpty()) {
                return Optional.of(absent(f.flag()));
            }
            return value.getAsInt() < f.minimum()
                    ? Optional.of(new Reason(ReasonKind.JVM, f.flag() + "=" + value.getAsInt())) : Optional.empty();
        }
        JvmGate.FlagEnabled e = (JvmGate.FlagEnabled) rule;
        String value = flags.get(e.flag());
        if (value == null) {
            return Optional.of(absent(e.flag()));
        }
        return value.equals("true") ? Optional.empty() : Optional.of(new Reason(ReasonKind.JVM, e.flag() + "=" + value));
    }

    private static Reason vectorModuleMissing() {
        return new Reason(ReasonKind.JVM, "module jdk.incubator.vector is not readable:"
                + " start the JVM with --add-modules jdk.incubator.vector");
    }

    /**
     * Why C2 will not compile Vector API code {@code rule.bits()} wide for every one of {@code rule.lanes()}, if it will
     * not: the reason names the lane types that fall short, their widths and where those came from, and the lane
     * types the gate holds for. Loops and appends, no stream or format: a first use may build it.
     */
    private Optional<Reason> vectorRefusal(String name, JvmGate.VectorBits rule) {
        if (!vectorApiReadable) {
            return Optional.of(vectorModuleMissing());
        }
        Optional<Reason> noC2 = c2Refusal();
        if (noC2.isPresent()) {
            return noC2;
        }
        int bits = rule.bits();
        OptionalInt maxBytes = intFlag("MaxVectorSize");
        if (maxBytes.isPresent() && maxBytes.getAsInt() * 8 < bits) {
            return Optional.of(new Reason(ReasonKind.JVM, "MaxVectorSize=" + maxBytes.getAsInt()
                    + ": the JIT compiles vectors up to " + maxBytes.getAsInt() * 8 + " bits"));
        }
        StringBuilder shortfall = null;
        List<LaneType> group = new java.util.ArrayList<>();
        int groupBits = -1;
        boolean derivedAll = true;
        for (LaneType lane : rule.lanes()) {
            OptionalInt derived = sizes.derived(lane);
            OptionalInt size = derived.isPresent() ? derived : sizes.read(lane);
            derivedAll &= derived.isPresent();
            if (size.isEmpty()) {
                return Optional.of(new Reason(ReasonKind.JVM, "the width of " + lane.javaName() + " vectors is unknown"
                        + (flags.isEmpty() ? " (HotSpot flags unreadable)" : " (the flags do not decide it here)")
                        + " and the Vector API did not give it; " + name + " needs " + bits + " bits for "
                        + LaneType.describe(rule.lanes())));
            }
            if (size.getAsInt() >= bits) {
                continue;
            }
            if (size.getAsInt() != groupBits && !group.isEmpty()) {
                shortfall = appendWidths(shortfall, group, groupBits);
                group = new java.util.ArrayList<>();
            }
            group.add(lane);
            groupBits = size.getAsInt();
        }
        if (!group.isEmpty()) {
            shortfall = appendWidths(shortfall, group, groupBits);
        }
        if (shortfall == null) {
            return Optional.empty();
        }
        shortfall.append(derivedAll ? " (by " + widthFlags() + ")" : " (as the Vector API reports)").append("; ")
                .append(name).append(" needs ").append(bits).append(" bits for ").append(LaneType.describe(rule.lanes()));
        return Optional.of(new Reason(ReasonKind.JVM, shortfall.toString()));
    }

    /** {@code the JIT compiles byte and short vectors up to 256 bits}, or that appended with {@code and}. */
    private static StringBuilder appendWidths(StringBuilder sb, List<LaneType> lanes, int bits) {
        StringBuilder out = sb == null ? new StringBuilder("the JIT compiles ") : sb.append(" and ");
        return out.append(LaneType.describe(lanes)).append(" vectors up to ").append(bits).append(" bits");
    }

    /** The flags that decide C2's widths, as read: {@code UseSSE=4, UseAVX=1, MaxVectorSize=32}. */
    private String widthFlags() {
        StringBuilder sb = new StringBuilder();
        if (sizes.module.isPresent()) {
            for (String f : sizes.module.get().vectorFlags()) {
                if (flags.containsKey(f)) {
                    sb.append(f).append('=').append(flags.get(f)).append(", ");
                }
            }
        }
        return sb.append("MaxVectorSize=").append(flags.getOrDefault("MaxVectorSize", "undefined")).toString();
    }

    /** Why C2 will not compile Vector API code, if it will not. */
    private Optional<Reason> c2Refusal() {
        if ("false".equals(flags.get("UseCompiler"))) {
            return Optional.of(new Reason(ReasonKind.JVM, "UseCompiler=false (-Xint): nothing is compiled"));
        }
        OptionalInt level = intFlag("TieredStopAtLevel");
        if (level.isPresent() && level.getAsInt() < 4) {
            return Optional.of(new Reason(ReasonKind.JVM, "TieredStopAtLevel=" + level.getAsInt()
                    + ": C2, which intrinsifies the Vector API, never runs"));
        }
        if ("false".equals(flags.get("EnableVectorSupport"))) {
            return Optional.of(new Reason(ReasonKind.JVM, "EnableVectorSupport=false: Vector API intrinsics are off"));
        }
        return Optional.empty();
    }

    private Reason absent(String flag) {
        return new Reason(ReasonKind.JVM, flags.isEmpty()
                ? "HotSpot flags unreadable on " + vmName + " (not HotSpot, or no HotSpotDiagnosticMXBean): "
                        + flag + " and the JIT's use of the CPU cannot be queried"
                : "HotSpot flag " + flag + " does not exist on this JVM or platform");
    }

    private OptionalInt intFlag(String name) {
        String v = flags.get(name);
        if (v == null) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of((int) Long.parseLong(v));
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    @Override
    public String toString() {
        return "JvmView[" + vmName + ", flags=" + flags + ", vectorApi=" + vectorApiReadable
                + (vectorApiAssumed ? " (assumed)" : "")
                + (preferredVectorBits().isPresent() ? " (" + preferredVectorBits().getAsInt() + " bits)" : "")
                + ", available=" + available() + "]";
    }
}
