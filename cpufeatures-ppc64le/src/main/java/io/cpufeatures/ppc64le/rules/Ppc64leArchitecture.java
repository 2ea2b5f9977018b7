package io.cpufeatures.ppc64le.rules;

import io.cpufeatures.ppc64le.Processor;

import io.cpufeatures.ppc64le.Ppc64leSnapshot;

import io.cpufeatures.ppc64le.Ppc64leFeature;

import io.cpufeatures.ppc64le.probe.Ppc64leProbe;
import io.cpufeatures.ppc64le.dump.Ppc64leDumpFormats;
import io.cpufeatures.ppc64le.dump.ProcCpuinfoDump;
import io.cpufeatures.core.kit.SnapshotFormat;
import io.cpufeatures.core.kit.Probed;
import io.cpufeatures.core.ProbeMode;
import static io.cpufeatures.ppc64le.Ppc64leFeature.ALTIVEC;
import static io.cpufeatures.ppc64le.Ppc64leFeature.FPU;
import static io.cpufeatures.ppc64le.Ppc64leFeature.VCRYPTO;
import static io.cpufeatures.ppc64le.Ppc64leFeature.VSX;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuDescription.Fact;
import io.cpufeatures.core.CpuDescription.FactKind;
import io.cpufeatures.core.CpuDescription.Type;
import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.internal.Architectures;
import io.cpufeatures.core.internal.KitModule;
import io.cpufeatures.core.kit.Architecture;
import io.cpufeatures.core.kit.ArchitectureTables;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.kit.PolicyFreeRules;
import io.cpufeatures.core.kit.Vocabularies;
import io.cpufeatures.core.kit.FeatureVocabulary;
import io.cpufeatures.core.trace.Check;
import io.cpufeatures.ppc64le.table.Ppc64leTables;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What ppc64le supplies to the decoding kit: its tables (the feature table and dependency rows of
 * {@code rules/Ppc64leTables}), the {@code jvm.*} gates, the words of its traces and its facts. It has no check of its own in the usable layer:
 * the HWCAP words are the kernel's whole answer (present is what it sets; there are no ID registers in user
 * space to tell what the CPU has beyond it), and no errata or policy rows.
 */
public final class Ppc64leArchitecture implements Architecture<Ppc64leFeature, Ppc64leSnapshot> {

    static final Ppc64leArchitecture INSTANCE = new Ppc64leArchitecture();

    static {
        // the registry loads this class by name for os.arch ppc64le, and for every architecture's dumps or JVM gates:
        // loading it offers the module, and builds no table (each is a holder, made when first asked)
        Architectures.offer(KitModule.of(INSTANCE));
    }

    /**
     * HotSpot's ppc64 product flags that follow the CPU ({@code src/hotspot/cpu/ppc/vm_version_ppc.cpp}, JDK 17u
     * and 25u read): {@code SuperwordUseVSX} (C2's vectors in VSX registers, and the Vector API's; POWER8 and later
     * on 17, POWER9 on 25), {@code UseAES} and {@code UseSHA} (the vector crypto instructions), {@code UseFMA}. The
     * shared names mean what they mean on the other architectures: the same flag.
     */
    static final List<JvmGate> GATES = List.of(JvmGate.enabled("jvm.vsx", "SuperwordUseVSX"),
            JvmGate.enabled("jvm.aes", "UseAES"), JvmGate.enabled("jvm.sha", "UseSHA"), JvmGate.enabled("jvm.fma", "UseFMA"));

    /** The names, built when first asked (a name question, not the loading of the class). */
    private static final class Names {
        static final FeatureVocabulary VOCABULARY = Vocabularies.of(Ppc64leSnapshot.ARCHITECTURE, Ppc64leTables.FEATURES,
                List.of(), Map.of(), GATES, Map.of(ALTIVEC, List.of("jvm.vector128"), VSX, List.of("jvm.vsx"), VCRYPTO,
                        List.of("jvm.aes", "jvm.sha"), FPU, List.of("jvm.fma")),
                "ppc64le: glibc's hwcap names (altivec, vsx, arch_3_00, darn, mma)");
    }

    /** The facts' kinds, made when first asked. */
    private static final class Facts {
        static final FactKind PROCESSOR = new FactKind("processor", "cpu", Type.STRING_OR_NULL,
                "ppc64le: the POWER processor (`POWER9`), or null when nothing names it");
        static final FactKind PROCESSOR_BASIS = new FactKind("processorBasis", "named by",
                Type.oneOf(true, "pvr", "platform", "isa-level"), "ppc64le: what named the processor: the PVR /proc/cpuinfo"
                        + " printed, AT_PLATFORM, or the newest ISA level of the HWCAP words (qemu-user gives neither)");
        static final FactKind ISA = new FactKind("isa", "ISA", Type.STRING_OR_NULL, "ppc64le: the Power ISA version (`3.0`)");
        static final FactKind PVR = new FactKind("pvr", "PVR", Type.matching(true, "0x[0-9a-f]{8}"),
                "ppc64le: the processor version register /proc/cpuinfo printed, or null");
        static final FactKind PLATFORM = new FactKind("platform", "platform", Type.STRING_OR_NULL,
                "ppc64le: AT_PLATFORM (`power9`), or null when the auxiliary vector has none");
        static final FactKind HWCAP = new FactKind("hwcap", "HWCAP", Type.matching(false, "0x[0-9a-f]+"),
                "ppc64le: AT_HWCAP, what the kernel reports and allows (32 bits)");
        static final FactKind HWCAP2 = new FactKind("hwcap2", "HWCAP2", Type.matching(false, "0x[0-9a-f]+"),
                "ppc64le: AT_HWCAP2 (32 bits)");

        /** Every kind of field, in report order. */
        static final List<FactKind> FACTS = List.of(PROCESSOR, PROCESSOR_BASIS, ISA, PVR, PLATFORM, HWCAP, HWCAP2);
    }

    /** The module's instance is {@link #INSTANCE}; public for the module system's service declaration. */
    public Ppc64leArchitecture() {
    }

    /** Built on the first decoding, not when the module only lends its names to the vocabulary. */
    private static final class Tables {
        static final ArchitectureTables<Ppc64leFeature, Ppc64leSnapshot> TABLES = new ArchitectureTables<>(
                Ppc64leSnapshot.ARCHITECTURE, Ppc64leTables.FEATURES, Ppc64leTables.DEPENDENCIES, new Words(), List.of(), List.of());
    }

    @Override
    public ArchitectureTables<Ppc64leFeature, Ppc64leSnapshot> tables() {
        return Tables.TABLES;
    }

    @Override
    public Ppc64leDecodedCpu decode(Ppc64leSnapshot snapshot, Set<Ppc64leFeature> disabled) {
        Set<Ppc64leFeature> present = EnumSet.noneOf(Ppc64leFeature.class);
        for (Ppc64leFeature f : Ppc64leFeature.values()) {
            if (snapshot.has(f)) {
                present.add(f);
            }
        }
        return new Ppc64leDecodedCpu(snapshot, present, disabled);
    }

    /**
     * Whether {@code s} came from a source that does not state the HWCAP words (a {@code /proc/cpuinfo} text, which
     * states AltiVec alone): a clear bit is then unknown, not absent.
     */
    private static boolean wordsUnstated(Ppc64leSnapshot s) {
        return s.source().unstated().contains(ProcCpuinfoDump.UNSTATED);
    }

    /** No check of its own (the kernel's HWCAP words are its whole answer): only the words of its traces. */
    private static final class Words implements PolicyFreeRules<Ppc64leFeature, Ppc64leSnapshot> {
        @Override
        public Reason refusal(Ppc64leFeature feature, Ppc64leSnapshot s) {
            return null;
        }

        @Override
        public Check presence(Ppc64leSnapshot s, Ppc64leFeature f, boolean present) {
            if (wordsUnstated(s) && !present) {
                return new Check("HWCAP bit", f.hwcapName() + " not stated: the source gives no HWCAP words", false);
            }
            return new Check("HWCAP bit", f.hwcapName() + " = " + (present ? 1 : 0) + (wordsUnstated(s)
                    ? " (the source states it: 'altivec supported')" : ""), present);
        }

        /** The kernel's bit is its permission too: the same check, said from the OS's side. */
        @Override
        public Check osState(Ppc64leSnapshot s, Ppc64leFeature f) {
            boolean set = s.has(f);
            return new Check("kernel", set ? "the kernel reports it, so it has enabled it" : wordsUnstated(s)
                    ? "not stated: the source gives no HWCAP words" : "the kernel does not report it", set);
        }

        @Override
        public String absence(Ppc64leSnapshot s, Ppc64leFeature f) {
            return wordsUnstated(s) ? "not stated: the source gives no HWCAP words (a /proc/cpuinfo text states AltiVec"
                    + " alone), so it is unknown (" + f.hwcapName() + ")"
                    : "the kernel does not report it (" + f.hwcapName() + " is clear)";
        }
    }

    /** What reports show of {@code info}, standing for {@code logicalCpus} logical CPUs. */
    static CpuDescription describe(Ppc64leDecodedCpu info, int logicalCpus) {
        Ppc64leSnapshot s = info.snapshot();
        Optional<Processor> p = info.processor();
        String name = p.map(Processor::name).orElse("unknown");
        List<Fact> facts = List.of(
                Fact.line("cpu", p.map(x -> x.name() + " (" + x.how() + ")").orElse("unknown: no PVR, platform or ISA level"),
                        Facts.PROCESSOR.is(p.map(Processor::name).orElse(null)),
                        Facts.PROCESSOR_BASIS.is(p.map(Processor::basis).orElse(null))).summarised(name),
                Fact.line("identity", "Power ISA " + p.map(Processor::isa).orElse("?") + ", " + logicalCpus + " logical CPU"
                        + (logicalCpus == 1 ? "" : "s"), Facts.ISA.is(p.map(Processor::isa).orElse(null)),
                        Facts.PVR.is(s.pvr().isPresent() ? String.format("0x%08x", s.pvr().getAsInt()) : null))
                        .summarised("ISA " + p.map(Processor::isa).orElse("?")),
                Fact.line("platform", s.platform().map(x -> "AT_PLATFORM " + x + s.basePlatform().map(b -> ", AT_BASE_PLATFORM "
                        + b).orElse("")).orElse("no AT_PLATFORM in the auxiliary vector"), Facts.PLATFORM.is(s.platform().orElse(null))),
                Fact.line("HWCAP", (wordsUnstated(s) ? "not stated (what the source states: " : "") + "AT_HWCAP=0x"
                        + Long.toHexString(s.hwcap()) + " AT_HWCAP2=0x" + Long.toHexString(s.hwcap2())
                        + (wordsUnstated(s) ? ")" : ""),
                        Facts.HWCAP.is("0x" + Long.toHexString(s.hwcap())), Facts.HWCAP2.is("0x" + Long.toHexString(s.hwcap2()))));
        return new CpuDescription(facts, Ppc64leTables.FEATURES.byFamily(info.usable()), List.of("altivec", "vsx", "vcrypto", "arch_2_07",
                "arch_3_00", "ieee128", "darn", "arch_3_1", "mma"));
    }

    @Override
    public Class<Ppc64leSnapshot> snapshotType() {
        return Ppc64leSnapshot.class;
    }

    @Override
    public Set<String> osArchs() {
        return Set.of("ppc64le");
    }

    /**
     * {@inheritDoc} {@code SuperwordUseVSX} (src/hotspot/cpu/ppc/globals_ppc.hpp). No rules derive ppc64le's flags: the
     * JVM's view asks the MXBean there.
     */
    @Override
    public Set<String> ownHotSpotFlags() {
        return Set.of("SuperwordUseVSX");
    }

    @Override
    public List<JvmGate> jvmGates() {
        return GATES;
    }

    @Override
    public FeatureVocabulary vocabulary() {
        return Names.VOCABULARY;
    }

    @Override
    public List<CpuDescription.FactKind> facts() {
        return Facts.FACTS;
    }

    @Override
    public SnapshotFormat<Ppc64leSnapshot> format() {
        return Ppc64leDumpFormats.ALL;
    }

    @Override
    public Probed<Ppc64leSnapshot> probe(ProbeMode mode) {
        return Probed.of(Ppc64leProbe.system().probe(mode));
    }
}
