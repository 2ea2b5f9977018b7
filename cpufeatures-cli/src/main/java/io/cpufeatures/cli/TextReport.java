package io.cpufeatures.cli;

import io.cpufeatures.core.CpuCache;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.kit.HotSpotFeatureList;
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

    private final Ansi ansi;
    private final int width;
    private final StringBuilder out = new StringBuilder();
    /** The architecture reported on: other architectures' gates and candidates are summed up, not listed. */
    private final String architecture;

    private TextReport(Ansi ansi, int width, String architecture) {
        this.ansi = ansi;
        this.width = width;
        this.architecture = architecture;
    }

    /**
     * The report as text.
     *
     * @param model the model
     * @param ansi  colour on or off
     * @param width the columns to lay out for (no line is wider)
     * @return the text
     */
    static String render(ReportModel model, Ansi ansi, int width) {
        String arch = model.cpus().isEmpty() ? "" : model.cpus().get(0).features().architecture();
        TextReport r = new TextReport(ansi, width, arch);
        r.line("source", model.source().toString());
        model.kernel().ifPresent(k -> r.line("kernel word", k.line()));
        model.topology().ifPresent(t -> r.line("topology", t.summary()));
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
        r.jvm(model.jvm(), model.hotSpot());
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
        for (CpuCache c : cpu.features().caches()) {
            line("cache " + c.name(), c.shape());
        }
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
                List<String> foreign = new ArrayList<>();
                for (CandidateReport c : x.candidates()) {
                    if (c.status() == CandidateStatus.REJECTED) {
                        String nativeFor = e.nativeArchitectures().get(c.name());
                        if (nativeFor != null ? !nativeFor.equals(architecture) : forAnotherArchitecture(c.requirements())) {
                            foreign.add(c.name());
                        } else {
                            why.append("; ").append(c.name()).append(" rejected: ").append(String.join(", ", c.reasons()));
                        }
                    }
                }
                if (!foreign.isEmpty()) {
                    why.append("; for other architectures: ").append(String.join(", ", foreign));
                }
            });
            wrapped("  " + e.point(), why.toString(), "cyan");
        }
    }

    private void jvm(JvmView jvm, HotSpotFeatureList hotSpot) {
        heading("JVM");
        boolean modelled = jvm.modelled();
        if (modelled) {
            line("  vm", jvm.vmName() + options(jvm.start().isPresent() ? jvm.start().get().commandLine()
                    : java.util.List.of()));
            if (jvm.flags().isEmpty()) {
                wrapped("  flags", jvm.flagSource(), "red");
            }
        } else {
            line("  vm", jvm.vmName() + " " + System.getProperty("java.version")
                    + (jvm.isHotSpot() ? "" : " (not HotSpot: flags unreadable)"));
        }
        if (!jvm.flags().isEmpty()) {
            StringBuilder flags = new StringBuilder();
            jvm.flags().forEach((k, v) -> flags.append(k).append('=').append(v).append(' '));
            wrapped("  flags", flags.toString().trim(), null);
        }
        if (hotSpot.unanswered().isPresent()) {
            wrapped("  HotSpot lists", "not modelled: " + hotSpot.unanswered().get(), null);
        } else {
            wrapped("  HotSpot lists", String.join(" ", hotSpot.names()) + " (" + hotSpot.names().size()
                    + ", -Xlog:os+cpu of JDK " + hotSpot.jdk() + ")", null);
            hotSpot.unsure().forEach((name, why) -> wrapped("  " + name + "?", why, "red"));
        }
        line("  Vector API", vectorApi(jvm));
        wrapped("  available", String.join(" ", jvm.available()), "green");
        for (String n : jvm.names()) {
            if (!jvm.has(n) && !ofAnotherArchitecture(n)) {
                wrapped("  " + n, jvm.reasons(n).get(0).detail(), "red");
            }
        }
    }

    /** {@code , with -XX:UseAVX=2} or {@code , no options}. */
    private static String options(java.util.List<String> commandLine) {
        return commandLine.isEmpty() ? ", no options" : ", with " + String.join(" ", commandLine);
    }

    /** Whether a name belongs only to architectures other than the one reported on ({@code jvm.sve} on x86). */
    private boolean ofAnotherArchitecture(String name) {
        return ofAnotherArchitecture(name, architecture);
    }

    private static boolean ofAnotherArchitecture(String name, String architecture) {
        if (architecture.isEmpty()) {
            return false;
        }
        try {
            List<String> archs = CpuFeatures.resolve(name, "report").architectures();
            return !archs.isEmpty() && !archs.contains(architecture);
        } catch (RuntimeException e) {
            return false;
        }
    }

    private boolean forAnotherArchitecture(String requirements) {
        return forAnotherArchitecture(requirements, architecture);
    }

    /**
     * Whether a candidate's requirements (its kernel-style list, {@code avx2, (sve or avx512bw); not prefer_ymm}) name
     * a feature of another architecture only: a required one, or an any-of whose every alternative is.
     */
    static boolean forAnotherArchitecture(String requirements, String architecture) {
        StringBuilder plain = new StringBuilder();
        int at = 0;
        for (int open = requirements.indexOf('('); open >= 0; open = requirements.indexOf('(', at)) {
            int close = requirements.indexOf(')', open);
            if (close < 0) {
                break;
            }
            plain.append(requirements, at, open).append(' ');
            boolean allForeign = true;
            for (String alternative : requirements.substring(open + 1, close).split(" or ")) {
                allForeign &= !alternative.startsWith("jvm.") && ofAnotherArchitecture(alternative.strip(), architecture);
            }
            if (allForeign) {
                return true;
            }
            at = close + 1;
        }
        plain.append(requirements.substring(at));
        for (String word : plain.toString().split("[,;\\s]+")) {
            if (!word.isEmpty() && !word.equals("not") && !word.startsWith("jvm.") && ofAnotherArchitecture(word, architecture)) {
                return true;
            }
        }
        return false;
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
        wrapped(label, value, null);
    }

    /**
     * A label and a value wrapped at the width, continuation lines indented under the value; a word longer than the
     * room is cut (a path, say), so that no line is wider.
     */
    private void wrapped(String rawLabel, String rawValue, String colour) {
        wrapped(out, ansi, width, rawLabel, rawValue, colour);
    }

    /**
     * Appends to {@code out} a label and a value wrapped at {@code width}, as the report lays out its lines (the
     * label padded to {@value #LABEL} columns, continuation lines under the value); {@code colour} null for none.
     */
    static void wrapped(StringBuilder out, Ansi ansi, int width, String rawLabel, String rawValue, String colour) {
        String label = TerminalText.safe(rawLabel);
        String value = TerminalText.safe(rawValue);
        int room = Math.max(10, width - Math.max(LABEL, label.length() + 2));
        List<String> lines = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        List<String> words = new ArrayList<>();
        for (String word : value.split(" ")) {
            while (word.length() > room) {
                words.add(word.substring(0, room));
                word = word.substring(room);
            }
            words.add(word);
        }
        for (String word : words) {
            if (current.length() > 0 && current.length() + word.length() + 1 > room) {
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
