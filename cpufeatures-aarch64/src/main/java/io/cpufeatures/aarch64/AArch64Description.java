package io.cpufeatures.aarch64;

import io.cpufeatures.aarch64.feature.AArch64Feature;
import io.cpufeatures.aarch64.feature.FeatureFamily;
import io.cpufeatures.aarch64.identity.CoreModel;
import io.cpufeatures.aarch64.identity.Implementers;
import io.cpufeatures.aarch64.raw.AArch64Snapshot;
import io.cpufeatures.aarch64.raw.Midr;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuDescription.FeatureGroup;
import io.cpufeatures.core.CpuDescription.Field;
import io.cpufeatures.core.CpuDescription.Line;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What reports print of a decoded AArch64 CPU: its identity (MIDR, the core, the architecture version
 * where a source states it for that core), the HWCAP words, how the ID registers were read and the
 * vector lengths, as JSON fields and text lines, and its fleet summary.
 *
 * <p>The Armv8.x/9.x version is the core's, from the core table, never guessed from the features: the
 * registers EL0 can read do not show every feature a version makes mandatory (PAN, VHE... are
 * invisible), so a version "derived" from them would be a guess.
 */
final class AArch64Description {

    /** The features a fleet row lists when usable: the ones that tell generations and vector widths apart. */
    static final List<String> KEY_FEATURES = List.of("asimd", "atomics", "crc32", "aes", "pmull", "sha3", "sha512",
            "asimddp", "i8mm", "bf16", "sve", "sve2", "sve2p1", "sme", "sme2", "mte", "bti", "paca");

    private AArch64Description() {
    }

    static CpuDescription of(AArch64CpuInfo info, int logicalCpus) {
        AArch64Snapshot s = info.snapshot();
        Optional<Midr> midr = info.midr();
        Optional<CoreModel> core = info.core();
        List<Field> fields = new ArrayList<>();
        fields.add(new Field("midr", midr.map(Midr::toString).orElse(null)));
        fields.add(new Field("implementer", midr.map(Midr::implementer).orElse(null)));
        fields.add(new Field("implementerName", midr.flatMap(m -> Implementers.name(m.implementer())).orElse(null)));
        fields.add(new Field("part", midr.map(Midr::part).orElse(null)));
        fields.add(new Field("variant", midr.map(Midr::variant).orElse(null)));
        fields.add(new Field("revision", midr.map(Midr::revision).orElse(null)));
        fields.add(new Field("microarchitecture", core.map(CoreModel::name).orElse(null)));
        fields.add(new Field("architectureVersion", core.flatMap(CoreModel::architectureVersion).orElse(null)));
        fields.add(new Field("products", core.flatMap(CoreModel::productNames).orElse(null)));
        fields.add(new Field("hwcap", hex(s.hwcap())));
        fields.add(new Field("hwcap2", hex(s.hwcap2())));
        fields.add(new Field("hwcap3", s.hwcap3().isPresent() ? hex(s.hwcap3().getAsLong()) : null));
        fields.add(new Field("idRegisters", s.idSource().id()));
        fields.add(new Field("sveVectorBits", boxed(info.sveVectorBits())));
        fields.add(new Field("smeVectorBits", boxed(info.smeVectorBits())));

        List<Line> lines = new ArrayList<>();
        lines.add(new Line("cpu", midr.map(m -> Implementers.describe(m.implementer()) + " "
                + core.map(CoreModel::name).orElse(String.format("part 0x%03x", m.part())) + " " + m.revisionName())
                .orElse("(MIDR_EL1 unknown)")));
        lines.add(new Line("identity", midr.map(m -> String.format("MIDR_EL1 %s: implementer 0x%02x, part 0x%03x, variant %d,"
                + " revision %d", m, m.implementer(), m.part(), m.variant(), m.revision())).orElse("MIDR_EL1 not read")
                + ", " + logicalCpus + " logical CPU" + (logicalCpus == 1 ? "" : "s")));
        lines.add(new Line("uarch", core.map(c -> c.name() + c.productNames().map(p -> " (" + p + ")").orElse(""))
                .orElse(midr.isPresent() ? "unknown (not in the core table)" : "unknown")));
        lines.add(new Line("architecture", core.flatMap(CoreModel::architectureVersion)
                .map(a -> a + " (the core's, per " + core.get().architectureSources() + ")")
                .orElse("not stated: no source for this core, and the ID registers EL0 reads cannot show every"
                        + " mandatory feature")));
        lines.add(new Line("HWCAP", "AT_HWCAP=" + hex(s.hwcap()) + " AT_HWCAP2=" + hex(s.hwcap2()) + " AT_HWCAP3="
                + (s.hwcap3().isPresent() ? hex(s.hwcap3().getAsLong()) : "absent")));
        lines.add(new Line("ID registers", switch (s.idSource()) {
            case MRS -> "read with MRS (the kernel's emulation, HWCAP_CPUID): " + s.registers().size() + " registers";
            case SYSFS -> "MIDR_EL1 from sysfs; the others not read: presence is the kernel's HWCAP";
            case PROC_CPUINFO -> "MIDR_EL1 from /proc/cpuinfo; the others not read: presence is the kernel's HWCAP";
            case NONE -> "not read (" + AArch64Traces.whyNotRead(s) + "): presence is the kernel's HWCAP";
        }));
        if (info.sveVectorBits().isPresent()) {
            lines.add(new Line("SVE", "vector length " + info.sveVectorBits().getAsInt() + " bits (this process's, PR_SVE_GET_VL)"));
        }
        if (info.smeVectorBits().isPresent()) {
            lines.add(new Line("SME", "streaming vector length " + info.smeVectorBits().getAsInt()
                    + " bits (this process's, PR_SME_GET_VL)"));
        }
        String summary = midr.map(m -> Implementers.describe(m.implementer()) + String.format(" %03x ", m.part())
                + m.revisionName()).orElse("MIDR ?") + "  " + core.map(CoreModel::name).orElse("?") + "  "
                + core.flatMap(CoreModel::architectureVersion).orElse("?")
                + (info.sveVectorBits().isPresent() ? "  SVE " + info.sveVectorBits().getAsInt() : "");
        List<FeatureGroup> usable = new ArrayList<>();
        for (FeatureFamily family : FeatureFamily.values()) {
            List<String> names = new ArrayList<>();
            for (AArch64Feature f : AArch64Feature.values()) {
                if (f.family() == family && info.isUsable(f)) {
                    names.add(f.canonicalName());
                }
            }
            if (!names.isEmpty()) {
                usable.add(new FeatureGroup(family.label(), names));
            }
        }
        return new CpuDescription(fields, lines, summary, usable, KEY_FEATURES);
    }

    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    private static Integer boxed(OptionalInt v) {
        return v.isPresent() ? v.getAsInt() : null;
    }
}
