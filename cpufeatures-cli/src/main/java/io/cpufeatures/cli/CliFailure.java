package io.cpufeatures.cli;

/** A failure the command reports in one line on stderr, with its exit code (1: a file failed, 2: usage). */
final class CliFailure extends RuntimeException {

    static final int FILE_FAILED = 1;
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
