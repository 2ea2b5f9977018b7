package io.cpufeatures.aarch64.rules;

import io.cpufeatures.aarch64.table.AArch64Table;
import io.cpufeatures.aarch64.Midr;

import io.cpufeatures.aarch64.CoreModel;

import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.IdRegisterSource;
import io.cpufeatures.aarch64.dump.AppleChips;

import io.cpufeatures.aarch64.rules.Implementers;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuDescription.Fact;
import io.cpufeatures.core.CpuDescription.FactKind;
import io.cpufeatures.core.CpuDescription.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What reports show of a decoded AArch64 CPU, as facts: its identity (MIDR, the core, the architecture
 * version where a source states it for that core), the HWCAP words, how the ID registers were read and
 * the vector lengths.
 *
 * <p>The Armv8.x/9.x version is the core's, from the core table, never guessed from the features: the
 * registers EL0 can read do not show every feature a version makes mandatory (PAN, VHE... are
 * invisible), so a version "derived" from them would be a guess.
 */
final class AArch64Description {

    static final FactKind MIDR = new FactKind("midr", "MIDR", Type.matching(true, "0x[0-9a-f]{8}"),
            "AArch64: MIDR_EL1, or null when not read");
    static final FactKind IMPLEMENTER = new FactKind("implementer", "implementer", Type.atLeast(true, 0),
            "AArch64: MIDR_EL1's implementer code (0x41 Arm)");
    static final FactKind IMPLEMENTER_NAME = new FactKind("implementerName", "implementer", Type.STRING_OR_NULL,
            "AArch64: the implementer's name, when the table knows it");
    static final FactKind PART = new FactKind("part", "part", Type.atLeast(true, 0), "AArch64: MIDR_EL1's part number");
    static final FactKind VARIANT = new FactKind("variant", "variant", Type.atLeast(true, 0),
            "AArch64: MIDR_EL1's variant (the r of rNpM)");
    static final FactKind REVISION = new FactKind("revision", "revision", Type.atLeast(true, 0),
            "AArch64: MIDR_EL1's revision (the p of rNpM)");
    static final FactKind MICROARCHITECTURE = new FactKind("microarchitecture", "uarch", Type.STRING_OR_NULL,
            "the microarchitecture's name (x86: a hybrid part's core is named after its core, `Alder Lake (Gracemont)`;"
                    + " AArch64: the core MIDR names, or on macOS the chip hw.cpufamily names), or null when unknown");
    static final FactKind ARCHITECTURE_VERSION = new FactKind("architectureVersion", "architecture", Type.STRING_OR_NULL,
            "AArch64: the core's Armv8.x/9.x version where a source states it, else null");
    static final FactKind PRODUCTS = new FactKind("products", "products", Type.STRING_OR_NULL,
            "AArch64: the products built on the core (`AWS Graviton2`), or null");
    static final FactKind HWCAP = new FactKind("hwcap", "HWCAP", Type.matching(false, "0x[0-9a-f]+"),
            "AArch64: AT_HWCAP, what the kernel allows");
    static final FactKind HWCAP2 = new FactKind("hwcap2", "HWCAP2", Type.matching(false, "0x[0-9a-f]+"),
            "AArch64: AT_HWCAP2");
    static final FactKind HWCAP3 = new FactKind("hwcap3", "HWCAP3", Type.matching(true, "0x[0-9a-f]+"),
            "AArch64: AT_HWCAP3, or null when the auxiliary vector has none");
    static final FactKind ID_REGISTERS = new FactKind("idRegisters", "ID registers",
            Type.oneOf(false, "mrs", "sysfs", "proc-cpuinfo", "registry", "sysctl", "none"),
            "AArch64: how the ID registers were read (sysctl: not at all, macOS's sysctl keys stand for them)");
    static final FactKind SVE_VECTOR_BITS = new FactKind("sveVectorBits", "SVE", Type.atLeast(true, 128),
            "AArch64: this process's SVE vector length in bits, or null");
    static final FactKind SME_VECTOR_BITS = new FactKind("smeVectorBits", "SME", Type.atLeast(true, 128),
            "AArch64: this process's SME streaming vector length in bits, or null");

    /** Every kind of field, in report order. */
    static final List<FactKind> KINDS = List.of(MIDR, IMPLEMENTER, IMPLEMENTER_NAME, PART, VARIANT, REVISION,
            MICROARCHITECTURE, ARCHITECTURE_VERSION, PRODUCTS, HWCAP, HWCAP2, HWCAP3, ID_REGISTERS, SVE_VECTOR_BITS,
            SME_VECTOR_BITS);

    /** The features a fleet row lists when usable: the ones that tell generations and vector widths apart. */
    static final List<String> KEY_FEATURES = List.of("asimd", "atomics", "crc32", "aes", "pmull", "sha3", "sha512",
            "asimddp", "i8mm", "bf16", "sve", "sve2", "sve2p1", "sme", "sme2", "mte", "bti", "paca");

    private AArch64Description() {
    }

    static CpuDescription of(AArch64DecodedCpu info, int logicalCpus) {
        AArch64Snapshot s = info.snapshot();
        Optional<Midr> midr = info.midr();
        Optional<CoreModel> core = info.core();
        // macOS: no MIDR_EL1, the chip named from hw.cpufamily instead
        Optional<String> chip = s.appleCpuFamily().isPresent()
                ? Optional.of(AppleChips.name(s.appleCpuFamily().getAsLong())) : Optional.empty();
        List<Fact> facts = new ArrayList<>();
        facts.add(new Fact(List.of(), Optional.of(new CpuDescription.Line("cpu", midr.map(m -> Implementers.describe(
                m.implementer()) + " " + core.map(CoreModel::name).orElse(String.format("part 0x%03x", m.part())) + " "
                + m.revisionName()).orElse(chip.map(c -> c + String.format(" (hw.cpufamily 0x%08x; MIDR_EL1 not readable"
                + " on macOS)", s.appleCpuFamily().getAsLong())).orElse("(MIDR_EL1 unknown)")))),
                Optional.of(midr.map(m -> Implementers.describe(m.implementer()) + String.format(" %03x ", m.part())
                + m.revisionName()).orElse(chip.orElse("MIDR ?")))));
        facts.add(Fact.line("identity", midr.map(m -> String.format("MIDR_EL1 %s: implementer 0x%02x, part 0x%03x, variant %d,"
                + " revision %d", m, m.implementer(), m.part(), m.variant(), m.revision())).orElse("MIDR_EL1 not read")
                + ", " + logicalCpus + " logical CPU" + (logicalCpus == 1 ? "" : "s"),
                MIDR.is(midr.map(Midr::toString).orElse(null)), IMPLEMENTER.is(midr.map(Midr::implementer).orElse(null)),
                IMPLEMENTER_NAME.is(midr.flatMap(m -> Implementers.name(m.implementer())).orElse(null)),
                PART.is(midr.map(Midr::part).orElse(null)), VARIANT.is(midr.map(Midr::variant).orElse(null)),
                REVISION.is(midr.map(Midr::revision).orElse(null))));
        Optional<String> uarch = core.map(CoreModel::name).or(() -> chip);
        facts.add(Fact.line("uarch", core.map(c -> c.name() + c.productNames().map(p -> " (" + p + ")").orElse(""))
                .or(() -> chip.map(c -> c + " (from hw.cpufamily)"))
                .orElse(midr.isPresent() ? "unknown (not in the core table)" : "unknown"),
                MICROARCHITECTURE.is(uarch.orElse(null))).summarised(uarch.orElse("?")));
        facts.add(Fact.line("architecture", core.flatMap(CoreModel::architectureVersion)
                .map(a -> a + " (the core's, per " + core.get().architectureSources() + ")")
                .orElse("not stated: no source for this core, and the ID registers EL0 reads cannot show every"
                        + " mandatory feature"), ARCHITECTURE_VERSION.is(core.flatMap(CoreModel::architectureVersion).orElse(null)))
                .summarised(core.flatMap(CoreModel::architectureVersion).orElse("?")));
        facts.add(new Fact(List.of(PRODUCTS.is(core.flatMap(CoreModel::productNames).orElse(null))), Optional.empty(),
                Optional.empty()));
        facts.add(Fact.line("HWCAP", "AT_HWCAP=" + hex(s.hwcap()) + " AT_HWCAP2=" + hex(s.hwcap2()) + " AT_HWCAP3="
                + (s.hwcap3().isPresent() ? hex(s.hwcap3().getAsLong()) : "absent")
                + (s.idSource() == IdRegisterSource.SYSCTL ? " (Linux's bits for the features macOS's keys grant)" : ""),
                HWCAP.is(hex(s.hwcap())),
                HWCAP2.is(hex(s.hwcap2())), HWCAP3.is(s.hwcap3().isPresent() ? hex(s.hwcap3().getAsLong()) : null)));
        facts.add(Fact.line("ID registers", switch (s.idSource()) {
            case MRS -> "read with MRS (the kernel's emulation, HWCAP_CPUID): " + s.registers().size() + " registers";
            case SYSFS -> "MIDR_EL1 from sysfs; the others not read: presence is the kernel's HWCAP";
            case REGISTRY -> "from the Windows registry (CentralProcessor CP values): " + s.registers().size() + " registers";
            case PROC_CPUINFO -> "MIDR_EL1 from /proc/cpuinfo; the others not read: presence is the kernel's HWCAP";
            case SYSCTL -> "not read (" + HwcapCheck.whyNotRead(s) + "): presence is macOS's word, its sysctl"
                    + " hw.optional keys";
            case NONE -> "not read (" + HwcapCheck.whyNotRead(s) + "): presence is the kernel's HWCAP";
        }, ID_REGISTERS.is(s.idSource().id())));
        OptionalInt sve = info.sveVectorBits();
        facts.add(new Fact(List.of(SVE_VECTOR_BITS.is(boxed(sve))), sve.isPresent() ? Optional.of(new CpuDescription.Line(
                "SVE", "vector length " + sve.getAsInt() + " bits (this process's, PR_SVE_GET_VL)")) : Optional.empty(),
                sve.isPresent() ? Optional.of("SVE " + sve.getAsInt()) : Optional.empty()));
        OptionalInt sme = info.smeVectorBits();
        facts.add(new Fact(List.of(SME_VECTOR_BITS.is(boxed(sme))), sme.isPresent() ? Optional.of(new CpuDescription.Line(
                "SME", "streaming vector length " + sme.getAsInt() + (s.idSource() == IdRegisterSource.SYSCTL
                ? " bits (macOS's longest, hw.optional.arm.sme_max_svl_b)" : " bits (this process's, PR_SME_GET_VL)")))
                : Optional.empty(), Optional.empty()));
        return new CpuDescription(facts, AArch64Table.FEATURES.byFamily(info.usable()), KEY_FEATURES);
    }

    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    private static Integer boxed(OptionalInt v) {
        return v.isPresent() ? v.getAsInt() : null;
    }
}
