package io.cpufeatures.examples.demo;

import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What the live tests under qemu-user share: the guest side prints {@code key=value} lines and each command's output
 * between markers; the host side starts the guest JVM under qemu and reads both back.
 */
final class QemuGuest {

    private QemuGuest() {
    }

    /** {@return the executable {@code name} on {@code PATH}, or null} */
    /**
     * The guest's {@code java}: the {@code property} or {@code env} setting if given, else Debian's OpenJDK 17 runtime
     * for {@code debianArchitecture}; the test skipped (under {@code CI=true}: failed) for want of it.
     */
    static Path foreignJava(String debianArchitecture, String property, String env) {
        String given = System.getProperty(property, System.getenv(env));
        if (given == null) {
            return HostTools.foreignJava(debianArchitecture);
        }
        return HostTools.executable(Path.of(given), "the " + debianArchitecture + " JRE given by -D" + property + " or "
                + env, "point it at a " + debianArchitecture + " bin/java");
    }

    /**
     * Runs {@code check}'s {@code main} in {@code java} under {@code qemu -cpu cpu}, with the guest's {@code ld.so}
     * printing its auxiliary vector ({@code LD_SHOW_AUXV=1}) and no logging provider (logback's start-up alone costs
     * seconds under qemu, and the checks log nothing).
     *
     * @return everything the guest printed
     * @throws AssertionError if it does not finish in {@code timeoutSeconds}
     */
    static String run(String qemu, String cpu, String java, Class<?> check, List<String> args, Path outFile,
            long timeoutSeconds) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(qemu, "-cpu", cpu, "-E", "LD_SHOW_AUXV=1", java, "-XX:+UseSerialGC",
                "-Dslf4j.provider=org.slf4j.helpers.NOP_FallbackServiceProvider", "--add-modules", "jdk.incubator.vector",
                "-cp", System.getProperty("java.class.path"), check.getName()));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(outFile.toFile()).start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(cpu + ": did not finish in " + timeoutSeconds + " s");
        }
        return Files.readString(outFile, StandardCharsets.UTF_8);
    }

    /** Guest side: one {@code key=value} line. */
    static void print(String key, String value) {
        System.out.println(key + "=" + value);
    }

    /** Guest side: runs the command in this JVM, prints its output between markers, and returns its standard output. */
    static String command(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        System.out.println("=== command " + String.join(" ", args) + " exit=" + exit);
        System.out.print(out);
        System.out.print(err);
        System.out.println("=== end");
        return out.toString();
    }

    /** Host side: the {@code key=value} lines the guest printed, outside the commands' output. */
    static Map<String, String> values(String out) {
        Map<String, String> v = new LinkedHashMap<>();
        boolean inCommand = false;
        for (String line : out.split("\n")) {
            if (line.startsWith("=== command ")) {
                inCommand = true;
            } else if (line.equals("=== end")) {
                inCommand = false;
            } else if (!inCommand && line.matches("[A-Za-z0-9.]+=.*")) {
                v.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
            }
        }
        return v;
    }

    /** Host side: each command's output, by {@code args exit=N}. */
    static Map<String, String> commands(String out) {
        Map<String, String> c = new LinkedHashMap<>();
        String current = null;
        StringBuilder text = new StringBuilder();
        for (String line : out.split("\n")) {
            if (line.startsWith("=== command ")) {
                current = line.substring("=== command ".length());
                text.setLength(0);
            } else if (line.equals("=== end") && current != null) {
                c.put(current, text.toString());
                current = null;
            } else if (current != null) {
                text.append(line).append('\n');
            }
        }
        return c;
    }

    /** Host side: a comma-separated value as a list; empty for null or empty. */
    static List<String> list(String csv) {
        return csv == null || csv.isEmpty() ? List.of() : Arrays.asList(csv.split(","));
    }
}
