package io.cpufeatures.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code cpufeatures jfr FILE}: the CPU and the dispatch choices a flight recording holds (the library's
 * {@code io.cpufeatures.*} events), as {@code report} and {@code dispatch} print them. Nothing of this machine is
 * asked: a recording from production reads the same anywhere. Needs the {@code jdk.jfr} module, and only this
 * subcommand does: the reader is loaded once the module is known to be there.
 */
@Command(name = "jfr", mixinStandardHelpOptions = true,
        description = "The CPU and the dispatch choices a flight recording holds (its io.cpufeatures events), printed"
                + " as report and dispatch print them: a recording from production, read on any machine.")
final class JfrCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A JFR recording (-XX:StartFlightRecording,"
            + " jcmd JFR.dump, a continuous profiler's file).")
    Path file;

    @Override
    public Integer call() {
        if (ModuleLayer.boot().findModule("jdk.jfr").isEmpty()) {
            throw new CliFailure(CliFailure.FAILED, "jfr reads recordings with the jdk.jfr module, which this Java"
                    + " runtime lacks (an image made without it); run the command with a JDK");
        }
        FlightRecording recording = FlightRecordingReader.read(file);
        if (recording.isEmpty()) {
            throw new CliFailure(CliFailure.FAILED, file + ": no io.cpufeatures event; the library records them once"
                    + " a recording has started in its process, or from the start with -Dcpufeatures.jfr=true"
                    + " (docs/dispatch.md, In a flight recording)");
        }
        PrintWriter out = spec.commandLine().getOut();
        boolean terminal = Terminals.isTerminal(Terminals.STDOUT);
        out.print(RecordingText.render(recording, Terminals.colour(System.getenv(), terminal) ? Ansi.ON : Ansi.OFF,
                Terminals.columns(System.getenv(), terminal)));
        out.flush();
        return 0;
    }
}
