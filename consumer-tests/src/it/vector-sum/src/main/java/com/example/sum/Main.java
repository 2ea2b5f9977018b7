package com.example.sum;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.dispatch.DispatchPoints;
import io.cpufeatures.dispatch.Selection;
import java.io.File;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.util.Arrays;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Runs the routine and checks what a consumer must be able to rely on; any failed check is a
 * message on standard error and exit status 1.
 *
 * <p>Arguments: {@code class-path|module-path|mixed} and {@code vector|no-vector}, how it was started
 * ({@code mixed}: these classes on the class path, cpufeatures on the module path).
 */
public final class Main {

    /** What may be on the runtime class path besides the consumer's own classes: no JNA, an optional dependency. */
    private static final Set<String> CLASS_PATH_JARS = Set.of("cpufeatures-core", "cpufeatures-os", "cpufeatures-x86",
            "cpufeatures-aarch64", "cpufeatures-ppc64le", "cpufeatures-dispatch", "slf4j-api", "slf4j-simple");

    /** The modules outside the JDK that the boot layer may hold. */
    private static final Set<String> MODULES = Set.of(
            "com.example.sum", "io.cpufeatures.core", "io.cpufeatures.os", "io.cpufeatures.x86", "io.cpufeatures.aarch64",
            "io.cpufeatures.ppc64le", "io.cpufeatures.dispatch", "org.slf4j", "org.slf4j.simple");

    /** The same less the consumer's own module: what the boot layer holds when the consumer is on the class path. */
    private static final Set<String> LIBRARY_MODULES = MODULES.stream().filter(m -> !m.equals("com.example.sum"))
            .collect(Collectors.toSet());

    private Main() {
    }

    public static void main(String[] args) {
        String path = args[0];
        boolean vector = args[1].equals("vector");
        // first, as an application's first use: without its module resolved, this throws NoClassDefFoundError
        CpuFeatures cpu = CpuFeatures.current();

        check(Main.class.getModule().isNamed() == path.equals("module-path"),
                "started as " + path + " but the consumer's module is " + Main.class.getModule());
        Set<String> runtime = path.equals("class-path") ? classPathJars() : nonJdkModules();
        Set<String> allowed = path.equals("module-path") ? MODULES : path.equals("mixed") ? LIBRARY_MODULES
                : CLASS_PATH_JARS;
        check(runtime.equals(allowed), "the runtime " + path + " holds " + runtime + ", expected " + allowed);
        if (path.equals("mixed")) {
            check(classPathJars().isEmpty(), "started mixed but the class path holds " + classPathJars());
        }
        check(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent() == vector,
                "jdk.incubator.vector presence does not match '" + args[1] + "'");

        check(cpu.source().kind() != SourceKind.NONE, "no architecture module answered: " + cpu.source());

        Selection<IntSum> selection = Sums.POINT.selection();
        boolean x86 = cpu.architecture().equals("x86_64");
        String expected = x86 && cpu.has("avx512f") && cpu.has("jvm.vector512") && !cpu.has("prefer_ymm") ? "vector512"
                : x86 && cpu.has("avx2") && cpu.has("jvm.vector256") ? "vector256"
                : "scalar";
        check(selection.name().equals(expected),
                "chose " + selection.name() + " where " + expected + " was due:\n" + selection.explain().format());
        if (!vector) {
            check(selection.explain().format().contains("jdk.incubator.vector"),
                    "without the Vector API module the explanation does not name it:\n" + selection.explain().format());
        }
        check(DispatchPoints.find("example.sum").isPresent(), "the point is not found through ServiceLoader");

        SplittableRandom random = new SplittableRandom(42);
        ScalarSum oracle = new ScalarSum();
        for (int length : new int[] {0, 1, 7, 8, 15, 16, 17, 1000, 4099}) {
            int[] values = random.ints(length).toArray();
            check(Sums.sum(values) == oracle.sum(values), "wrong sum of " + length + " ints");
        }

        System.out.println("consumer-ok java=" + Runtime.version().feature() + " path=" + path
                + " vector=" + vector + " source=" + cpu.source().kind().id() + " chose=" + selection.name()
                + " arch=" + cpu.architecture());
    }

    private static Set<String> classPathJars() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(File::new)
                .filter(File::isFile)
                .map(f -> f.getName().replaceFirst("-[0-9][^-]*(-SNAPSHOT)?\\.jar$", ""))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> nonJdkModules() {
        Set<String> jdk = ModuleFinder.ofSystem().findAll().stream()
                .map(ModuleReference::descriptor)
                .map(d -> d.name())
                .collect(Collectors.toSet());
        return ModuleLayer.boot().modules().stream()
                .map(Module::getName)
                .filter(name -> !jdk.contains(name))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static void check(boolean condition, String message) {
        if (!condition) {
            System.err.println("consumer check failed: " + message);
            System.exit(1);
        }
    }
}
