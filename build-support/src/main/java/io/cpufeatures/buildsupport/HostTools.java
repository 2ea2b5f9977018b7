package io.cpufeatures.buildsupport;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The one way a test asks for what it needs from the host beyond a JDK: a C compiler, qemu-user and the foreign
 * JREs, the {@code zstd} command, the shared corpus beside the clone. Present, the test goes on. Missing, the test
 * is skipped with one line that names the tool and what brings it ({@value #FOR_WANT_OF}{@code qemu-aarch64 (Debian
 * package qemu-user)}), so a bare machine (a JDK and nothing else) runs every test it can and says which it could
 * not; the build's last step counts these lines per module ({@link SkippedTests}). Under {@code CI=true} the same
 * absence fails the test instead: {@code .ci/run} installs every tool, so a missing one there is a broken CI, not a
 * bare machine.
 */
public final class HostTools {

    /** How every skip for a missing tool begins, so the build's summary can tell them from other skips. */
    public static final String FOR_WANT_OF = "for want of ";

    private HostTools() {
    }

    /** {@return whether this build runs under {@code CI=true}, where a missing tool fails the test} */
    public static boolean ci() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /**
     * {@return the executable {@code command} on {@code PATH}, or null}
     *
     * @param command a program name without directory, e.g. {@code qemu-aarch64}
     */
    public static Path find(String command) {
        Objects.requireNonNull(command, "command");
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, command);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p.toAbsolutePath();
            }
        }
        return null;
    }

    /**
     * {@return whether {@code command} is an executable on {@code PATH}}
     *
     * @param command a program name without directory
     */
    public static boolean onPath(String command) {
        return find(command) != null;
    }

    /**
     * The executable {@code command} on {@code PATH}, or the calling test skipped (under {@code CI=true}: failed)
     * for want of it.
     *
     * @param command       a program name, e.g. {@code zstd}
     * @param debianPackage the Debian package that installs it, e.g. {@code zstd}
     * @return its absolute path
     */
    public static Path command(String command, String debianPackage) {
        Path p = find(command);
        require(p != null, command, "Debian package " + debianPackage);
        return p;
    }

    /**
     * The executable file {@code file}, or the calling test skipped (under {@code CI=true}: failed) for want of it.
     *
     * @param file   the executable, e.g. the arm64 JRE's {@code bin/java}
     * @param what   what it is, for the line, e.g. {@code the arm64 JRE}
     * @param remedy what brings it, e.g. {@code Debian package openjdk-17-jre-headless:arm64}
     * @return {@code file}
     */
    public static Path executable(Path file, String what, String remedy) {
        require(Files.isRegularFile(file) && Files.isExecutable(file), what + " (" + file + ")", remedy);
        return file;
    }

    /**
     * Debian's OpenJDK 17 runtime for another architecture (run under qemu-user), or the calling test skipped (under
     * {@code CI=true}: failed) for want of it.
     *
     * @param debianArchitecture Debian's name for the architecture: {@code arm64}, {@code ppc64el}, {@code amd64}
     * @return its {@code bin/java}
     */
    public static Path foreignJava(String debianArchitecture) {
        Objects.requireNonNull(debianArchitecture, "debianArchitecture");
        return executable(Path.of("/usr/lib/jvm/java-17-openjdk-" + debianArchitecture, "bin", "java"),
                "the " + debianArchitecture + " JRE", "Debian package openjdk-17-jre-headless:" + debianArchitecture
                        + ", after dpkg --add-architecture " + debianArchitecture);
    }

    /**
     * Goes on if {@code present}; otherwise skips the calling test (under {@code CI=true}: fails it) with one line:
     * {@value #FOR_WANT_OF}{@code WHAT (REMEDY)}.
     *
     * @param present whether the host has it
     * @param what    the tool or file, e.g. {@code qemu-ppc64le}
     * @param remedy  what brings it, e.g. {@code Debian package qemu-user}
     */
    public static void require(boolean present, String what, String remedy) {
        require(present, what, remedy, ci());
    }

    static void require(boolean present, String what, String remedy, boolean ci) {
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(remedy, "remedy");
        if (present) {
            return;
        }
        if (ci) {
            Assertions.fail("CI=true and this test needs " + what + ", which is missing (" + remedy
                    + "; .ci/run installs it)");
        }
        Assumptions.abort(FOR_WANT_OF + what + " (" + remedy + ")");
    }

    /** Where the tests look for a JDK 25 unless {@code -Dcpufeatures.jdk25} names another JDK's home. */
    public static final String JDK25_HOME = "/usr/lib/jvm/temurin-25-jdk-amd64";

    /**
     * A JDK 25's {@code bin/java} for a test's second run beside this JDK's, on x86-64 (Temurin's, or the home
     * {@code -Dcpufeatures.jdk25} names); empty, with that run recorded as a skipped part of the test for the build's
     * summary, where there is none (under {@code CI=true}: the test fails instead).
     *
     * @param part what the JDK 25 run would have checked, for the record
     * @return the JDK 25's {@code java}, or empty
     */
    public static java.util.Optional<Path> jdk25(String part) {
        Objects.requireNonNull(part, "part");
        Path home = Path.of(System.getProperty("cpufeatures.jdk25", JDK25_HOME));
        Path bin = home.resolve("bin").resolve("java");
        if (!"amd64".equals(System.getProperty("os.arch"))) {
            return java.util.Optional.empty();
        }
        if (Files.isRegularFile(bin) && Files.isExecutable(bin)) {
            return java.util.Optional.of(bin);
        }
        String what = "a JDK 25 (" + bin + ")";
        String remedy = "Temurin 25 at " + JDK25_HOME + ", or -Dcpufeatures.jdk25=HOME";
        if (ci()) {
            Assertions.fail("CI=true and this test needs " + what + ", which is missing (" + remedy + ")");
        }
        SkipRecorder.skipPart(FOR_WANT_OF + what + " (" + remedy + "): " + part);
        return java.util.Optional.empty();
    }
}
