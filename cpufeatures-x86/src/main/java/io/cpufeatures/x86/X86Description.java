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
        fields.add(new Field("hypervisor", info.hypervisor().orElse(null)));
        fields.add(new Field("xcr0", info.xcr0().value().isPresent() ? Hex.prefixed(info.xcr0().value().getAsLong()) : null));
        fields.add(new Field("xcr0Source", info.xcr0().source().id()));
        fields.add(new Field("level", info.level().id()));
        if (info.avx10Version().isPresent()) {
            fields.add(new Field("avx10Version", info.avx10Version().getAsInt()));
        }
        List<Line> lines = new ArrayList<>();
        lines.add(new Line("cpu", id.brand().isEmpty() ? "(no brand string)" : id.brand()));
        lines.add(new Line("identity", id.vendorString() + ", family 0x" + Integer.toHexString(id.family()) + " model 0x"
                + Integer.toHexString(id.model()) + " stepping " + id.stepping() + ", signature " + id.signatureHex()
                + ", " + logicalCpus + " logical CPU" + (logicalCpus == 1 ? "" : "s")));
        lines.add(new Line("uarch", info.microarchitecture().orElse("unknown")));
        info.hypervisor().ifPresent(h -> lines.add(new Line("hypervisor", h)));
        String xcr0 = info.xcr0().describe().replaceFirst("^XCR0=", "");
        if (info.xcr0().value().isPresent()) {
            xcr0 += ": " + XsaveComponent.names(info.xcr0().value().getAsLong());
        }
        lines.add(new Line("XCR0", xcr0));
        lines.add(new Line("level", info.level().id()));
        info.avx10Version().ifPresent(v -> lines.add(new Line("AVX10", "version " + v)));
        String summary = id.vendorString() + " " + Integer.toHexString(id.family()) + '/' + Integer.toHexString(id.model())
                + '/' + id.stepping() + "  " + info.microarchitecture().orElse("?") + "  " + info.level().id();
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
