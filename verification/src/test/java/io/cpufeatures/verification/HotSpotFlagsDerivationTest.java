package io.cpufeatures.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.internal.ArchitectureModule;
import io.cpufeatures.core.internal.Architectures;
import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.jvm.JvmView;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HotSpot flags the JVM's view derives without JMX against {@code HotSpotDiagnosticMXBean}'s, in fresh JVMs: every
 * flag any module's gates, vector rules or the core read, compared value by value, in every configuration
 * {@link PreferredVectorShapeTest} runs and many more (execution modes, C1 only, each option the rules read, the three
 * options variables in their order), on this JDK and Temurin 25 where it is installed; under {@code qemu-x86_64} on the
 * CPU models {@code EmulatedCpusQemuTest} runs, and under {@code qemu-aarch64} on those {@code Arm64LiveTest} runs, SVE
 * lengths given included. Each configuration must be derived (the view's {@code flagSource()} says so) and equal the
 * MXBean's; the configurations the derivation cannot be sure of (an argument file, {@code -XX:Flags},
 * {@code -XX:VMOptionsFile}, unlocked diagnostic options, a number in hexadecimal, a runtime image with options of its
 * own, something that reads as the VM's among the program's arguments) must keep the MXBean and say why.
 */
class HotSpotFlagsDerivationTest {


    /**
     * Guest side: the view's flag source, its flags, and every flag whose derived value and MXBean value differ. The
     * view is asked after the CPU's report, as a program meets it; asked first, it reads the MXBean (the CPU is never
     * probed for the flags alone).
     */
    public static final class Guest {
        public static void main(String[] args) {
            // as a program meets it: the CPU's report first (a first jvm.* question makes it), then the JVM's view;
            // with "view-first", the view alone
            JvmView view = args.length > 0 && args[0].equals("view-first") ? JvmView.current()
                    : CpuFeatures.current().jvm();
            Set<String> names = new TreeSet<>(List.of("MaxVectorSize", "UseCompiler", "TieredStopAtLevel",
                    "EnableVectorSupport"));
            // the flags of the core's gates and of the running architecture's: what the view reads
            ArchitectureModule m = Architectures.running().orElseThrow();
            for (JvmGate g : m.jvmGates()) {
                g.flag().ifPresent(names::add);
            }
            names.addAll(m.vectorFlags());
            names.addAll(m.ownHotSpotFlags());
            com.sun.management.HotSpotDiagnosticMXBean bean = java.lang.management.ManagementFactory
                    .getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
            List<String> differ = new ArrayList<>();
            for (String n : names) {
                String mx;
                try {
                    mx = bean.getVMOption(n).getValue();
                } catch (IllegalArgumentException notInThisVm) {
                    mx = null;
                }
                String derived = view.flags().get(n);
                if (!Objects.equals(mx, derived)) {
                    differ.add(n + ": derived " + derived + ", MXBean " + mx);
                }
            }
            System.out.println("source: " + view.flagSource());
            System.out.println("flags: " + view.flags());
            System.out.println("differ: " + differ);
        }
    }

    /**
     * One configuration: options before the main class, environment variables, arguments after it, and what the
     * source must say (null: derived).
     */
    record Setting(List<String> options, Map<String, String> env, List<String> programArgs, String notDerivedBecause) {

        static Setting derived(String... options) {
            return new Setting(List.of(options), Map.of(), List.of(), null);
        }

        static Setting env(String name, String value, String... options) {
            return new Setting(List.of(options), Map.of(name, value), List.of(), null);
        }

        static Setting mxBean(String because, String... options) {
            return new Setting(List.of(options), Map.of(), List.of(), because);
        }

        @Override
        public String toString() {
            return options + (env.isEmpty() ? "" : " " + env) + (programArgs.isEmpty() ? "" : " then " + programArgs);
        }
    }

    /** The configurations of PreferredVectorShapeTest (with its module), and the other ways the rules' inputs are given. */
    private static List<Setting> x86Settings() {
        List<Setting> s = new ArrayList<>();
        for (List<String> shape : PreferredVectorShapeTest.settings("amd64")) {
            List<String> options = new ArrayList<>(List.of("--add-modules", "jdk.incubator.vector"));
            options.addAll(shape);
            s.add(Setting.derived(options.toArray(new String[0])));
        }
        s.add(Setting.derived());
        for (String o : new String[] {"-XX:MaxVectorSize=16", "-XX:MaxVectorSize=8", "-XX:MaxVectorSize=32",
            "-XX:MaxVectorSize=24", "-XX:MaxVectorSize=2", "-XX:MaxVectorSize=128", "-XX:TieredStopAtLevel=1",
            "-XX:TieredStopAtLevel=0", "-XX:TieredStopAtLevel=3", "-XX:UseAVX=3", "-XX:UseAVX=2", "-XX:UseAVX=1",
            "-XX:UseAVX=0", "-XX:UseSSE=3", "-XX:UseSSE=2", "-Xint", "-Xcomp", "-XX:-TieredCompilation",
            "-XX:-UseCompiler", "-XX:-UseSuperWord", "-XX:-UseBMI1Instructions", "-XX:-UseBMI2Instructions",
            "-XX:-UsePopCountInstruction", "-XX:-UseCountLeadingZerosInstruction", "-XX:-UseAES", "-XX:-UseSHA",
            "-XX:-UseFMA"}) {
            s.add(Setting.derived(o));
        }
        s.add(Setting.derived("-XX:UseAVX=2", "-XX:MaxVectorSize=16"));
        s.add(Setting.derived("-Xint", "-Xmixed"));
        s.add(Setting.derived("-XX:-UseBMI1Instructions", "-XX:+UseCountTrailingZerosInstruction"));
        s.add(Setting.derived("--add-modules", "jdk.incubator.vector"));
        // a client emulation C1 only asks for anyway, and the server-class rules, which decide no compiler flag
        s.add(Setting.derived("-XX:TieredStopAtLevel=1", "-XX:+NeverActAsServerClassMachine"));
        s.add(Setting.derived("-XX:+AlwaysActAsServerClassMachine"));
        s.add(Setting.derived("--add-modules", "jdk.incubator.vector", "-XX:UseAVX=2", "-XX:TieredStopAtLevel=1"));
        return s;
    }

    /** The options variables, each alone and against the command line, in the order the VM reads them. */
    private static List<Setting> environmentSettings() {
        return List.of(Setting.env("JAVA_TOOL_OPTIONS", "-XX:UseAVX=1"),
                Setting.env("JAVA_TOOL_OPTIONS", "-XX:UseAVX=1 -XX:MaxVectorSize=16", "-XX:UseAVX=2"),
                Setting.env("JDK_JAVA_OPTIONS", "-XX:UseAVX=1", "-XX:UseAVX=2"),
                Setting.env("JDK_JAVA_OPTIONS", "'-XX:MaxVectorSize=16' -Xint"),
                Setting.env("_JAVA_OPTIONS", "-XX:UseAVX=1", "-XX:UseAVX=2"));
    }

    @Test
    void onThisMachineTheDerivedFlagsAreTheMxBeansInEveryConfiguration(@TempDir Path dir) throws Exception {
        String arch = System.getProperty("os.arch");
        Assumptions.assumeTrue(arch.equals("amd64"), "the host configurations are x86-64's; arm64's run under qemu below");
        Set<Path> javas = new LinkedHashSet<>();
        javas.add(Paths.get(System.getProperty("java.home"), "bin", "java").toRealPath());
        java.util.Optional<Path> jdk25 = HostTools.jdk25("the derived HotSpot flags on JDK 25");
        if (jdk25.isPresent()) {
            javas.add(jdk25.get().toRealPath());
        }
        List<String> problems = new ArrayList<>();
        int compared = 0;
        boolean first = true;
        for (Path java : javas) {
            List<Setting> settings = new ArrayList<>(x86Settings());
            if (first) {
                // how options are read does not depend on the release: these run on this JDK only
                settings.addAll(environmentSettings());
                settings.addAll(unsure(dir));
                first = false;
            }
            for (Setting setting : settings) {
                problems.addAll(check(List.of(java.toString()), setting, dir));
                compared++;
            }
        }
        jlinkImage(dir).ifPresent(image -> problems.addAll(check(List.of(image.toString()),
                Setting.mxBean("jlink --add-options"), dir)));
        assertEquals(List.of(), problems);
        assertTrue(compared >= 2 * x86Settings().size() || javas.size() == 1, "every setting ran: " + compared);
    }

    /** The configurations that must keep the MXBean, with the reason each must give. */
    private static List<Setting> unsure(Path dir) throws IOException {
        Path argFile = Files.writeString(dir.resolve("opts"), "-XX:UseAVX=1\n", StandardCharsets.UTF_8);
        Path flagsFile = Files.writeString(dir.resolve("flags"), "UseAVX=1\n", StandardCharsets.UTF_8);
        Path optionsFile = Files.writeString(dir.resolve("vmoptions"), "-XX:UseAVX=1\n", StandardCharsets.UTF_8);
        List<Setting> s = new ArrayList<>();
        s.add(Setting.mxBean("argument file", "@" + argFile));
        s.add(Setting.mxBean("-XX:Flags", "-XX:Flags=" + flagsFile));
        s.add(Setting.mxBean("-XX:VMOptionsFile", "-XX:VMOptionsFile=" + optionsFile));
        s.add(Setting.mxBean("UnlockDiagnosticVMOptions", "-XX:+UnlockDiagnosticVMOptions"));
        s.add(Setting.mxBean("UnlockExperimentalVMOptions", "-XX:+UnlockExperimentalVMOptions"));
        s.add(Setting.mxBean("IgnoreUnrecognizedVMOptions", "-XX:+IgnoreUnrecognizedVMOptions"));
        s.add(Setting.mxBean("cannot be sure", "-XX:UseAVX=0x2"));
        s.add(Setting.mxBean("client emulation", "-XX:+NeverActAsServerClassMachine"));
        s.add(new Setting(List.of(), Map.of(), List.of("-XX:UseAVX=1"), "reads as the VM's"));
        s.add(new Setting(List.of(), Map.of(), List.of("view-first"), "CPU report is not made yet"));
        s.add(new Setting(List.of(), Map.of("JAVA_TOOL_OPTIONS", "-XX:VMOptionsFile=" + optionsFile), List.of(),
                "JAVA_TOOL_OPTIONS gives -XX:VMOptionsFile"));
        return s;
    }

    /** A runtime image made by {@code jlink --add-options=-XX:UseAVX=1}, where this JDK can link one. */
    private static java.util.Optional<Path> jlinkImage(Path dir) throws Exception {
        Path jlink = Paths.get(System.getProperty("java.home"), "bin", "jlink");
        if (!Files.isExecutable(jlink) || !Files.isDirectory(Paths.get(System.getProperty("java.home"), "jmods"))) {
            return java.util.Optional.empty();
        }
        Path image = dir.resolve("image");
        Process p = new ProcessBuilder(jlink.toString(), "--add-modules",
                "java.base,java.logging,java.management,jdk.management,jdk.unsupported", "--add-options=-XX:UseAVX=1",
                "--output", image.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "jlink finished");
        assertEquals(0, p.exitValue(), out);
        return java.util.Optional.of(image.resolve("bin").resolve("java"));
    }

    @Test
    void underQemuX86TheDerivedFlagsAreTheMxBeansOnEveryCpuModel(@TempDir Path dir) throws Exception {
        String arch = System.getProperty("os.arch");
        Assumptions.assumeTrue(arch.equals("amd64"), "qemu-x86_64 runs an x86-64 JVM on an x86-64 host");
        Path qemu = HostTools.command("qemu-x86_64", "qemu-user");
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toRealPath().toString();
        List<List<String>> runs = new ArrayList<>();
        // the models EmulatedCpusQemuTest checks the command on, C1 only (the CPU's flags are the same under C2)
        for (String model : List.of("Penryn", "Nehalem", "SandyBridge", "Haswell", "Skylake-Server", "Denverton",
                "Opteron_G5", "EPYC-Rome")) {
            runs.add(List.of(qemu.toString(), "-cpu", model, java, "-XX:TieredStopAtLevel=1"));
        }
        runs.add(List.of(qemu.toString(), "-cpu", "Haswell", java, "-XX:TieredStopAtLevel=1", "-XX:UseAVX=1",
                "-XX:-UseBMI1Instructions"));
        runs.add(List.of(qemu.toString(), "-cpu", "Opteron_G5", java, "-XX:TieredStopAtLevel=1", "-XX:MaxVectorSize=32"));
        java.util.Optional<Path> jdk25 = HostTools.jdk25("the derived HotSpot flags on JDK 25 under qemu-x86_64");
        if (jdk25.isPresent()) {
            for (String model : List.of("Nehalem", "Haswell", "Opteron_G5")) {
                runs.add(List.of(qemu.toString(), "-cpu", model, jdk25.get().toRealPath().toString(),
                        "-XX:TieredStopAtLevel=1"));
            }
        }
        assertEquals(List.of(), inParallel(runs, dir));
    }

    @Test
    void underQemuAarch64TheDerivedFlagsAreTheMxBeansOnEveryCpuModelAndSveLength(@TempDir Path dir) throws Exception {
        Path qemu = HostTools.command("qemu-aarch64", "qemu-user");
        String java = HostTools.foreignJava("arm64").toString();
        List<List<String>> runs = new ArrayList<>();
        // the models Arm64LiveTest checks the library on
        for (String model : List.of("cortex-a53", "cortex-a72", "neoverse-n1", "a64fx", "max",
                "max,sve-default-vector-length=32")) {
            runs.add(List.of(qemu.toString(), "-cpu", model, java, "-XX:TieredStopAtLevel=1"));
        }
        // PreferredVectorShapeTest's arm64 settings on an SVE CPU, and one more option the rules read
        List<List<String>> settings = new ArrayList<>(PreferredVectorShapeTest.settings("aarch64"));
        settings.add(List.of("-XX:-UseLSE"));
        for (List<String> setting : settings) {
            List<String> run = new ArrayList<>(List.of(qemu.toString(), "-cpu", "a64fx", java));
            run.addAll(setting.isEmpty() ? List.of("-XX:TieredStopAtLevel=1") : setting);
            runs.add(run);
        }
        runs.add(List.of(qemu.toString(), "-cpu", "max,sve-default-vector-length=32", java, "-XX:TieredStopAtLevel=1",
                "-XX:MaxVectorSize=64"));
        assertEquals(List.of(), inParallel(runs, dir));
    }

    /** Runs each launcher prefix (all derived) two at a time; the problems found. */
    private static List<String> inParallel(List<List<String>> runs, Path dir) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<List<String>>> results = new ArrayList<>();
            for (List<String> run : runs) {
                results.add(pool.submit(() -> check(run, Setting.derived("-XX:+UseSerialGC"), dir)));
            }
            List<String> problems = new ArrayList<>();
            for (Future<List<String>> f : results) {
                problems.addAll(f.get(400, TimeUnit.SECONDS));
            }
            return problems;
        } finally {
            pool.shutdownNow();
        }
    }

    /** Runs the guest under {@code launcher} with {@code setting}; what is wrong, if anything. */
    private static List<String> check(List<String> launcher, Setting setting, Path dir) {
        List<String> cmd = new ArrayList<>(launcher);
        cmd.add("-Xshare:auto");
        cmd.addAll(setting.options());
        cmd.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                Guest.class.getName()));
        cmd.addAll(setting.programArgs());
        String what = String.join(" ", launcher) + " " + setting;
        try {
            Path err = Files.createTempFile(dir, "guest", ".err");
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile());
            pb.environment().remove("JAVA_TOOL_OPTIONS");
            pb.environment().remove("JDK_JAVA_OPTIONS");
            pb.environment().remove("_JAVA_OPTIONS");
            pb.environment().putAll(setting.env());
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(360, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return List.of(what + ": no answer in 360 s");
            }
            if (p.exitValue() != 0) {
                return List.of(what + ": exit " + p.exitValue() + ": " + Files.readString(err, StandardCharsets.UTF_8));
            }
            Map<String, String> lines = new LinkedHashMap<>();
            for (String line : out.split("\n")) {
                int colon = line.indexOf(": ");
                if (colon > 0) {
                    lines.put(line.substring(0, colon), line.substring(colon + 2).trim());
                }
            }
            List<String> problems = new ArrayList<>();
            String source = lines.getOrDefault("source", "");
            if (!"[]".equals(lines.get("differ"))) {
                problems.add(what + ": the derived flags differ from the MXBean's: " + lines.get("differ") + " (" + source
                        + ")");
            }
            if (setting.notDerivedBecause() == null && !source.startsWith("derived")) {
                problems.add(what + ": not derived: " + source);
            }
            if (setting.notDerivedBecause() != null && (!source.startsWith("HotSpotDiagnosticMXBean")
                    || !source.contains(setting.notDerivedBecause()))) {
                problems.add(what + ": should keep the MXBean because of " + setting.notDerivedBecause() + ": " + source);
            }
            return problems;
        } catch (IOException | InterruptedException e) {
            return List.of(what + ": " + e);
        }
    }
}
