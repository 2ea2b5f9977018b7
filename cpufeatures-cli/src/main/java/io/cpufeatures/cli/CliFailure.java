package io.cpufeatures.cli;

/** A failure the command reports in one line on stderr, with its exit code (1: a file or a dispatch point failed, 2: usage). */
final class CliFailure extends RuntimeException {

    /** A file could not be read or parsed, or a dispatch point could not choose. */
    static final int FAILED = 1;
    /** The command line or a {@code cpufeatures.*} setting is wrong. */
    static final int USAGE = 2;

    private final int exitCode;

    CliFailure(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    CliFailure(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    int exitCode() {
        return exitCode;
    }
}
