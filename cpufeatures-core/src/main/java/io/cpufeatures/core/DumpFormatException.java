package io.cpufeatures.core;

import java.util.Objects;

/**
 * A dump file that cannot be read: it names the file, the line (1-based; 0 when the problem is the
 * file as a whole), what was wrong there and what is accepted. A dump that raises it yields nothing:
 * no parser returns part of a file. Architecture modules throw their own subclasses.
 */
public class DumpFormatException extends Exception {

    /** The file name as given to the reader. */
    private final String file;
    /** The 1-based line number, or 0 for the whole file. */
    private final int line;
    /** What was wrong and what is accepted, without the file and line prefix. */
    private final String problem;

    /**
     * Creates the exception.
     *
     * @param file    the file name as given to the reader
     * @param line    the 1-based line number, or 0 for the whole file
     * @param problem what was wrong and what is accepted, as one sentence
     */
    public DumpFormatException(String file, int line, String problem) {
        super(Objects.requireNonNull(file, "file") + (line > 0 ? ":" + line : "") + ": "
                + Objects.requireNonNull(problem, "problem"));
        this.file = file;
        this.line = line;
        this.problem = problem;
    }

    /** {@return the file name as given to the reader} */
    public String file() {
        return file;
    }

    /** {@return the 1-based line number, or 0 when the problem concerns the whole file} */
    public int line() {
        return line;
    }

    /** {@return what was wrong and what is accepted, without the file and line prefix} */
    public String problem() {
        return problem;
    }
}
