package io.cpufeatures.cli;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.trace.FeatureTrace;
import io.cpufeatures.core.trace.GroupTrace;
import io.cpufeatures.core.trace.JvmTrace;
import io.cpufeatures.core.trace.Link;
import io.cpufeatures.core.trace.NameCheck;
import io.cpufeatures.core.trace.PolicyCheck;
import io.cpufeatures.core.trace.PolicyTrace;
import io.cpufeatures.core.trace.Trace;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One name through every layer, as its trace records it: for a feature its CPU bit, OS state,
 * dependencies, errata, policy, JIT gates and verdict; for a policy flag, a group or a {@code jvm.*}
 * feature what decides it. A renderer only: the decoder made every decision the lines show.
 */
final class FeatureExplainer {

    private final StringBuilder out = new StringBuilder();

    private FeatureExplainer() {
    }

    /**
     * The explanation of {@code name} on {@code cpu}.
     *
     * @throws io.cpufeatures.core.UnknownFeatureException for an unknown name, with the closest ones
     * @throws CliFailure when the CPU's module does not decode the name (another architecture's, or nothing known)
     */
    static String explain(CpuKind<CpuFeatures> cpu, String name) {
        CpuFeatures features = cpu.cpu();
        CpuFeatures.resolve(name, "explain");
        if (features.trace(name).isEmpty() && features.source().kind() == SourceKind.JVM) {
            // The floor: no layer of the decoder ran; the JVM's view is the whole story.
            FeatureExplainer e = new FeatureExplainer();
            e.line("feature", name);
            e.line("source", "the JVM's view (no probe of this machine worked: " + features.source().failures().stream()
                    .map(f -> f.source().id() + ": " + f.reason()).collect(Collectors.joining("; ")) + ")");
            e.line("verdict", features.has(name) ? "usable: known from the JVM's view"
                    : "not known usable: " + features.reasons(name).stream().map(Reason::toString).collect(Collectors.joining("; ")));
            return e.out.toString();
        }
        Trace trace = features.trace(name).orElseThrow(() -> new CliFailure(CliFailure.FAILED,
                "no CPU information for '" + name + "' here: the CPU is " + features.architecture() + " ("
                        + features.source() + ")"));
        FeatureExplainer e = new FeatureExplainer();
        if (trace instanceof FeatureTrace f) {
            e.feature(f, features.reasons(name));
        } else if (trace instanceof PolicyTrace p) {
            e.policy(p);
        } else if (trace instanceof GroupTrace g) {
            e.group(g);
        } else {
            e.jvm((JvmTrace) trace, features.jvm().meaning(((JvmTrace) trace).name()), features.jvm().modelled());
        }
        return e.out.toString();
    }

    /**
     * A feature's trace; {@code reasons} are the report's for it, whose root reason words an absence as the decoder
     * does (a trace carries reasons only for a feature present but not usable).
     */
    private void feature(FeatureTrace t, List<Reason> reasons) {
        line("feature", t.name() + (t.aliases().isEmpty() ? "" : " (also " + String.join(", ", t.aliases()) + ")")
                + ", " + t.family());
        line(t.presence().label(), t.presence().text());
        line(t.osState().label(), t.osState().text());
        line("depends on", t.dependsOn().isEmpty() ? "nothing" : links(t.dependsOn()));
        if (!t.indirectly().isEmpty()) {
            line("  and through them", links(t.indirectly()));
        }
        line("errata", t.errata().isEmpty() ? "none known" : t.errata().stream()
                .map(e -> e.id() + (e.applies() ? " applies" : " does not apply")).collect(Collectors.joining(", ")));
        line("policy", t.policies().stream().map(FeatureExplainer::policy).collect(Collectors.joining("; ")));
        line("JVM", t.jvm().isEmpty() ? "no JVM feature maps to it" : t.jvm().stream()
                .map(j -> j.name() + (j.holds() ? " yes" : " no (" + j.reason().orElseThrow().detail() + ")"))
                .collect(Collectors.joining("; ")));
        line("verdict", switch (t.verdict()) {
            case USABLE -> "usable";
            // the decoder's own words for the absence: a dump of a kernel's text says what it does not state
            case NOT_PRESENT -> "not usable: " + reasons.stream().filter(r -> r.kind() == ReasonKind.NOT_PRESENT)
                    .map(Reason::detail).findFirst().orElse("the CPU does not report it");
            case NOT_USABLE -> "not usable: " + t.reasons().stream().map(Reason::toString).collect(Collectors.joining("; "));
        });
    }

    private static String links(List<Link> links) {
        return links.stream().map(l -> l.feature() + " (" + switch (l.verdict()) {
            case USABLE -> "usable";
            case NOT_USABLE -> "not usable: " + l.reason().orElseThrow();
            case NOT_PRESENT -> "not present";
        } + ")").collect(Collectors.joining(", "));
    }

    private static String policy(PolicyCheck p) {
        return p.flag() + (p.holds() ? " set: " + p.meaning() : " not set");
    }

    private void policy(PolicyTrace p) {
        line("flag", p.name() + " (policy: " + p.meaning() + "; never removes usability)");
        line("rule", p.appliesTo());
        line("source", p.citation());
        p.cpu().ifPresent(c -> line("this CPU", c));
        line("verdict", p.holds() ? "set" : "not set");
    }

    private void group(GroupTrace g) {
        line("group", g.name() + ": " + g.members().stream().map(NameCheck::name).collect(Collectors.joining(", ")));
        List<NameCheck> missing = g.members().stream().filter(m -> !m.holds()).toList();
        line("verdict", missing.isEmpty() ? "holds" : "does not hold: " + missing.stream()
                .map(m -> m.name() + " (" + m.reason().orElseThrow() + ")").collect(Collectors.joining("; ")));
    }

    private void jvm(JvmTrace j, String meaning, boolean modelled) {
        line("feature", j.name() + " (the JVM's view)");
        line("means", meaning);
        // a modelled VM names its release; the running one gets its version
        line("JVM", modelled ? j.vm() : j.vm() + " " + System.getProperty("java.version"));
        line("flags", j.flags().isEmpty() ? "unreadable (not HotSpot)" : j.flags().toString());
        line("Vector API", j.vectorApiReadable() ? "readable, preferred " + j.preferredBits().orElse(0) + " bits"
                : "not readable");
        line("verdict", j.holds() ? "holds" : "does not hold: " + j.reason().orElseThrow().detail());
    }

    private void line(String label, String value) {
        out.append(label).append(" ".repeat(Math.max(1, 18 - label.length()))).append(TerminalText.safe(value)).append('\n');
    }
}
