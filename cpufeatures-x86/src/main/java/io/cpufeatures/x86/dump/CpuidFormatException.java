package io.cpufeatures.x86.dump;

import io.cpufeatures.core.DumpFormatException;

/**
 * A CPUID dump that cannot be read: it names the file, the line (1-based; 0 when the problem is
 * the file as a whole), what was wrong there and what is accepted. A dump that raises it yields
 * nothing: no parser returns part of a file.
 */
public final class CpuidFormatException extends DumpFormatException {

    /**
     * Creates the exception.
     *
     * @param file    the file name as given to the reader
     * @param line    the 1-based line number, or 0 for the whole file
     * @param problem what was wrong and what is accepted, as one sentence
     */
    public CpuidFormatException(String file, int line, String problem) {
        super(file, line, problem);
    }
}
