package io.cpufeatures.cli;

import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code cpufeatures completion bash|zsh}: the shell completion script, generated from the command model. */
@Command(name = "completion", mixinStandardHelpOptions = true,
        description = "Print the completion script for a shell, generated from the command's options and subcommands."
                + " bash: cpufeatures completion bash > ~/.local/share/bash-completion/completions/cpufeatures;"
                + " zsh: cpufeatures completion zsh > ~/.zfunc/_cpufeatures, with ~/.zfunc on fpath.")
final class CompletionCommand implements Callable<Integer> {

    /** The shells with a script. */
    static final class Shells implements Iterable<String> {

        /** For picocli. */
        Shells() {
        }

        @Override
        public Iterator<String> iterator() {
            return List.of("bash", "zsh").iterator();
        }
    }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SHELL", completionCandidates = Shells.class, description = "bash or zsh.")
    String shell;

    @Override
    public Integer call() {
        CommandLine root = spec.root().commandLine();
        String script = switch (shell) {
            case "bash" -> AutoComplete.bash(root.getCommandName(), root);
            case "zsh" -> ZshCompletion.script(root.getCommandSpec());
            default -> throw new CliFailure(CliFailure.USAGE, "completion: unknown shell '" + TerminalText.safe(shell)
                    + "'; accepted: bash, zsh");
        };
        spec.commandLine().getOut().print(script);
        spec.commandLine().getOut().flush();
        return 0;
    }
}
