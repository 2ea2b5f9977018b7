package io.cpufeatures.cli;

import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.UnrecognisedDumpException;
import io.cpufeatures.os.IoFailure;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The files a command given dumps and directories of dumps reads ({@code fleet}, {@code check}): what is named is read,
 * directories are walked in sorted order without following links to directories, {@code --include}/{@code --exclude}
 * filter what a walk finds, and {@code -} reads a dump, or one file name per line, from standard input.
 */
final class DumpWalk {

    private DumpWalk() {
    }

    /**
     * A file to read: its path, whether it was named (a non-dump is then an error), and its text when it is standard
     * input's dump (the text only: a dump at the size limit is not held twice).
     */
    record Input(Path path, boolean named, String stdin) {

        /** {@return the name in errors and rows} */
        String name() {
            return stdin != null ? Machine.STDIN_NAME : path.toString();
        }

        /**
         * {@return the machine this file describes}
         *
         * @throws CliFailure as {@link Machine#load(Path, String)}; its cause is an {@link UnrecognisedDumpException}
         *                    when the file is not a dump
         */
        Machine load() {
            return stdin != null ? Machine.ofStdinText(stdin) : Machine.load(path, null);
        }
    }

    /**
     * What the walk found, in order: the files to read, how many it left out by --include/--exclude, what it did not
     * read and why (one line each, as printed), and the lines of what it could not list (as the caller renders them).
     */
    record Walk(List<Input> inputs, int filtered, List<String> notFollowed, List<String> errors,
            List<String> errorLines) {
    }

    /**
     * Walks {@code paths} as {@code fleet} does: directories recursively, filtered by {@code include} and
     * {@code exclude} globs, links to directories not followed; {@code -} reads {@code stdin}.
     *
     * @param errorLine the line for a path that could not be listed or read, and why
     * @throws CliFailure exit 2 for a glob that does not parse
     */
    static Walk walk(List<Path> paths, List<String> include, List<String> exclude,
            BiFunction<String, String, String> errorLine, Supplier<InputStream> stdin) {
        List<Input> inputs = new ArrayList<>();
        List<String> notFollowed = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        List<String> errorLines = new ArrayList<>();
        int[] filtered = {0};
        List<PathMatcher> includes = include.stream().map(DumpWalk::glob).toList();
        List<PathMatcher> excludes = exclude.stream().map(DumpWalk::glob).toList();
        for (Path p : paths) {
            if (p.equals(Machine.STDIN)) {
                inputs.addAll(fromStdin(stdin.get()));
            } else if (Files.isDirectory(p)) {
                // a directory named through a link is walked: the walk follows no link, so it starts below it
                Path start = Files.isSymbolicLink(p) ? p.resolve(".") : p;
                List<Path> found = new ArrayList<>();
                try {
                    Files.walkFileTree(start, new SimpleFileVisitor<>() {
                        @Override
                        public FileVisitResult visitFile(Path visited, BasicFileAttributes attrs) {
                            Path below = start.relativize(visited);
                            Path file = p.resolve(below);
                            boolean in = includes.isEmpty() || matches(includes, below);
                            if (!in || matches(excludes, below)) {
                                filtered[0]++;
                            } else if (attrs.isRegularFile() || attrs.isSymbolicLink() && Files.isRegularFile(file)) {
                                // a link to a regular file is that file
                                found.add(file);
                            } else {
                                notFollowed.add(file + "  SKIPPED " + whyNotRead(file, attrs));
                            }
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFileFailed(Path visited, IOException e) {
                            cannotList(p.resolve(start.relativize(visited)), e, errors, errorLines, errorLine);
                            return FileVisitResult.CONTINUE;
                        }
                    });
                } catch (IOException e) {
                    cannotList(p, e, errors, errorLines, errorLine);
                }
                found.stream().sorted().forEach(f -> inputs.add(new Input(f, false, null)));
            } else {
                inputs.add(new Input(p, true, null));
            }
        }
        notFollowed.sort(null);
        return new Walk(inputs, filtered[0], notFollowed, errors, errorLines);
    }

    /** Counts {@code path}, which could not be listed or read, as failed, and adds its line. */
    private static void cannotList(Path path, IOException e, List<String> errors, List<String> errorLines,
            BiFunction<String, String, String> errorLine) {
        errors.add(path.toString());
        // the path is the line's: the OS's reason alone follows it
        String why = "cannot read: " + IoFailure.reason(e);
        errorLines.add(errorLine.apply(path.toString(), why));
    }

    /** Why a walk does not read {@code file}, which is not a regular file nor a link to one. */
    private static String whyNotRead(Path file, BasicFileAttributes attrs) {
        if (!attrs.isSymbolicLink()) {
            return "not a regular file (a " + (attrs.isOther() ? "device, FIFO or socket" : "directory") + ")";
        }
        String target;
        try {
            target = Files.readSymbolicLink(file).toString();
        } catch (IOException e) {
            target = "?";
        }
        if (Files.isDirectory(file)) {
            return "a link to a directory (" + target + "): links to directories are not followed";
        }
        if (!Files.exists(file)) {
            return "a dangling link (to " + target + "): nothing to read";
        }
        return "a link to what is not a regular file (" + target + ")";
    }

    /** Standard input: a dump, or else one file name per line. */
    private static List<Input> fromStdin(InputStream stdin) {
        String text = Machine.text(Machine.readBounded(stdin));
        try {
            CpuDumps.parse(Machine.STDIN_NAME, text, Map.of());
        } catch (UnrecognisedDumpException e) {
            return text.lines().map(String::strip).filter(l -> !l.isEmpty()).map(l -> new Input(Path.of(l), true, null))
                    .toList();
        } catch (DumpFormatException | RuntimeException e) {
            // A dump that is malformed: read again in the loop, which reports it on its line.
        }
        return List.of(new Input(Machine.STDIN, true, text));
    }

    private static PathMatcher glob(String pattern) {
        try {
            return FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        } catch (IllegalArgumentException e) {
            throw new CliFailure(CliFailure.USAGE, "--include/--exclude: '" + pattern + "' is not a glob: " + e.getMessage()
                    + "; accepted: '*.txt', 'libcpuid/**', '{a,b}*'", e);
        }
    }

    private static boolean matches(List<PathMatcher> matchers, Path below) {
        for (PathMatcher m : matchers) {
            if (m.matches(below) || m.matches(below.getFileName())) {
                return true;
            }
        }
        return false;
    }
}
