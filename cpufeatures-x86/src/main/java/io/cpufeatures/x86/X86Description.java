package io.cpufeatures.x86;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuDescription.FeatureGroup;
import io.cpufeatures.core.CpuDescription.Field;
import io.cpufeatures.core.CpuDescription.Line;
import io.cpufeatures.x86.feature.CpuIdentity;
import io.cpufeatures.x86.feature.FeatureFamily;
import io.cpufeatures.x86.feature.X86Feature;
import io.cpufeatures.x86.feature.XsaveComponent;
import io.cpufeatures.x86.raw.Hex;
import java.util.ArrayList;
import java.util.List;

/** What reports print of a decoded x86 CPU: its identity as JSON fields and text lines, its fleet summary. */
final class X86Description {

    /** The features a fleet row lists when usable: the ones that tell generations and vector widths apart. */
    private static final List<String> KEY_FEATURES = List.of("sse4_2", "avx", "avx2", "fma", "bmi2", "sha_ni", "gfni",
            "vaes", "avx512f", "avx512bw", "avx512_vnni", "avx512_bf16", "avx512_fp16", "amx_tile", "avx10", "apx");

    private X86Description() {
    }

    /** Whether XCR0 enables the AMX components: {@code enabled}, {@code not-enabled} or {@code unknown}. */
    private static String amxXcr0(X86CpuInfo info) {
        long amx = XsaveComponent.TILECFG.mask() | XsaveComponent.TILEDATA.mask();
        if (info.xcr0().value().isEmpty()) {
            return "unknown";
        }
        return info.xcr0().enables(amx) ? "enabled" : (info.xcr0().undetermined() & amx) != 0 ? "unknown" : "not-enabled";
    }

    static CpuDescription of(X86CpuInfo info, int logicalCpus) {
        CpuIdentity id = info.identity();
        List<Field> fields = new ArrayList<>();
        fields.add(new Field("vendor", id.vendorString()));
        fields.add(new Field("brand", id.brand()));
        fields.add(new Field("family", id.family()));
        fields.add(new Field("model", id.model()));
        fields.add(new Field("stepping", id.stepping()));
        fields.add(new Field("signature", id.signatureHex()));
        fields.add(new Field("microarchitecture", info.microarchitecture().orElse(null)));
        X86ArchitectureFeatures.coreTypeOf(info).ifPresent(t -> fields.add(new Field("coreType", t.id())));
        fields.add(new Field("hypervisor", info.hypervisor().orElse(null)));
        fields.add(new Field("xcr0", info.xcr0().value().isPresent() ? Hex.prefixed(info.xcr0().value().getAsLong()) : null));
        fields.add(new Field("xcr0Source", info.xcr0().source().id()));
        fields.add(new Field("level", info.level().id()));
        if (info.avx10Version().isPresent()) {
            fields.add(new Field("avx10Version", info.avx10Version().getAsInt()));
        }
        boolean amx = info.present().contains(X86Feature.AMX_TILE);
        if (amx) {
            fields.add(new Field("amxXcr0", amxXcr0(info)));
            fields.add(new Field("amxPermission", info.xcr0().tilePermission().map(p -> p.state().id()).orElse("not-read")));
        }
        List<Line> lines = new ArrayList<>();
        lines.add(new Line("cpu", id.brand().isEmpty() ? "(no brand string)" : id.brand()));
        lines.add(new Line("identity", id.vendorString() + ", family 0x" + Integer.toHexString(id.family()) + " model 0x"
                + Integer.toHexString(id.model()) + " stepping " + id.stepping() + ", signature " + id.signatureHex()
                + ", " + logicalCpus + " logical CPU" + (logicalCpus == 1 ? "" : "s")));
        lines.add(new Line("uarch", info.microarchitecture().orElse("unknown")));
        X86ArchitectureFeatures.coreTypeOf(info).ifPresent(t -> lines.add(new Line("core type", t.id()
                + " (CPUID.0x1A:EAX=0x" + Integer.toHexString(info.snapshot().read(0x1A).eax()) + ")")));
        info.hypervisor().ifPresent(h -> lines.add(new Line("hypervisor", h)));
        String xcr0 = info.xcr0().describe().replaceFirst("^XCR0=", "");
        if (info.xcr0().value().isPresent()) {
            xcr0 += ": " + XsaveComponent.names(info.xcr0().value().getAsLong());
        }
        lines.add(new Line("XCR0", xcr0));
        lines.add(new Line("level", info.level().id()));
        info.avx10Version().ifPresent(v -> lines.add(new Line("AVX10", "version " + v)));
        if (amx) {
            String xcr0State = amxXcr0(info);
            lines.add(new Line("AMX", "present, XCR0 " + (xcr0State.equals("enabled") ? "allows" : xcr0State.equals("unknown")
                    ? "unknown" : "does not allow") + " TILECFG|TILEDATA, permission " + info.xcr0().tilePermission()
                    .map(p -> p.state().id().replace('-', ' ') + " (" + p.detail() + ")")
                    .orElse("not read (a dump, or not Linux)")));
        }
        String summary = id.vendorString() + " " + Integer.toHexString(id.family()) + '/' + Integer.toHexString(id.model())
                + '/' + id.stepping() + "  " + info.microarchitecture().orElse("?")
                + X86ArchitectureFeatures.coreTypeOf(info).map(t -> "  " + t.id() + " cores").orElse("") + "  " + info.level().id();
        List<FeatureGroup> usable = new ArrayList<>();
        for (FeatureFamily family : FeatureFamily.values()) {
            List<String> names = new ArrayList<>();
            for (X86Feature f : X86Feature.values()) {
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
}
