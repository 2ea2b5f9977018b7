package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.Xcr0Source;

import io.cpufeatures.x86.table.X86Feature;

import io.cpufeatures.x86.rules.X86DecodedCpu;

import io.cpufeatures.x86.table.PsAbiLevel;

import io.cpufeatures.x86.PolicyFlag;

import io.cpufeatures.x86.CpuidSnapshot;

import io.cpufeatures.x86.CpuidRegisters;

import io.cpufeatures.x86.table.CpuidBit;

import io.cpufeatures.x86.CpuIdentity;


import java.util.function.Predicate;
import java.util.OptionalInt;
import java.util.Map;
import io.cpufeatures.core.jvm.LaneType;
import io.cpufeatures.core.kit.VectorLanes;
import java.util.ArrayList;
import io.cpufeatures.x86.rules.Xcr0Rules;
import io.cpufeatures.x86.dump.CpuidRText;
import io.cpufeatures.x86.probe.X86Probe;
import io.cpufeatures.x86.probe.MacX86SysctlListing;
import io.cpufeatures.x86.probe.CoreinfoListing;
import io.cpufeatures.x86.dump.CpuidDumps;
import io.cpufeatures.x86.dump.ProcCpuinfoDump;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.core.kit.SnapshotFormat;
import io.cpufeatures.core.kit.Probed;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.internal.Architectures;
import io.cpufeatures.core.internal.KitModule;
import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.kit.Architecture;
import io.cpufeatures.core.kit.DependencyRule;
import io.cpufeatures.core.kit.ArchitectureTables;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.kit.OwnRules;
import io.cpufeatures.core.kit.Vocabularies;
import io.cpufeatures.core.kit.FeatureVocabulary;
import io.cpufeatures.core.kit.HotSpotFeatureList;
import io.cpufeatures.core.kit.HotSpotStart;
import java.util.Collection;
import io.cpufeatures.core.trace.Check;
import io.cpufeatures.x86.table.PresentFeatures;
import io.cpufeatures.x86.table.X86Table;
import io.cpufeatures.x86.rules.PolicyRules;
import io.cpufeatures.x86.dump.Hex;
import io.cpufeatures.x86.rules.Errata;
import io.cpufeatures.x86.rules.FeatureDependencies;
import io.cpufeatures.x86.rules.RuleInput;
import io.cpufeatures.x86.rules.StateCheck;
import io.cpufeatures.x86.rules.Xcr0Inference;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The x86-64 module's contract with the kit: its feature table (CPUID bits), its one check of the usable
 * layer (the OS state XCR0 must enable, and AMX's permission: {@link StateCheck}), its dependency,
 * errata and policy tables, the words of its traces, its probe (CPUID and XGETBV stubs, or the kernel's
 * {@code /proc/cpuinfo}), its dump files ({@code cpuid -r} and others, an Intel Mac's sysctl listing, Sysinternals
 * Coreinfo's output), and the one assumption its dumps take: {@code xcr0}. Public only for ServiceLoader.
 */
public final class X86Architecture implements Architecture<X86Feature, CpuidSnapshot> {

    static final String ARCHITECTURE = "x86_64";

    static final X86Architecture INSTANCE = new X86Architecture();

    static {
        // the registry loads this class by name for os.arch amd64 and x86_64: loading it offers the module, and
        // builds no table (each is a holder below, made when first asked)
        Architectures.offer(KitModule.of(INSTANCE));
    }

    /** The names, built when first asked (a name question, not the loading of the class). */
    private static final class Names {
        static final FeatureVocabulary VOCABULARY = Vocabularies.of(ARCHITECTURE, X86Table.FEATURES, policyNames(),
                X86Groups.GROUPS, X86JvmGates.GATES, X86JvmGates.byFeature(), "canonical /proc/cpuinfo names (avx2,"
                + " avx512f, pni) and their aliases (sse3, lzcnt, sha)");
    }

    private static List<String> policyNames() {
        List<String> names = new java.util.ArrayList<>();
        for (PolicyFlag f : PolicyFlag.values()) {
            names.add(f.canonicalName());
        }
        return names;
    }

    /** Built on the first decoding, not when the module only lends its names to the vocabulary. */
    private static final class Tables {
        static final ArchitectureTables<X86Feature, RuleInput> TABLES = new ArchitectureTables<>(
                ARCHITECTURE, X86Table.FEATURES, FeatureDependencies.DEPENDENCIES, new Rules(), Errata.table(), PolicyRules.table());
    }

    /** The module's instance is {@link #INSTANCE}; public for the module system's service declaration. */
    public X86Architecture() {
    }

    @Override
    public ArchitectureTables<X86Feature, RuleInput> tables() {
        return Tables.TABLES;
    }

    @Override
    public X86DecodedCpu decode(CpuidSnapshot snapshot, Set<X86Feature> disabled) {
        CpuIdentity identity = CpuIdentity.of(snapshot);
        Set<X86Feature> present = PresentFeatures.of(snapshot);
        RuleInput input = new RuleInput(snapshot, identity, present, Xcr0Inference.of(snapshot));
        return new X86DecodedCpu(input, disabled);
    }

    /**
     * x86's own rules: the OS state XCR0 must enable, and AMX's permission ({@link StateCheck}), and the words of its
     * traces.
     */
    private static final class Rules implements OwnRules<X86Feature, RuleInput> {
        @Override
        public Reason refusal(X86Feature feature, RuleInput in) {
            return StateCheck.refusalOf(feature, in.xcr0());
        }

        @Override
        public boolean passes(X86Feature feature, RuleInput in) {
            return StateCheck.passes(feature.state(), in.xcr0());
        }

        @Override
        public Check explain(Aspect aspect, RuleInput in, X86Feature f, boolean present) {
            switch (aspect) {
                case PRESENCE:
                    return presence(in, f, present);
                case OS_STATE:
                    StateCheck state = StateCheck.of(f, in.xcr0());
                    return new Check("OS state", state.describe(), state.passes());
                case ABSENCE:
                    return new Check("absence", absence(in, f), false);
                default:
                    CpuIdentity id = in.identity();
                    return new Check("policy", id.vendorString() + " family 0x" + Integer.toHexString(id.family())
                            + " model 0x" + Integer.toHexString(id.model()), true);
            }
        }

        /**
         * {@inheritDoc} x86: every row stands aside whose dependency the source never stated
         * ({@link CpuidSnapshot#unstated}: an Intel Mac's listing of only its leaf-7 words names AVX2 and says nothing
         * of AVX or XSAVE, which are unknown, not absent); a dependency the source states, 1 or 0, keeps its row.
         */
        @Override
        public boolean grantOutranks(RuleInput in, X86Feature feature, DependencyRule<X86Feature> rule) {
            return !states(in, rule.dependsOn());
        }
    }

    /**
     * The CPUID bit and the register it was read from; for a snapshot of a kernel's word (its flags), whether the
     * kernel names the feature, since the register itself was never read, or that its text says nothing of it.
     */
    private static Check presence(RuleInput in, X86Feature f, boolean present) {
        CpuidBit b = f.bit();
        if (!present && !states(in, f)) {
            return new Check("kernel's word", "states nothing of " + f.canonicalName() + " (" + b + "; unknown: "
                    + unstatedKeys(f) + ")", false);
        }
        if (in.snapshot().xcr0Source() == Xcr0Source.KERNEL_CHECKED) {
            return new Check("kernel's word", (present ? "names " : "does not name ") + f.canonicalName() + " (" + b
                    + "; the CPUID registers are not in the source)", present);
        }
        CpuidRegisters r = in.snapshot().read(b.leaf(), b.subleaf());
        boolean bit = r.bit(b.register(), b.bit());
        return new Check("CPUID bit", b + " = " + (bit ? 1 : 0) + " (" + b.register().name().toLowerCase(Locale.ROOT)
                + "=0x" + Hex.of(r.get(b.register()), 8) + ")" + (present ? "" : ": not present")
                + (!present && bit ? " (the leaf is not defined on this CPU)" : ""), present);
    }

    /**
     * The bit is 0, or set in a leaf or subleaf this CPU does not define (so it means nothing); or, for a text that
     * says nothing of the bit ({@link CpuidSnapshot#unstated}), unknown.
     */
    private static String absence(RuleInput in, X86Feature f) {
        CpuidBit b = f.bit();
        if (!states(in, f)) {
            return "unknown: the text states nothing of it (" + b + "; " + unstatedKeys(f) + "): not counted present";
        }
        if (in.snapshot().xcr0Source() == Xcr0Source.KERNEL_CHECKED) {
            return "the kernel does not name it (" + b + " is not in the source: the kernel's word stands for it)";
        }
        boolean bit = in.snapshot().read(b.leaf(), b.subleaf()).bit(b.register(), b.bit());
        return "the CPU does not report it (" + b + (bit ? " is 1, but the leaf is not defined on this CPU)" : " is 0)");
    }

    /** Whether the snapshot states the bit of {@code f}, 1 or 0 ({@link CpuidSnapshot#states}). */
    static boolean states(RuleInput in, X86Feature f) {
        CpuidBit b = f.bit();
        return in.snapshot().states(b.leaf(), b.subleaf(), b.register(), b.bit());
    }

    /** The keys of a text that would have stated {@code f}, in words: {@code no machdep.cpu.features in the text}. */
    private static String unstatedKeys(X86Feature f) {
        List<String> keys = MacX86SysctlListing.keysOf(f);
        return keys.isEmpty() ? "not in the text" : "no " + String.join(" or ", keys) + " in the text";
    }

    @Override
    public Class<CpuidSnapshot> snapshotType() {
        return CpuidSnapshot.class;
    }

    @Override
    public Set<String> osArchs() {
        return Set.of("amd64", "x86_64");
    }

    @Override
    public List<JvmGate> jvmGates() {
        return X86JvmGates.GATES;
    }

    @Override
    public FeatureVocabulary vocabulary() {
        return Names.VOCABULARY;
    }

    @Override
    public List<CpuDescription.FactKind> facts() {
        return X86Description.KINDS;
    }

    @Override
    public SnapshotFormat<CpuidSnapshot> format() {
        return CpuidFiles.INSTANCE;
    }

    @Override
    public Probed<CpuidSnapshot> probe(ProbeMode mode) {
        return probed(X86Probe.system().probe(mode));
    }

    /** What the probe's outcome is as the kit takes it: the CPU, each core type of a hybrid part, or nothing. */
    static Probed<CpuidSnapshot> probed(X86Probe.Outcome outcome) {
        if (outcome.snapshot().isEmpty()) {
            return Probed.nothing(outcome.source());
        }
        if (outcome.coreGroups().isEmpty()) {
            return Probed.of(outcome.snapshot().get(), outcome.source());
        }
        List<Probed.Kind<CpuidSnapshot>> kinds = new ArrayList<>();
        for (CpuKind<CpuidSnapshot> g : outcome.coreGroups()) {
            kinds.add(new Probed.Kind<>(g.cpu(), g.logicalCpus(), g.firstLogicalCpu(), Optional.empty(), Optional.empty()));
        }
        return new Probed<>(kinds, outcome.source());
    }

    @Override
    public Set<X86Feature> baseline() {
        return PsAbiLevel.V1.adds();
    }

    @Override
    public List<String> vectorFlags() {
        return List.of("UseSSE", "UseAVX");
    }

    /**
     * {@inheritDoc} C2's width per lane type on x86 ({@code src/hotspot/cpu/x86/x86.ad},
     * {@code Matcher::vector_width_in_bytes}, the same in JDK 17 and JDK 25): none below {@code UseSSE=2}; 16 bytes, or
     * {@code (1 << UseAVX) * 8} when {@code UseAVX} is 2 or more; float and double get 32 bytes already under
     * {@code UseAVX=1} (AVX1 has no 256-bit integer instructions) and 64 under {@code UseAVX=3}; under
     * {@code UseAVX=3} byte, short and char vectors are 64 bytes only with AVX-512BW (else 32), the one width the
     * running CPU is asked for, and only for those lane types. {@code MaxVectorSize} caps each.
     */
    @Override
    public OptionalInt vectorBits(Map<String, String> flags, int maxVectorSize, LaneType lane,
            Predicate<X86Feature> runningCpu) {
        OptionalInt sse = VectorLanes.number(flags.get("UseSSE"));
        OptionalInt avx = VectorLanes.number(flags.get("UseAVX"));
        if (sse.isEmpty() || avx.isEmpty()) {
            return OptionalInt.empty();
        }
        if (sse.getAsInt() < 2) {
            return OptionalInt.of(VectorLanes.MIN_BITS);
        }
        int useAvx = avx.getAsInt();
        int width = useAvx > 1 ? (1 << useAvx) * 8 : 16;
        if (lane.floatingPoint() && useAvx > 0) {
            width = useAvx > 2 ? 64 : 32;
        } else if ((lane == LaneType.BYTE || lane == LaneType.SHORT) && useAvx > 2) {
            width = runningCpu.test(X86Feature.AVX512BW) ? 64 : 32;
        }
        return OptionalInt.of(VectorLanes.bits(lane, Math.min(width, maxVectorSize)));
    }

    /**
     * The flags only x86's HotSpot defines (src/hotspot/cpu/x86/globals_x86.hpp), here so that a JVM of another
     * architecture learns them without loading x86's rules.
     */
    static final Set<String> OWN_HOTSPOT_FLAGS = Set.of("UseSSE", "UseAVX", "UseBMI1Instructions",
            "UseBMI2Instructions", "UseCountLeadingZerosInstruction", "UseCountTrailingZerosInstruction");

    @Override
    public Set<String> ownHotSpotFlags() {
        return OWN_HOTSPOT_FLAGS;
    }

    /** {@inheritDoc} By the CPUID bit of the row that sets the name in {@link HotSpotX86Features}, JDK 17 and 25. */
    @Override
    public Optional<X86Feature> hotSpotFeature(String hotSpotName) {
        return HotSpotX86Names.feature(hotSpotName);
    }

    /**
     * {@inheritDoc} By HotSpot's x86 start-up ({@link HotSpotX86Flags}), JDK 17 and 25, from the snapshot's CPUID words
     * and XCR0.
     */
    @Override
    public Optional<Map<String, String>> hotSpotFlags(CpuidSnapshot snapshot, HotSpotStart start,
            Collection<String> names) {
        return HotSpotX86Flags.flags(snapshot, start, names);
    }

    /**
     * HotSpot's own list of the CPU's features, the names of its {@code -Xlog:os+cpu} "CPU:" line after the options,
     * for the CPU of {@code snapshot} and a VM started as {@code start} ({@link HotSpotX86Features}: JDK 17 and 25).
     *
     * @param snapshot a snapshot of the machine, XCR0 read by XGETBV where AVX and OSXSAVE are set, or the kernel's word
     * @param start    the JDK release and the {@code -XX} options
     * @return the list, the names it cannot decide with the reason, or why it gives none
     */
    @Override
    public HotSpotFeatureList hotSpotFeatures(CpuidSnapshot snapshot, HotSpotStart start) {
        return HotSpotX86Features.list(snapshot, start);
    }

    /** The one assumption x86 dumps take: the OS state XCR0 of the machine, which a dump taken elsewhere lacks. */
    static final String XCR0 = "xcr0";

    @Override
    public Set<String> assumptions() {
        return Set.of(XCR0);
    }

    /**
     * {@inheritDoc} {@code xcr0}: up to 16 hexadecimal digits, with or without {@code 0x}, that an OS can enable
     * ({@link Xcr0Rules#check}); the snapshot then reads it as the user's ({@link Xcr0Source#USER}).
     */
    @Override
    public CpuidSnapshot assume(CpuidSnapshot snapshot, String name, String value) {
        if (!name.equals(XCR0)) {
            return Architecture.super.assume(snapshot, name, value);
        }
        long xcr0 = parseXcr0(value);
        try {
            Xcr0Rules.check(xcr0);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(XCR0 + ": " + e.getMessage(), e);
        }
        return snapshot.withXcr0(xcr0, Xcr0Source.USER);
    }

    /**
     * Parses an XCR0 value: up to 16 hexadecimal digits, ASCII only, with or without {@code 0x}.
     *
     * @param text the value, e.g. {@code 0xe7}; surrounding blanks ignored; not null
     * @return the 64-bit value
     * @throws IllegalArgumentException for anything else, beginning with {@code xcr0: }
     */
    static long parseXcr0(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        String digits = t.startsWith("0x") ? t.substring(2) : t;
        boolean hex = !digits.isEmpty() && digits.length() <= 16;
        for (int i = 0; hex && i < digits.length(); i++) {
            char c = digits.charAt(i);
            hex = c >= '0' && c <= '9' || c >= 'a' && c <= 'f';
        }
        if (!hex) {
            throw new IllegalArgumentException(XCR0 + ": '" + text + "' is not an XCR0 value; expected up to 16 hex"
                    + " digits (0-9, a-f), e.g. 0x7 or 0xe7");
        }
        return Long.parseUnsignedLong(digits, 16);
    }

    /**
     * x86's dump files: the CPUID dumps, a Linux kernel's /proc/cpuinfo, an Intel Mac's sysctl listing, Sysinternals
     * Coreinfo's output.
     */
    private static final class CpuidFiles implements SnapshotFormat<CpuidSnapshot> {

        static final CpuidFiles INSTANCE = new CpuidFiles();

        @Override
        public Optional<SnapshotDump<CpuidSnapshot>> parse(String file, String text) throws DumpFormatException {
            // first: recognised by its first lines alone, which none of the others' files has
            if (ProcCpuinfoDump.recognises(text)) {
                return Optional.of(ProcCpuinfoDump.read(file, text));
            }
            if (MacX86SysctlListing.recognises(text)) {
                return Optional.of(MacX86SysctlListing.read(file, text));
            }
            if (CoreinfoListing.recognises(text)) {
                return Optional.of(CoreinfoListing.read(file, text));
            }
            return CpuidDumps.parseIfCpuid(file, text);
        }

        @Override
        public String write(List<CpuidSnapshot> snapshots) {
            return CpuidRText.write(snapshots);
        }

        @Override
        public String unrecognised() {
            return CpuidDumps.UNRECOGNISED + "; a Linux kernel's /proc/cpuinfo ('vendor_id : GenuineIntel', 'flags : fpu"
                    + " vme ...'); an Intel Mac's sysctl listing ('machdep.cpu.features: ...',"
                    + " 'hw.optional.avx2_0: 1'); Sysinternals Coreinfo's output ('Intel64 Family 6 Model 158 Stepping 13,"
                    + " GenuineIntel' and 'SSE2  *  Supports ...' lines)";
        }
    }
}
