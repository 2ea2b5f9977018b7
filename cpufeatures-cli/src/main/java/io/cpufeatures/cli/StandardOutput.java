package io.cpufeatures.cli;

import io.cpufeatures.os.IoFailure;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;

/**
 * Standard output as the command writes it, remembering the first write that failed: a {@link PrintWriter} keeps only
 * that something did, and the command's output is its answer, so a report that could not be written
 * ({@code > /dev/full}, a closed {@code >&-}, a file on a full disk) is the command failing, said in one line with the
 * OS's reason, never exit 0 with nothing written.
 */
final class StandardOutput extends FilterOutputStream {

    /** What standard output is called in errors. */
    static final String NAME = "<stdout>";

    private IOException failure;

    /**
     * Writes to {@code out}.
     *
     * @param out the process's standard output
     */
    StandardOutput(OutputStream out) {
        super(out);
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    private IOException failed(IOException e) {
        if (failure == null) {
            failure = e;
        }
        return e;
    }

    /**
     * The command's exit code once its output is flushed: {@code code}, or for a command that succeeded but whose
     * output could not all be written, 1 and that failure's line on {@code err}.
     *
     * @param code the command's exit code
     * @param out  the writer on this stream, flushed here
     * @param err  where the failure is said
     * @return the exit code
     */
    int finish(int code, PrintWriter out, PrintWriter err) {
        out.flush();
        if (failure == null || code != 0) {
            return code;
        }
        err.println("cpufeatures: cannot write " + IoFailure.describe(NAME, failure));
        err.flush();
        return CliFailure.FAILED;
    }
}
