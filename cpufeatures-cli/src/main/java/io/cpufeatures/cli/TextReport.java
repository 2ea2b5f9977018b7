package io.cpufeatures.cli;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.dispatch.CandidateReport;
import io.cpufeatures.dispatch.CandidateStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Help.Ansi;

/**
 * The report model as aligned text for a person: each CPU's description, its usable features by
 * family, the present-but-not-usable ones with their first reason, the dispatch choices and the JVM;
 * colour only on a terminal.
 */
final class TextReport {

    private static final int LABEL = 20;
    private static final int WIDTH = 100;

    private final Ansi ansi;
    private final StringBuilder out = new StringBuilder();

    private TextReport(Ansi ansi) {
        this.ansi = ansi;
    }

    static String render(ReportModel model, Ansi ansi) {
        TextReport r = new TextReport(ansi);
        r.line("source", model.source().toString());
        for (int i = 0; i < model.cpus().size(); i++) {
            if (model.cpus().size() > 1) {
                r.heading("CPU kind " + (i + 1) + " of " + model.cpus().size());
            }
            r.cpu(model.cpus().get(i));
            r.dispatch(model.cpus().get(i).dispatch(), "dispatch");
        }
        if (model.cpus().size() > 1 && model.dispatch() != model.cpus().get(0).dispatch()) {
            // a hybrid part: what a process chooses, for every core type at once
            r.dispatch(model.dispatch(), "dispatch for the whole machine");
        }
        r.jvm(model.jvm());
        return r.out.toString();
    }

    private void cpu(ReportModel.CpuEntry cpu) {
        CpuDescription d = cpu.description();
        for (CpuDescription.Line l : d.lines()) {
            line(l.label(), l.text());
        }
        if (cpu.features().snapshot().isEmpty()) {
            return;
        }
        line("policy", cpu.features().policyFlags().isEmpty() ? "none" : String.join(", ", cpu.features().policyFlags()));
        heading("usable");
        for (CpuDescription.FeatureGroup g : d.usable()) {
            wrapped("  " + g.label(), String.join(" ", g.features()), "green");
        }
        Map<String, List<Reason>> not = cpu.features().notUsable();
        if (!not.isEmpty()) {
            heading("present, not usable");
            for (Map.Entry<String, List<Reason>> e : not.entrySet()) {
                wrapped("  " + e.getKey(), e.getValue().get(0).toString(), "red");
            }
        }
    }

    private void dispatch(DispatchReport report, String title) {
        if (report.points().isEmpty()) {
            return;
        }
        heading(title + (report.basis() == DispatchReport.Basis.SELECTION ? ", as selected in this process"
                : ", by requirements and priority"));
        for (DispatchReport.Entry e : report.points()) {
            String choice = e.selected().orElse("none: " + e.error().orElse("?"));
            StringBuilder why = new StringBuilder(choice);
            e.explanation().flatMap(x -> x.coreScope()).ifPresent(scope -> why.append(" (chosen for ").append(scope).append(')'));
            e.explanation().ifPresent(x -> {
                for (CandidateReport c : x.candidates()) {
                    if (c.status() == CandidateStatus.REJECTED) {
                        why.append("; ").append(c.name()).append(" rejected: ").append(String.join(", ", c.reasons()));
                    }
                }
            });
            wrapped("  " + e.point(), why.toString(), "cyan");
        }
    }

    private void jvm(JvmView jvm) {
        heading("JVM");
        line("  vm", jvm.vmName() + " " + System.getProperty("java.version")
                + (jvm.isHotSpot() ? "" : " (not HotSpot: flags unreadable)"));
        if (!jvm.flags().isEmpty()) {
            StringBuilder flags = new StringBuilder();
            jvm.flags().forEach((k, v) -> flags.append(k).append('=').append(v).append(' '));
            wrapped("  flags", flags.toString().trim(), null);
        }
        line("  Vector API", vectorApi(jvm));
        wrapped("  available", String.join(" ", jvm.available()), "green");
        for (String n : jvm.names()) {
            if (!jvm.has(n)) {
                wrapped("  " + n, jvm.reasons(n).get(0).detail(), "red");
            }
        }
    }

    private static String vectorApi(JvmView jvm) {
        if (jvm.vectorApiAssumed()) {
            return "with --add-modules jdk.incubator.vector: preferred species " + jvm.preferredVectorBits().orElse(0)
                    + " bits (from the flags; not loaded here)";
        }
        return jvm.vectorApiReadable()
                ? "readable, preferred species " + jvm.preferredVectorBits().orElse(0) + " bits"
                : "not readable (start the JVM with --add-modules jdk.incubator.vector)";
    }

    private void heading(String text) {
        out.append('\n').append(ansi.string("@|bold " + text + "|@")).append('\n');
    }

    private void line(String label, String value) {
        out.append(pad(TerminalText.safe(label))).append(TerminalText.safe(value)).append('\n');
    }

    /** A label and a value wrapped at {@link #WIDTH}, continuation lines indented under the value. */
    private void wrapped(String rawLabel, String rawValue, String colour) {
        String label = TerminalText.safe(rawLabel);
        String value = TerminalText.safe(rawValue);
        List<String> lines = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String word : value.split(" ")) {
            if (current.length() > 0 && LABEL + 2 + current.length() + word.length() + 1 > WIDTH) {
                lines.add(current.toString());
                current.setLength(0);
            }
            if (current.length() > 0) {
                current.append(' ');
            }
            current.append(word);
        }
        lines.add(current.toString());
        String first = pad(label);
        for (int i = 0; i < lines.size(); i++) {
            String text = colour == null ? lines.get(i) : ansi.string("@|" + colour + " " + escape(lines.get(i)) + "|@");
            out.append(i == 0 ? first : " ".repeat(first.length())).append(text).append('\n');
        }
    }

    private static String escape(String s) {
        return s.replace("@|", "@ |").replace("|@", "| @");
    }

    private static String pad(String label) {
        int width = Math.max(LABEL, label.length() + 2);
        return label + " ".repeat(width - label.length());
    }
}
