package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * A plain {@code report} or {@code report --json} runs without the command-line model, and says exactly what the
 * model's run of the same command says; anything else goes through the model.
 */
class PlainReportTest {

    private record Run(int exit, String out, String err) {
    }

    private static Run direct(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    private static Run throughTheModel(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cmd = Main.commandLine(InputStream.nullInputStream());
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        int exit = cmd.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void whichCommandLinesArePlain() {
        assertTrue(Main.plainReport(new String[] {"report"}));
        assertTrue(Main.plainReport(new String[] {"report", "--json"}));
        assertFalse(Main.plainReport(new String[] {"report", "--raw"}));
        assertFalse(Main.plainReport(new String[] {"report", "--json", "--select"}));
        assertFalse(Main.plainReport(new String[] {"explain", "--json"}));
        assertFalse(Main.plainReport(new String[] {}));
    }

    @Test
    void thePlainReportSaysWhatTheModelsRunSays() {
        for (String[] args : new String[][] {{"report"}, {"report", "--json"}}) {
            Run plain = direct(args);
            Run model = throughTheModel(args);
            assertEquals(model.exit(), plain.exit(), String.join(" ", args));
            assertEquals(model.out(), plain.out(), String.join(" ", args));
            assertEquals(model.err(), plain.err(), String.join(" ", args));
            assertTrue(plain.out().contains("x86") || plain.out().contains("aarch64") || plain.out().contains("ppc64le"),
                    plain.out());
        }
        assertEquals(direct("--json").out(), direct("report", "--json").out(), "the default subcommand's options");
    }
}
