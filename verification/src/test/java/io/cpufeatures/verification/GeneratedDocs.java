package io.cpufeatures.verification;

import io.cpufeatures.aarch64.rules.AArch64Architecture;
import io.cpufeatures.aarch64.CoreModel;
import io.cpufeatures.aarch64.table.FieldRule;
import io.cpufeatures.aarch64.table.AArch64Table;
import io.cpufeatures.aarch64.rules.Cores;
import io.cpufeatures.aarch64.rules.Implementers;
import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.kit.DependencyRule;
import io.cpufeatures.core.kit.DependencyTable;
import io.cpufeatures.core.kit.Erratum;
import io.cpufeatures.core.kit.FeatureRow;
import io.cpufeatures.core.kit.FeatureTable;
import io.cpufeatures.core.kit.FeatureVocabulary;
import io.cpufeatures.ppc64le.table.Ppc64leTables;
import io.cpufeatures.x86.table.PsAbiLevel;
import io.cpufeatures.x86.table.StateRequirement;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.table.XsaveComponent;
import io.cpufeatures.x86.table.X86Table;
import io.cpufeatures.x86.rules.CoreMicroarchitecture;
import io.cpufeatures.x86.rules.Microarchitectures;
import io.cpufeatures.x86.rules.PreferYmmPolicy;
import io.cpufeatures.x86.rules.Errata;
import io.cpufeatures.x86.rules.FeatureDependencies;
import io.cpufeatures.x86.rules.XsaveArea;
import io.cpufeatures.x86.rules.XsaveLayout;
import io.cpufeatures.x86.rules.XsaveLayouts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The tables of docs/, generated from the code's tables so the docs cannot drift from them. */
final class GeneratedDocs {

    private GeneratedDocs() {
    }

    /** Section name to its generated Markdown. */
    static Map<String, String> sections() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("xcr0-masks", xcr0Masks());
        m.put("dependencies", dependencies());
        m.put("errata", errata());
        m.put("prefer-ymm", preferYmm());
        m.put("levels", levels());
        m.put("features", features());
        m.put("xsave-layouts", xsaveLayouts());
        m.put("hybrid-cores", hybridCores());
        m.put("aarch64-features", aarch64Features());
        m.put("aarch64-dependencies", aarch64Dependencies());
        m.put("aarch64-jvm-gates", aarch64JvmGates());
        m.put("aarch64-cores", aarch64Cores());
        m.put("report-fields", ReportFields.markdown());
        m.put("ppc64le-features", featureTable(Ppc64leTables.FEATURES, "HWCAP bit", null, f -> ""));
        m.put("ppc64le-dependencies", dependencyTable(Ppc64leTables.DEPENDENCIES));
        return m;
    }

    private static String aarch64Features() {
        return featureTable(AArch64Table.FEATURES, "HWCAP bit", "present when", f -> f.idRule().kernelOnly()
                ? "(no ID register: the HWCAP only)"
                : f.idRule().alternatives().stream().map(FieldRule::toString).collect(Collectors.joining(", or ")));
    }

    /**
     * A section per family: each feature's names, where the CPU reports it, and a column of the architecture's own
     * ({@code column} null for none).
     */
    private static <F extends Enum<F> & FeatureRow> String featureTable(FeatureTable<F> table, String where, String column,
            Function<F, String> value) {
        StringBuilder sb = new StringBuilder();
        for (String family : table.families()) {
            sb.append("\n### ").append(family).append("\n\n| name | aliases | ").append(where)
                    .append(column == null ? " |\n|---|---|---|\n" : " | " + column + " |\n|---|---|---|---|\n");
            for (F f : table.values()) {
                if (f.family().equals(family)) {
                    sb.append("| ").append(f.canonicalName()).append(" | ").append(String.join(", ", f.aliases())).append(" | ")
                            .append(table.where(f)).append(column == null ? "" : " | " + value.apply(f)).append(" |\n");
                }
            }
        }
        return sb.toString();
    }

    /** Every row of a dependency table, with its origin and, for our own, the reason. */
    private static <F extends Enum<F> & FeatureRow> String dependencyTable(DependencyTable<F> table) {
        StringBuilder sb = new StringBuilder("| feature | depends on | from | why |\n|---|---|---|---|\n");
        for (DependencyRule<F> d : table.rows()) {
            sb.append("| ").append(d.feature().canonicalName()).append(" | ").append(d.dependsOn().canonicalName())
                    .append(" | ").append(d.origin().label()).append(" | ").append(cell(d.why())).append(" |\n");
        }
        return sb.toString();
    }

    private static String aarch64Dependencies() {
        return dependencyTable(io.cpufeatures.aarch64.rules.FeatureDependencies.DEPENDENCIES);
    }

    private static String aarch64JvmGates() {
        FeatureVocabulary v = new AArch64Architecture().vocabulary();
        StringBuilder sb = new StringBuilder("| gate | holds when | beside |\n|---|---|---|\n");
        for (JvmGate g : v.jvmGates()) {
            String rule = g.rule() instanceof JvmGate.FlagAtLeast a ? "`" + a.flag() + " >= " + a.minimum() + "`"
                    : g.rule() instanceof JvmGate.FlagEnabled e ? "`" + e.flag() + "`"
                    : g.rule() instanceof JvmGate.VectorBits b ? "C2 compiles the Vector API and `MaxVectorSize >= "
                    + b.bits() / 8 + "`" : "the Vector API is readable";
            List<String> beside = new ArrayList<>();
            v.jvmGatesOf().forEach((feature, gates) -> {
                if (gates.contains(g.name())) {
                    beside.add(feature);
                }
            });
            sb.append("| ").append(g.name()).append(" | ").append(rule).append(" | ").append(String.join(", ", beside))
                    .append(" |\n");
        }
        sb.append("\nThe core's width gates stand beside these features too: ");
        List<String> core = new ArrayList<>();
        v.jvmGatesOf().forEach((feature, gates) -> gates.stream().filter(g -> v.jvmGates().stream()
                .noneMatch(x -> x.name().equals(g))).forEach(g -> core.add(g + " (" + feature + ")")));
        sb.append(String.join(", ", core)).append(".\n");
        return sb.toString();
    }

    private static String aarch64Cores() {
        StringBuilder sb = new StringBuilder("| implementer | part | core | architecture | products | sources |\n"
                + "|---|---|---|---|---|---|\n");
        for (CoreModel c : Cores.table()) {
            sb.append("| ").append(String.format("0x%02x ", c.implementer())).append(Implementers.describe(c.implementer()))
                    .append(" | ").append(String.format("0x%03x", c.part())).append(" | ").append(c.name()).append(" | ")
                    .append(c.architecture()).append(" | ").append(c.products()).append(" | ").append(c.nameSources())
                    .append(c.architectureSources().isEmpty() ? "" : "; architecture: " + c.architectureSources())
                    .append(" |\n");
        }
        sb.append("\nParts whose variant (and revision) names the core, read before the table above:\n\n"
                + "| implementer | part | variant | revision | core | architecture | sources |\n|---|---|---|---|---|---|---|\n");
        for (Cores.VariantCore v : Cores.variants()) {
            CoreModel c = v.core();
            sb.append("| ").append(String.format("0x%02x ", c.implementer())).append(Implementers.describe(c.implementer()))
                    .append(" | ").append(String.format("0x%03x", c.part())).append(" | ")
                    .append(String.format("0x%x", v.variant())).append(" | ")
                    .append(v.revision() < 0 ? "any" : Integer.toString(v.revision())).append(" | ").append(c.name())
                    .append(" | ").append(c.architecture()).append(" | ").append(c.nameSources())
                    .append(c.architectureSources().isEmpty() ? "" : "; architecture: " + c.architectureSources())
                    .append(" |\n");
        }
        return sb.toString();
    }

    /** The vendors' standard-format XSAVE layouts the XCR0 inference may fall back on, one row per layout. */
    private static String xsaveLayouts() {
        StringBuilder sb = new StringBuilder("| layout | CPUs | components: offset + size = end | source |\n|---|---|---|---|\n");
        for (XsaveLayout l : XsaveLayouts.table()) {
            List<String> areas = new ArrayList<>();
            for (XsaveArea a : l.areas()) {
                areas.add(XsaveComponent.names(1L << a.component()) + " " + a.offset() + " + " + a.size() + " = " + a.end());
            }
            sb.append("| ").append(l.name()).append(" | ").append(l.vendor().cpuidString()).append(" family 0x")
                    .append(Integer.toHexString(l.familyFrom())).append(l.familyTo() == l.familyFrom() ? ""
                            : l.familyTo() >= 0xff ? " and later" : "-0x" + Integer.toHexString(l.familyTo()))
                    .append(" | ").append(cell(String.join("; ", areas))).append(" | ").append(cell(l.citation())).append(" |\n");
        }
        return sb.toString();
    }

    /** The cores of hybrid parts by core type. */
    private static String hybridCores() {
        StringBuilder sb = new StringBuilder("| family | models | core type | native model id | core | source |\n"
                + "|---|---|---|---|---|---|\n");
        for (CoreMicroarchitecture c : Microarchitectures.cores()) {
            sb.append("| ").append(String.format("0x%X", c.family())).append(" | ").append(String.format("0x%02X", c.modelFrom()))
                    .append(c.modelTo() == c.modelFrom() ? "" : String.format("-0x%02X", c.modelTo())).append(" | ")
                    .append(c.coreType().id()).append(" | ").append(c.nativeModelId() == CoreMicroarchitecture.ANY_NATIVE_MODEL
                            ? "any" : Integer.toString(c.nativeModelId())).append(" | ").append(c.name()).append(" | ")
                    .append(cell(c.citation())).append(" |\n");
        }
        return sb.toString();
    }

    private static String xcr0Masks() {
        StringBuilder sb = new StringBuilder("| state | XCR0 mask | components | features |\n|---|---|---|---|\n");
        for (StateRequirement s : StateRequirement.values()) {
            if (s.xcr0Mask() == 0) {
                continue;
            }
            String features = features(s);
            sb.append("| ").append(s.name()).append(s.onlyWithOsxsave() ? " (only with OSXSAVE)" : "").append(" | `0x")
                    .append(Long.toHexString(s.xcr0Mask())).append("` | ").append(cell(XsaveComponent.names(s.xcr0Mask())))
                    .append(" | ").append(features).append(" |\n");
        }
        sb.append("| OSXSAVE | - | CPUID.1:ECX.OSXSAVE must be set | ").append(features(StateRequirement.OSXSAVE)).append(" |\n");
        return sb.toString();
    }

    /** A table cell: a pipe would end the cell, so it is escaped. */
    private static String cell(String text) {
        return text.replace("|", "\\|");
    }

    private static String features(StateRequirement s) {
        List<String> names = new ArrayList<>();
        for (X86Feature f : X86Feature.values()) {
            if (f.state() == s) {
                names.add(f.canonicalName());
            }
        }
        return String.join(", ", names);
    }

    private static String dependencies() {
        return dependencyTable(FeatureDependencies.DEPENDENCIES);
    }

    private static String errata() {
        StringBuilder sb = new StringBuilder("| erratum | features | effect | source |\n|---|---|---|---|\n");
        for (Erratum<X86Feature, ?> e : Errata.table()) {
            String features = e.features().stream().map(X86Feature::canonicalName).sorted().collect(Collectors.joining(", "));
            sb.append("| ").append(e.id()).append(" | ").append(features).append(" | ").append(cell(e.effect())).append(" | ")
                    .append(cell(e.citation())).append(" |\n");
        }
        return sb.toString();
    }

    private static String preferYmm() {
        return "Intel family 6, models " + PreferYmmPolicy.MODELS.stream().sorted()
                .map(m -> String.format("0x%02X", m)).collect(Collectors.joining(", ")) + ", any stepping.\n";
    }

    private static String levels() {
        StringBuilder sb = new StringBuilder("| level | adds |\n|---|---|\n");
        for (PsAbiLevel l : PsAbiLevel.values()) {
            if (l == PsAbiLevel.NONE) {
                continue;
            }
            sb.append("| ").append(l.id()).append(" | ").append(l.adds().stream().map(X86Feature::canonicalName)
                    .collect(Collectors.joining(", "))).append(" |\n");
        }
        return sb.toString();
    }

    private static String features() {
        return featureTable(X86Table.FEATURES, "CPUID bit", "state",
                f -> f.state() == StateRequirement.NONE ? "" : f.state().name());
    }
}
