package io.cpufeatures.cli;

import io.cpufeatures.dispatch.Explanation;
import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine.Help.Ansi;

/**
 * A {@link FlightRecording} as text: the CPU as {@code report} lays out its lines, each choice as {@code dispatch}
 * prints it ({@link Explanation#format()}) with when and how it was made, and each native variant loaded.
 */
final class RecordingText {

    private final Ansi ansi;
    private final int width;
    private final StringBuilder out = new StringBuilder();

    private RecordingText(Ansi ansi, int width) {
        this.ansi = ansi;
        this.width = width;
    }

    /**
     * The recording as text.
     *
     * @param recording what the recording says
     * @param ansi      colour on or off
     * @param width     the columns to lay out the CPU's lines for
     * @return the text
     */
    static String render(FlightRecording recording, Ansi ansi, int width) {
        RecordingText t = new RecordingText(ansi, width);
        int n = recording.probes().size();
        for (int i = 0; i < n; i++) {
            if (n > 1) {
                t.heading("process " + (i + 1) + " of " + n);
            }
            t.probe(recording.probes().get(i));
        }
        if (n == 0) {
            t.line("cpu", "no io.cpufeatures.Probe event in the recording (its settings leave the event out?)");
        }
        for (FlightRecording.Choice c : recording.choices()) {
            t.out.append('\n');
            t.choice(c);
        }
        if (!recording.loads().isEmpty()) {
            t.out.append('\n');
            for (FlightRecording.Load l : recording.loads()) {
                t.line("native variant", l.platform() + "/" + l.variant() + ": verified " + l.verified() + "; cache "
                        + l.cache() + "; loaded at " + l.loadedAt() + " in " + millis(l.load()));
                t.line("  file", l.file());
            }
        }
        return t.out.toString();
    }

    private void probe(FlightRecording.Probe p) {
        String failures = p.failures().isEmpty() ? "" : "; " + p.failures();
        line("source", p.source() + " (" + p.sourceDetail() + ")" + failures);
        line("architecture", p.architecture());
        optional("cpu", p.cpu());
        optional("uarch", p.microarchitecture());
        optional("hypervisor", p.hypervisor());
        optional("level", p.level());
        optional("core types", p.coreScope());
        line("policy", p.policyFlags().isEmpty() ? "none" : String.join(", ", p.policyFlags().split(" ")));
        line("usable", p.usable().isEmpty() ? "none" : p.usable());
        line("probed", p.probedAt() + " in " + millis(p.probeDuration()));
    }

    private void choice(FlightRecording.Choice c) {
        Explanation x = c.explanation();
        if (!x.candidates().isEmpty() || c.error().isEmpty()) {
            for (String l : x.format().split("\n")) {
                out.append(TerminalText.safe(l)).append('\n');
            }
        }
        if (!c.error().isEmpty()) {
            out.append(TerminalText.safe(x.point() + ": " + c.error())).append('\n');
        }
        String how = switch (c.how()) {
            case "failed" -> "failed";
            case "best-when-eligible" -> "chosen as best when eligible";
            case "override" -> "chosen by an override";
            case "unsafe-override" -> "chosen by an override despite its requirements";
            default -> "chosen by " + c.how();
        };
        out.append("  ").append(TerminalText.safe(how)).append(" at ").append(c.chosenAt()).append(" in ")
                .append(millis(c.selection())).append('\n');
    }

    private static String millis(Duration d) {
        return String.format(Locale.ROOT, "%.1f ms", d.toNanos() / 1e6);
    }

    private void optional(String label, String value) {
        if (!value.isEmpty()) {
            line(label, value);
        }
    }

    private void line(String label, String value) {
        TextReport.wrapped(out, ansi, width, label, value, null);
    }

    private void heading(String text) {
        if (out.length() > 0) {
            out.append('\n');
        }
        out.append(ansi.string("@|bold " + text + "|@")).append('\n');
    }
}
