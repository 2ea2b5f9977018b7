package io.cpufeatures.core.jvm;

import io.cpufeatures.os.OperatingSystem;
import io.cpufeatures.os.ProcessCommandLine;
import java.io.File;
import java.util.List;

/**
 * What decides a running HotSpot VM's flags besides its CPU, as this process can read it without asking the VM: its
 * name, version and mode ({@code java.vm.*}), its JDK release, its runtime image, the program that started it, its
 * command line and the options environment variables.
 *
 * @param vmName          {@code java.vm.name}
 * @param vmVersion       {@code java.vm.version}
 * @param vmInfo          {@code java.vm.info} ({@code mixed mode, sharing})
 * @param specVersion     {@code java.specification.version} ({@code 17})
 * @param javaHome        {@code java.home}
 * @param linux           whether the process runs on Linux, where the command line is read
 * @param executable      the canonical path of the program the process runs, or null
 * @param argv            the process's arguments, or null
 * @param javaToolOptions {@code JAVA_TOOL_OPTIONS}, or null
 * @param jdkJavaOptions  {@code JDK_JAVA_OPTIONS}, or null
 * @param javaOptions     {@code _JAVA_OPTIONS}, or null
 */
record VmFacts(String vmName, String vmVersion, String vmInfo, String specVersion, String javaHome, boolean linux,
        String executable, List<String> argv, String javaToolOptions, String jdkJavaOptions, String javaOptions) {

    /** {@return this process's facts, read once on first use: they do not change while it runs} */
    static VmFacts running() {
        return Running.FACTS;
    }

    /** The running process's facts. A holder, not a lambda: a first-use path. */
    private static final class Running {
        static final VmFacts FACTS = read();
    }

    private static VmFacts read() {
        boolean linux = OperatingSystem.current() == OperatingSystem.LINUX;
        return new VmFacts(System.getProperty("java.vm.name", ""), System.getProperty("java.vm.version", ""),
                System.getProperty("java.vm.info", ""), System.getProperty("java.specification.version", ""),
                System.getProperty("java.home", ""), linux, linux ? ProcessCommandLine.executable() : null,
                linux ? ProcessCommandLine.arguments() : null, env("JAVA_TOOL_OPTIONS"), env("JDK_JAVA_OPTIONS"),
                env("_JAVA_OPTIONS"));
    }

    private static String env(String name) {
        try {
            return System.getenv(name);
        } catch (SecurityException e) {
            return null;
        }
    }

    /** {@return this runtime's {@code java} launcher, resolved as the executable is; null if it cannot be resolved} */
    String launcher() {
        try {
            return new File(new File(javaHome, "bin"), "java").getCanonicalPath();
        } catch (java.io.IOException | SecurityException e) {
            return null;
        }
    }

    /** {@return the runtime image's module file, where {@code jlink --add-options} keeps VM options} */
    File modules() {
        return new File(new File(javaHome, "lib"), "modules");
    }
}
