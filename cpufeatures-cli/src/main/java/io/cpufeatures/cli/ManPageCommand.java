package io.cpufeatures.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code cpufeatures man}: the man page, generated from the command model. */
@Command(name = "man", mixinStandardHelpOptions = true,
        description = "Print the man page (troff), generated from the command's options and subcommands:"
                + " cpufeatures man | man -l -, or cpufeatures man > ~/.local/share/man/man1/cpufeatures.1.")
final class ManPageCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(ManPage.page(spec.root(), BuildVersion.version()));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
