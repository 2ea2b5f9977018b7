package io.cpufeatures.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The globs that keep or leave out files found in directories, for the commands that walk dumps ({@link DumpWalk}). */
final class WalkFilters {

    @Option(names = "--include", paramLabel = "GLOB", description = "Only files in directories whose name or path below"
            + " the directory matches (repeatable), e.g. '*.txt' or 'libcpuid/**'.")
    List<String> include = new ArrayList<>();

    @Option(names = "--exclude", paramLabel = "GLOB", description = "Leave out files in directories whose name or path"
            + " below the directory matches (repeatable).")
    List<String> exclude = new ArrayList<>();

    /** {@return whether any glob was given} */
    boolean given() {
        return !include.isEmpty() || !exclude.isEmpty();
    }
}
