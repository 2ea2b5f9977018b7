package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.HostTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The completion scripts and the man page come from the command model: every subcommand and option
 * is in each; bash and zsh, on a pseudo-terminal, complete a subcommand and an option as a person
 * types them; groff renders the page without a warning.
 */
class CompletionAndManPageTest {

    /** Every subcommand, and every option of the command and of each subcommand. */
    private static List<String> everyName() {
        List<String> names = new ArrayList<>();
        CommandSpec root = Main.commandLine(java.io.InputStream.nullInputStream()).getCommandSpec();
        for (CommandLine sub : root.subcommands().values()) {
            names.add(sub.getCommandName());
            for (OptionSpec o : sub.getCommandSpec().options()) {
                names.addAll(List.of(o.names()));
            }
        }
        for (OptionSpec o : root.options()) {
            names.addAll(List.of(o.names()));
        }
        return names;
    }

    @Test
    void theScriptsAndThePageNameEverySubcommandAndOption() {
        String bash = script("bash");
        String zsh = script("zsh");
        CliTest.Run man = CliTest.run("man");
        assertEquals(0, man.exit(), man.err());
        List<String> names = everyName();
        assertTrue(names.containsAll(List.of("report", "fleet", "jfr", "--cpuid-file", "--select", "--json", "--verbose")),
                names.toString());
        // jfr's recording is a file: zsh completes file names there
        assertTrue(zsh.contains("jfr)\n") && zsh.contains("'1:FILE:_files'"), zsh);
        for (String name : names) {
            assertTrue(bash.contains(name), "bash completion lacks " + name);
            assertTrue(zsh.contains(name), "zsh completion lacks " + name);
            assertTrue(man.out().contains(ManPage.escape(name)), "the man page lacks " + name);
        }
        assertTrue(zsh.startsWith("#compdef cpufeatures\n"), zsh);
        CliTest.Run fish = CliTest.run("completion", "fish");
        assertEquals(2, fish.exit());
        assertEquals("cpufeatures: completion: unknown shell 'fish'; accepted: bash, zsh", fish.err().strip());
    }

    @Test
    void bashCompletesASubcommandAndAnOption(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("cpufeatures.bash"), script("bash"));
        // cpufeatures is a function here that prints what it was given: the line as completion left it
        String typed = "source " + Subprocess.shell(List.of(script.toString())) + "\n"
                + "cpufeatures() { echo \"ARGS:$*\"; }\n"
                + "cpufeatures fl\t --js\t\n"
                + "cpufeatures report --cpu\t\n"
                + "exit\n";
        String terminal = Subprocess.onTerminal("bash --norc --noprofile -i", typed);
        List<String> ran = ran(terminal);
        assertEquals(List.of("ARGS:fleet --json", "ARGS:report --cpuid-file"), ran, terminal);
    }

    @Test
    void zshCompletesASubcommandAndAnOption(@TempDir Path dir) throws Exception {
        HostTools.command("zsh", "zsh");
        Files.writeString(dir.resolve("_cpufeatures"), script("zsh"));
        String typed = "fpath=(" + Subprocess.shell(List.of(dir.toString())) + " $fpath); autoload -Uz compinit; compinit -u -D\n"
                + "cpufeatures() { print -r -- \"ARGS:$*\" }\n"
                + "cpufeatures fl\t --js\t\n"
                + "cpufeatures report --cpu\t\n"
                + "exit\n";
        String terminal = Subprocess.onTerminal("zsh -f -i", typed);
        assertEquals(List.of("ARGS:fleet --json", "ARGS:report --cpuid-file"), ran(terminal), terminal);
    }

    @Test
    void groffRendersTheManPageWithoutAWarning(@TempDir Path dir) throws Exception {
        HostTools.command("groff", "groff-base");
        Path page = Files.writeString(dir.resolve("cpufeatures.1"), CliTest.run("man").out());
        Process p = new ProcessBuilder("groff", "-man", "-Tutf8", "-ww", page.toString()).start();
        byte[] out = p.getInputStream().readAllBytes();
        String warnings = new String(p.getErrorStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), warnings);
        assertEquals("", warnings);
        String text = new String(out).replaceAll(".\b", "");
        for (String heading : List.of("NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS")) {
            assertTrue(text.contains("\n" + heading + "\n"), heading + " missing:\n" + text);
        }
        assertTrue(text.contains("cpufeatures fleet"), text);
        assertTrue(text.contains("--cpuid-file FILE"), text);
    }

    private static String script(String shell) {
        CliTest.Run r = CliTest.run("completion", shell);
        assertEquals(0, r.exit(), r.err());
        return r.out();
    }

    /** The lines the function printed, ARGS:..., as the terminal showed them. */
    private static List<String> ran(String terminal) {
        return terminal.lines().map(l -> l.replace("\r", "")).map(l -> l.replaceAll("\u001b\\[[0-9;?]*[A-Za-z]", ""))
                .filter(l -> l.startsWith("ARGS:")).toList();
    }
}
