package io.cpufeatures.examples.zstd;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.cpufeatures.dispatch.DispatchException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.LoggerFactory;

/**
 * {@code java -jar zstd-java.jar}: {@code -d IN -o OUT} decompresses a file, {@code -t FILE...}
 * tests each file (one line per file), {@code -D DICT} decodes with a dictionary. Exit code 0 on
 * success, 1 with a one-line error per failed file, 2 for a usage error, as the {@code zstd}
 * command does. {@code -d} writes a regular OUT only once IN has decoded whole (through a temporary
 * file beside it), so a failure leaves no partial OUT and an existing OUT intact; it follows a
 * symbolic link, writes into a FIFO or a character device, and refuses anything else and an OUT
 * that is IN.
 */
public final class ZstdCommand {

    private static final String USAGE = "usage: zstd-java [-D DICT] -d IN -o OUT | [-D DICT] -t FILE...";

    private ZstdCommand() {
    }

    /**
     * Runs the command and exits with its code; the library's log is kept to warnings, except the dispatch
     * layer's "passes over vector128 because module jdk.incubator.vector is not readable": a jar's manifest cannot
     * add the module, so {@code java -jar zstd-java.jar} always runs without it, decodes with {@code generic} as its
     * documentation says, and its standard error stays one line per file.
     */
    public static void main(String[] args) {
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).setLevel(Level.WARN);
        ((Logger) LoggerFactory.getLogger("io.cpufeatures.dispatch.VectorModuleWarning")).setLevel(Level.ERROR);
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs the command with the given output streams; returns the exit code. A literals kernel that
     * cannot be chosen (a bad {@code cpufeatures.*} property, or no kernel runs here) is one line and
     * exit code 2.
     */
    static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            return execute(args, out, err);
        } catch (DispatchException e) {
            String m = e.getMessage();
            err.println("zstd-java: " + (m.indexOf('\n') < 0 ? m : m.substring(0, m.indexOf('\n'))));
            return 2;
        } catch (OutOfMemoryError e) {
            // what was being decoded is garbage once this is thrown: there is room for one line
            err.println("zstd-java: out of memory (" + e.getMessage() + ") with a heap of "
                    + (Runtime.getRuntime().maxMemory() >> 20) + " MiB; -d and -t stream, in a window of at most "
                    + (ZstdDecompressor.DEFAULT_WINDOW_CAP >> 20) + " MiB: give the JVM more with -Xmx");
            return 1;
        } catch (StackOverflowError e) {
            err.println("zstd-java: ran out of stack (" + e + "); run with a larger -Xss");
            return 1;
        }
    }

    private static int execute(String[] args, PrintStream out, PrintStream err) {
        boolean decompress = false;
        boolean test = false;
        Path output = null;
        Path dict = null;
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "-d" -> decompress = true;
                case "-t" -> test = true;
                case "-o", "-D" -> {
                    if (i + 1 == args.length) {
                        err.println("zstd-java: " + a + " needs a file name");
                        err.println(USAGE);
                        return 2;
                    }
                    Path p = Path.of(args[++i]);
                    if (a.equals("-o")) {
                        output = p;
                    } else {
                        dict = p;
                    }
                }
                default -> {
                    if (a.startsWith("-")) {
                        err.println("zstd-java: unknown option " + a);
                        err.println(USAGE);
                        return 2;
                    }
                    files.add(Path.of(a));
                }
            }
        }
        if (decompress == test || files.isEmpty() || (decompress && (files.size() != 1 || output == null))
                || (test && output != null)) {
            err.println(USAGE);
            return 2;
        }
        ZstdDictionary dictionary = null;
        if (dict != null) {
            try {
                dictionary = ZstdDictionary.parse(Files.readAllBytes(dict));
            } catch (IOException e) {
                err.println("zstd-java: " + dict + ": " + message(e));
                return 1;
            }
        }
        if (decompress) {
            return decompress(files.get(0), output, dictionary, err);
        }
        int failed = 0;
        for (Path f : files) {
            try (InputStream in = new ZstdInputStream(new BufferedInputStream(Files.newInputStream(f), 1 << 16),
                    ZstdDecompressor.DEFAULT_WINDOW_CAP, dictionary)) {
                long n = in.transferTo(OutputStream.nullOutputStream());
                out.println(f + ": OK (" + n + " bytes)");
            } catch (IOException e) {
                err.println("zstd-java: " + f + ": " + message(e));
                failed++;
            }
        }
        return failed == 0 ? 0 : 1;
    }

    /**
     * Decompresses {@code in} to {@code out} as {@code zstd} writes: {@code out} is what it names after
     * its symbolic links are followed ({@link OutputTarget}). A regular file, or a name nothing is at
     * yet, is written through a temporary file beside it, moved into place only once the whole input
     * has decoded: a failed decode leaves no output, and an existing file as it was (keeping its
     * permissions when it is replaced). A FIFO or a character device ({@code /dev/null}, a terminal)
     * is written into as the decode goes, never replaced. A directory, a block device or a socket is
     * refused, and so is an {@code out} that is {@code in} itself under any name ({@code zstd} refuses
     * too: truncating it would destroy the input before a byte is read). Each error is one line naming
     * the file it is about: the input for a read or format error, the output for a write error.
     */
    private static int decompress(Path in, Path out, ZstdDictionary dictionary, PrintStream err) {
        OutputTarget target;
        try {
            target = OutputTarget.of(out);
        } catch (IOException e) {
            return fail(err, out, message(e));
        }
        if (target.refusal().isPresent()) {
            return fail(err, out, target.refusal().get());
        }
        InputStream source;
        try {
            source = Files.newInputStream(in);
        } catch (IOException e) {
            return fail(err, in, message(e));
        }
        Path file = target.path();
        try (InputStream z = new ZstdInputStream(new BufferedInputStream(source, 1 << 16),
                ZstdDecompressor.DEFAULT_WINDOW_CAP, dictionary)) {
            if (target.kind() != OutputTarget.Kind.NEW && Files.isSameFile(in, file)) {
                return fail(err, out, "is the input file; refusing to overwrite it");
            }
            if (target.kind() == OutputTarget.Kind.STREAM) {
                try (OutputStream o = Files.newOutputStream(file, StandardOpenOption.WRITE)) {
                    return copy(z, in, o, err);
                }
            }
            Path tmp = createTemporary(file, target.kind() == OutputTarget.Kind.REGULAR);
            try {
                int code;
                try (OutputStream o = Files.newOutputStream(tmp)) {
                    code = copy(z, in, o, err);
                }
                if (code == 0) {
                    moveIntoPlace(tmp, file);
                }
                return code;
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            return fail(err, out, message(e));
        }
    }

    /** Copies the decoded {@code z} (from {@code in}) to {@code o}; 0, or 1 after one line on {@code err}. */
    private static int copy(InputStream z, Path in, OutputStream o, PrintStream err) throws IOException {
        byte[] buffer = new byte[1 << 16];
        while (true) {
            int n;
            try {
                n = z.read(buffer);
            } catch (IOException e) {
                return fail(err, in, message(e));
            }
            if (n < 0) {
                return 0;
            }
            o.write(buffer, 0, n);
        }
    }

    /**
     * A new empty file beside {@code out} ({@code .NAME.RANDOM.tmp}), created exclusively so that
     * nothing already there is followed or reused; it gets the default permissions a new
     * {@code out} would, or {@code out}'s own if {@code out} {@code exists}.
     */
    private static Path createTemporary(Path out, boolean exists) throws IOException {
        Path dir = out.toAbsolutePath().getParent();
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve("." + out.getFileName() + "." + Long.toHexString(ThreadLocalRandom.current().nextLong())
                    + ".tmp");
            try {
                Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
            } catch (FileAlreadyExistsException e) {
                if (attempt < 10) {
                    continue;
                }
                throw e;
            }
            if (exists && Files.getFileStore(tmp).supportsFileAttributeView(PosixFileAttributeView.class)) {
                Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(out));
            }
            return tmp;
        }
    }

    /** Moves {@code tmp} onto {@code out}, atomically where the file system can (a rename in one directory). */
    private static void moveIntoPlace(Path tmp, Path out) throws IOException {
        try {
            Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static int fail(PrintStream err, Path file, String message) {
        err.println("zstd-java: " + file + ": " + message);
        return 1;
    }

    private static String message(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }
}
