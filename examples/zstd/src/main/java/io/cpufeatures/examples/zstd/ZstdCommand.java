package io.cpufeatures.examples.zstd;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * {@code java -jar zstd-java.jar}: {@code -d IN -o OUT} decompresses a file, {@code -t FILE...}
 * tests each file (one line per file), {@code -D DICT} decodes with a dictionary. Exit code 0 on
 * success, 1 with a one-line error per failed file, 2 for a usage error, as the {@code zstd}
 * command does.
 */
public final class ZstdCommand {

    private static final String USAGE = "usage: zstd-java [-D DICT] -d IN -o OUT | [-D DICT] -t FILE...";

    private ZstdCommand() {
    }

    /** Runs the command and exits with its code; the library's log is kept to warnings. */
    public static void main(String[] args) {
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).setLevel(Level.WARN);
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command with the given output streams; returns the exit code. */
    static int run(String[] args, PrintStream out, PrintStream err) {
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
            try (InputStream in = new ZstdInputStream(new BufferedInputStream(Files.newInputStream(files.get(0)), 1 << 16),
                    ZstdDecompressor.DEFAULT_WINDOW_CAP, dictionary);
                    OutputStream o = Files.newOutputStream(output)) {
                in.transferTo(o);
                return 0;
            } catch (IOException e) {
                err.println("zstd-java: " + files.get(0) + ": " + message(e));
                return 1;
            }
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

    private static String message(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }
}
