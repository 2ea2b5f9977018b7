import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Writes what the command prints for every dump given ({@code report}, {@code report --json},
 * {@code dispatch}, {@code explain NAME} for a fixed list of names, and {@code fleet --json} of every
 * directory), one file per command and dump, so that two builds' outputs can be compared with
 * {@code diff -r}. Run by scripts/output-snapshot.sh with the demo assembly's jar on the class path;
 * the command runs in this JVM (Main.run), so one JVM serves every dump. The probe's elapsed time is
 * the only figure that changes from run to run, and is written as 0.
 */
public final class OutputSnapshot {

    /** Names explained on every dump: features, policy flags and groups of both architectures, errata and OS-state cases. */
    private static final List<String> EXPLAINED = List.of("avx", "avx2", "avx512f", "avx512vl", "avx512_fp16", "bmi1",
            "bmi2", "fma", "f16c", "xsaves", "rdrand", "amx_tile", "amx_int8", "sha_ni", "avx10", "apx", "pku", "sse4a",
            "prefer_ymm", "x86-64-v3", "x86-64-v4", "avx512-core", "asimd", "fp", "sve", "sve2", "sveaes", "svebf16",
            "bf16", "atomics", "pmull", "sha512", "paca", "sme", "sme2", "cpuid", "evtstrm", "crypto", "jvm.avx2",
            "jvm.vector128");

    private OutputSnapshot() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: OutputSnapshot OUTDIR DIR_OR_FILE...");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        Method run = Class.forName("io.cpufeatures.cli.Main").getMethod("run", String[].class, PrintWriter.class,
                PrintWriter.class);
        int files = 0;
        for (int i = 1; i < args.length; i++) {
            Path root = Path.of(args[i]);
            List<Path> dumps = new ArrayList<>();
            if (Files.isDirectory(root)) {
                try (Stream<Path> walk = Files.walk(root)) {
                    walk.filter(Files::isRegularFile).filter(OutputSnapshot::isDump).sorted().forEach(dumps::add);
                }
                // Two folders of one name (the AArch64 and ppc64le qemu dumps): the later one by its parent too.
                Path fleet = out.resolve("fleet-json").resolve(root.getFileName() + ".txt");
                if (Files.exists(fleet)) {
                    fleet = fleet.resolveSibling(root.getParent().getFileName() + "-" + root.getFileName() + ".txt");
                }
                write(fleet, run(run, "fleet", "--json", root.toString()));
            } else {
                dumps.add(root);
            }
            for (Path dump : dumps) {
                String name = root.getFileName() + "/" + (Files.isDirectory(root) ? root.relativize(dump) : dump.getFileName());
                Path dir = out.resolve("cpus").resolve(name.replace('/', '_'));
                String f = dump.toString();
                write(dir.resolve("report.txt"), run(run, "report", "--cpuid-file", f));
                write(dir.resolve("report-json.txt"), run(run, "report", "--json", "--cpuid-file", f));
                write(dir.resolve("dispatch.txt"), run(run, "dispatch", "--cpuid-file", f));
                StringBuilder explained = new StringBuilder();
                for (String n : EXPLAINED) {
                    explained.append("### ").append(n).append('\n').append(run(run, "explain", n, "--cpuid-file", f));
                }
                write(dir.resolve("explain.txt"), explained.toString());
                files++;
            }
        }
        System.err.println("OutputSnapshot: " + files + " dumps written under " + out);
    }

    /** Dumps only: the corpus folders also hold JSON and markdown. */
    private static boolean isDump(Path p) {
        String n = p.getFileName().toString();
        return n.endsWith(".txt") && !n.equals("README.txt") || n.endsWith(".test");
    }

    private static String run(Method run, String... args) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = (int) run.invoke(null, args, new PrintWriter(out, true), new PrintWriter(err, true));
        String text = "exit " + code + "\n" + out + (err.toString().isEmpty() ? "" : "--- stderr\n" + err);
        return text.replaceAll("\"elapsedMicros\" ?: ?\\d+", "\"elapsedMicros\":0");
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
