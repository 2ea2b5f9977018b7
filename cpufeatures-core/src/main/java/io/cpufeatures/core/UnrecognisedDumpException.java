package io.cpufeatures.core;

import java.util.Optional;

/**
 * A file that no architecture module on the class path recognises as a dump: not a malformed dump but something
 * else (a README, a JSON file, another architecture's dump without its module). Tools that walk folders of dumps
 * skip such files and count them, where a malformed dump is a failure.
 */
public final class UnrecognisedDumpException extends DumpFormatException {

    /** The architecture the file is a dump of, when it is recognisably one no module on the class path reads. */
    private final String architecture;

    /**
     * Creates the exception.
     *
     * @param file    the file name as given to the reader
     * @param problem what is accepted, as one sentence
     */
    public UnrecognisedDumpException(String file, String problem) {
        super(file, 0, problem);
        this.architecture = null;
    }

    /**
     * Creates the exception for a file that is recognisably a dump of {@code architecture}, which no module on the
     * class path reads (a riscv64 machine's {@code /proc/cpuinfo}, say).
     *
     * @param file         the file name as given to the reader
     * @param problem      what is missing, as one sentence
     * @param architecture the architecture the file describes ({@code riscv64}); not null
     */
    public UnrecognisedDumpException(String file, String problem, String architecture) {
        super(file, 0, problem);
        this.architecture = java.util.Objects.requireNonNull(architecture, "architecture");
    }

    /**
     * {@return the architecture the file is a dump of, when it is recognisably a dump of one whose module is not on
     * the class path; empty when the file is in no format known at all}
     */
    public Optional<String> architecture() {
        return Optional.ofNullable(architecture);
    }
}
