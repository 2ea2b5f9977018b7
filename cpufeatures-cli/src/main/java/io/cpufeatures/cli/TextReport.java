package io.cpufeatures.cli;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.dispatch.CandidateReport;
import io.cpufeatures.dispatch.CandidateStatus;
import io.cpufeatures.x86.X86CpuInfo;
import io.cpufeatures.x86.feature.CpuIdentity;
import io.cpufeatures.x86.feature.FeatureFamily;
import io.cpufeatures.x86.feature.X86Feature;
import io.cpufeatures.x86.feature.XsaveComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Help.Ansi;

/** The report as aligned text for a person, grouped by feature family; colour only on a terminal. */
final class TextReport {

    private static final int LABEL = 20;
    private static final int WIDTH = 100;

    private final Ansi ansi;
    private final StringBuilder out = new StringBuilder();

    private TextReport(Ansi ansi) {
        this.ansi = ansi;
    }

    static String render(Machine machine, JvmView jvm, List<DispatchReport> dispatch, Ansi ansi) {
        TextReport r = new TextReport(ansi);
        r.line("source", machine.source().toString());
        for (int i = 0; i < machine.cpus().size(); i++) {
            if (machine.cpus().size() > 1) {
                r.heading("CPU kind " + (i + 1) + " of " + machine.cpus().size());
            }
            r.cpu(machine.cpus().get(i));
            r.dispatch(dispatch.get(i));
        }
        r.jvm(jvm);
        return r.out.toString();
    }

    private void cpu(Machine.Cpu cpu) {
        X86CpuInfo x86 = cpu.x86().orElse(null);
        if (x86 == null) {
            line("architecture", cpu.features().architecture() + " (no CPU information)");
            return;
        }
        CpuIdentity id = x86.identity();
        line("cpu", (id.brand().isEmpty() ? "(no brand string)" : id.brand()));
        line("identity", id.vendor() + ", family 0x" + Integer.toHexString(id.family()) + " model 0x"
                + Integer.toHexString(id.model()) + " stepping " + id.stepping() + ", signature " + id.signatureHex()
                + ", " + cpu.logicalCpus() + " logical CPU" + (cpu.logicalCpus() == 1 ? "" : "s"));
        line("uarch", x86.microarchitecture().orElse("unknown"));
        x86.hypervisor().ifPresent(h -> line("hypervisor", h));
        String xcr0 = x86.xcr0().describe().replaceFirst("^XCR0=", "");
        if (x86.xcr0().value().isPresent()) {
            xcr0 += ": " + XsaveComponent.names(x86.xcr0().value().getAsLong());
        }
        line("XCR0", xcr0);
        line("level", x86.level().id());
        x86.avx10Version().ifPresent(v -> line("AVX10", "version " + v));
        line("policy", cpu.features().policyFlags().isEmpty() ? "none" : String.join(", ", cpu.features().policyFlags()));
        heading("usable");
        for (FeatureFamily family : FeatureFamily.values()) {
            List<String> names = new ArrayList<>();
            for (X86Feature f : X86Feature.values()) {
                if (f.family() == family && x86.isUsable(f)) {
                    names.add(f.canonicalName());
                }
            }
            if (!names.isEmpty()) {
                wrapped("  " + family.label(), String.join(" ", names), "green");
            }
        }
        Map<X86Feature, List<Reason>> not = x86.notUsable();
        if (!not.isEmpty()) {
            heading("present, not usable");
            for (Map.Entry<X86Feature, List<Reason>> e : not.entrySet()) {
                wrapped("  " + e.getKey().canonicalName(), e.getValue().get(0).toString(), "red");
            }
        }
    }

    private void dispatch(DispatchReport report) {
        if (report.points().isEmpty()) {
            return;
        }
        heading("dispatch");
        for (DispatchReport.Entry e : report.points()) {
            String choice = e.selected().orElse("none: " + e.error().orElse("?"));
            StringBuilder why = new StringBuilder(choice);
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
        line("  Vector API", jvm.vectorApiReadable()
                ? "readable, preferred species " + jvm.preferredVectorBits().orElse(0) + " bits"
                : "not readable (start the JVM with --add-modules jdk.incubator.vector)");
        wrapped("  available", String.join(" ", jvm.available()), "green");
        for (String n : JvmView.NAMES) {
            if (!jvm.has(n)) {
                wrapped("  " + n, jvm.reasons(n).get(0).detail(), "red");
            }
        }
    }

    private void heading(String text) {
        out.append('\n').append(ansi.string("@|bold " + text + "|@")).append('\n');
    }

    private void line(String label, String value) {
        out.append(pad(label)).append(value).append('\n');
    }

    /** A label and a value wrapped at {@link #WIDTH}, continuation lines indented under the value. */
    private void wrapped(String label, String value, String colour) {
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
