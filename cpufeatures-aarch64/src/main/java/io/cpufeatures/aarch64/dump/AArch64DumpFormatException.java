package io.cpufeatures.aarch64.dump;

import io.cpufeatures.core.DumpFormatException;

/**
 * An AArch64 dump that cannot be read: it names the file, the line (1-based; 0 when the problem is
 * the file as a whole), what was wrong there and what is accepted. A dump that raises it yields
 * nothing: the parser never returns part of a file.
 */
public final class AArch64DumpFormatException extends DumpFormatException {

    /**
     * Creates the exception.
     *
     * @param file    the file name as given to the reader
     * @param line    the 1-based line number, or 0 for the whole file
     * @param problem what was wrong and what is accepted, as one sentence
     */
    public AArch64DumpFormatException(String file, int line, String problem) {
        super(file, line, problem);
    }
}
