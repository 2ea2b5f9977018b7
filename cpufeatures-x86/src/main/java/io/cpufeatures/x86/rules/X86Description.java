package io.cpufeatures.x86.rules;


import io.cpufeatures.x86.table.XsaveComponent;

import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.table.X86Table;

import io.cpufeatures.x86.rules.X86DecodedCpu;

import io.cpufeatures.x86.CpuIdentity;

import io.cpufeatures.x86.CoreType;

import io.cpufeatures.x86.rules.X86Architecture;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuDescription.Fact;
import io.cpufeatures.core.CpuDescription.FactKind;
import io.cpufeatures.core.CpuDescription.Type;
import io.cpufeatures.x86.dump.Hex;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What reports show of a decoded x86 CPU, as facts: its identity, microarchitecture, XCR0, level, AVX10 and AMX state. */
final class X86Description {

    static final FactKind VENDOR = new FactKind("vendor", "vendor", Type.STRING_OR_NULL, "x86: the CPUID vendor string");
    static final FactKind BRAND = new FactKind("brand", "cpu", Type.STRING_OR_NULL, "x86: the CPUID brand string");
    static final FactKind FAMILY = new FactKind("family", "family", Type.INTEGER, "x86: the display family (a number)");
    static final FactKind MODEL = new FactKind("model", "model", Type.INTEGER, "x86: the display model (a number)");
    static final FactKind STEPPING = new FactKind("stepping", "stepping", Type.INTEGER, "x86: the stepping (a number)");
    static final FactKind SIGNATURE = new FactKind("signature", "signature", Type.matching(false, "[0-9A-F]{8}"),
            "x86: CPUID.1:EAX, 8 hex digits");
    static final FactKind MICROARCHITECTURE = new FactKind("microarchitecture", "uarch", Type.STRING_OR_NULL,
            "the microarchitecture's name (x86: a hybrid part's core is named after its core, `Alder Lake (Gracemont)`;"
                    + " AArch64: the core MIDR names, or on macOS the chip hw.cpufamily names), or null when unknown");
    static final FactKind CORE_TYPE = new FactKind("coreType", "core type", Type.STRING,
            "x86, only on a hybrid part: this kind's core type from CPUID.0x1A (`performance`, `efficiency`), one entry"
                    + " per core type");
    static final FactKind HYPERVISOR = new FactKind("hypervisor", "hypervisor", Type.STRING_OR_NULL,
            "x86: the hypervisor's name when the hypervisor bit is set, else null");
    static final FactKind XCR0 = new FactKind("xcr0", "XCR0", Type.matching(true, "0x[0-9a-f]+"),
            "x86: XCR0 (`\"0xe7\"`), or null when unknown");
    static final FactKind XCR0_SOURCE = new FactKind("xcr0Source", "XCR0 source",
            Type.oneOf(false, "xgetbv", "inferred", "user", "darwin", "kernel", "unknown"),
            "x86: how XCR0 is known: `xgetbv`, `inferred` (from CPUID leaf 0xD), `user` (`--xcr0`), `darwin` (XGETBV on"
                    + " macOS with the AVX-512 state Darwin enables on first use), `kernel` (/proc/cpuinfo) or `unknown`");
    static final FactKind LEVEL = new FactKind("level", "level", Type.matching(false, "none|x86-64-v[1-4]"),
            "x86: the x86-64 psABI level whose features are all usable, `x86-64-v1` .. `x86-64-v4`, or `none`");
    static final FactKind AVX10_VERSION = new FactKind("avx10Version", "AVX10", Type.atLeast(false, 1),
            "x86, only when AVX10 is present: its version (CPUID.(0x24,0):EBX[7:0])");
    static final FactKind AMX_XCR0 = new FactKind("amxXcr0", "AMX XCR0", Type.oneOf(false, "enabled", "not-enabled",
            "unknown"), "x86, only when AMX is present: whether XCR0 enables TILECFG and TILEDATA");
    static final FactKind AMX_PERMISSION = new FactKind("amxPermission", "AMX permission", Type.oneOf(false,
            "not-requested", "granted", "refused", "unavailable", "not-read"),
            "x86, only when AMX is present: this process's Linux permission to use tile data (ARCH_GET_XCOMP_PERM)");

    /** Every kind of field, in report order. */
    static final List<FactKind> KINDS = List.of(VENDOR, BRAND, FAMILY, MODEL, STEPPING, SIGNATURE, MICROARCHITECTURE,
            CORE_TYPE, HYPERVISOR, XCR0, XCR0_SOURCE, LEVEL, AVX10_VERSION, AMX_XCR0, AMX_PERMISSION);

    /** The features a fleet row lists when usable: the ones that tell generations and vector widths apart. */
    private static final List<String> KEY_FEATURES = List.of("sse4_2", "avx", "avx2", "fma", "bmi2", "sha_ni", "gfni",
            "vaes", "avx512f", "avx512bw", "avx512_vnni", "avx512_bf16", "avx512_fp16", "amx_tile", "avx10", "apx");

    private X86Description() {
    }

    /** Whether XCR0 enables the AMX components: {@code enabled}, {@code not-enabled} or {@code unknown}. */
    private static String amxXcr0(X86DecodedCpu info) {
        long amx = XsaveComponent.TILECFG.mask() | XsaveComponent.TILEDATA.mask();
        if (info.xcr0().value().isEmpty()) {
            return "unknown";
        }
        return info.xcr0().enables(amx) ? "enabled" : (info.xcr0().undetermined() & amx) != 0 ? "unknown" : "not-enabled";
    }

    /**
     * The identity line of a CPU whose family, and so signature, the text does not state: the model and stepping it
     * does state, the others said unknown ({@code GenuineIntel, family unknown (not in the text), model 0x9e stepping
     * 10, signature unknown}).
     */
    private static Fact withoutFamily(CpuIdentity id, boolean model, boolean stepping, int logicalCpus) {
        String unknown = model ? stepping ? "family" : "family and stepping" : stepping ? "family and model"
                : "family, model and stepping";
        String known = (model ? " model 0x" + Integer.toHexString(id.model()) : "") + (stepping ? " stepping "
                + id.stepping() : "");
        List<CpuDescription.Field> values = new ArrayList<>(2);
        if (model) {
            values.add(MODEL.is(id.model()));
        }
        if (stepping) {
            values.add(STEPPING.is(id.stepping()));
        }
        return Fact.line("identity", id.vendorString() + ", " + unknown + " unknown (not in the text),"
                + (known.isEmpty() ? "" : known + ",") + " signature unknown, " + logicalCpus + " logical CPU"
                + (logicalCpus == 1 ? "" : "s"), values.toArray(new CpuDescription.Field[0]))
                .summarised(id.vendorString() + " ?/" + (model ? Integer.toHexString(id.model()) : "?") + '/'
                        + (stepping ? String.valueOf(id.stepping()) : "?"));
    }

    static CpuDescription of(X86DecodedCpu info, int logicalCpus) {
        CpuIdentity id = info.identity();
        List<Fact> facts = new ArrayList<>();
        facts.add(Fact.line("cpu", id.brand().isEmpty() ? "(no brand string)" : id.brand(), VENDOR.is(id.vendorString()),
                BRAND.is(id.brand())));
        List<String> unstated = info.snapshot().source().unstated();
        if (unstated.contains(CpuIdentity.UNSTATED_SIGNATURE)) {
            // a text without the family (an Intel Mac's listing without machdep.cpu.family): no signature can be made,
            // and a zero would read as a family 0; the model and stepping it states are given
            facts.add(withoutFamily(id, !unstated.contains(CpuIdentity.UNSTATED_MODEL),
                    !unstated.contains(CpuIdentity.UNSTATED_STEPPING), logicalCpus));
        } else {
            facts.add(Fact.line("identity", id.vendorString() + ", family 0x" + Integer.toHexString(id.family()) + " model 0x"
                    + Integer.toHexString(id.model()) + " stepping " + id.stepping() + ", signature " + id.signatureHex()
                    + ", " + logicalCpus + " logical CPU" + (logicalCpus == 1 ? "" : "s"), FAMILY.is(id.family()),
                    MODEL.is(id.model()), STEPPING.is(id.stepping()), SIGNATURE.is(id.signatureHex()))
                    .summarised(id.vendorString() + " " + Integer.toHexString(id.family()) + '/'
                            + Integer.toHexString(id.model()) + '/' + id.stepping()));
        }
        facts.add(Fact.line("uarch", info.microarchitecture().orElse("unknown"),
                MICROARCHITECTURE.is(info.microarchitecture().orElse(null))).summarised(info.microarchitecture().orElse("?")));
        Optional<CoreType> coreType = info.hybridCoreType();
        coreType.ifPresent(t -> facts.add(Fact.line("core type", t.id() + " (CPUID.0x1A:EAX=0x"
                + Integer.toHexString(info.snapshot().read(0x1A).eax()) + ")", CORE_TYPE.is(t.id())).summarised(t.id()
                + " cores")));
        facts.add(HYPERVISOR.fact(info.hypervisor().orElse(null)));
        String xcr0 = info.xcr0().describe().replaceFirst("^XCR0=", "");
        if (info.xcr0().value().isPresent()) {
            xcr0 += ": " + XsaveComponent.names(info.xcr0().value().getAsLong());
        }
        facts.add(Fact.line("XCR0", xcr0, XCR0.is(info.xcr0().value().isPresent() ? Hex.prefixed(info.xcr0().value()
                .getAsLong()) : null), XCR0_SOURCE.is(info.xcr0().source().id())));
        facts.add(LEVEL.fact(info.level().id()).summarised(info.level().id()));
        info.avx10Version().ifPresent(v -> facts.add(Fact.line("AVX10", "version " + v, AVX10_VERSION.is(v))));
        if (info.present().contains(X86Feature.AMX_TILE)) {
            String xcr0State = amxXcr0(info);
            facts.add(Fact.line("AMX", "present, XCR0 " + (xcr0State.equals("enabled") ? "allows" : xcr0State.equals("unknown")
                    ? "unknown" : "does not allow") + " TILECFG|TILEDATA, permission " + info.xcr0().tilePermission()
                    .map(p -> p.state().id().replace('-', ' ') + " (" + p.detail() + ")")
                    .orElse("not read (a dump, or not Linux)"), AMX_XCR0.is(xcr0State), AMX_PERMISSION.is(info.xcr0()
                    .tilePermission().map(p -> p.state().id()).orElse("not-read"))));
        }
        return new CpuDescription(facts, X86Table.FEATURES.byFamily(info.usable()), KEY_FEATURES);
    }
}
