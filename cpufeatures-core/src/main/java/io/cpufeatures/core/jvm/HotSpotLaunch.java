package io.cpufeatures.core.jvm;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options a HotSpot VM started by the {@code java} launcher was given, read back from what gives them, in the order
 * the VM reads them; or why that cannot be known for sure. The order (the {@code java} man page, "Using the
 * JDK_JAVA_OPTIONS Launcher Environment Variable"; {@code Arguments::parse_vm_init_args}, arguments.cpp, JDK 17 and 25):
 * {@code JAVA_TOOL_OPTIONS}, then the launcher's options ({@code JDK_JAVA_OPTIONS}, which the launcher puts before the
 * command line's own), then {@code _JAVA_OPTIONS}; a flag's last value wins.
 *
 * <p>Not sure, and so not read: an argument file ({@code @file}), which the launcher expands; an option that names a file
 * of options or changes how options are taken ({@link #UNSURE}); an option that looks like the VM's after the main
 * class, where it may be the VM's or the program's. Plain string work: no regular expression, no stream.
 */
final class HotSpotLaunch {

    /** The execution modes of {@code -Xmixed} (the default), {@code -Xint} and {@code -Xcomp}. */
    static final int MIXED = 0;
    static final int INTERPRETED = 1;
    static final int COMPILED = 2;

    /**
     * {@code -XX} flags that put the options beyond this reading, each with its reason: they name files of options
     * the VM reads, let it drop options silently, make flags visible and settable that otherwise are not, or choose
     * the compilers by other rules (compilerDefinitions.cpp, {@code CompilerConfig::ergo_initialize}, JDK 17 and 25).
     * A client emulation ({@code NeverActAsServerClassMachine}) shows in {@code java.vm.info}, which the derivation
     * checks.
     */
    static final String[] UNSURE = {
        "Flags", "names a file of flags the VM reads",
        "VMOptionsFile", "names a file of options the VM reads",
        "IgnoreUnrecognizedVMOptions", "lets the VM drop options it does not take",
        "UnlockDiagnosticVMOptions", "unlocks diagnostic flags, which decide others and show in the MXBean",
        "UnlockExperimentalVMOptions", "unlocks experimental flags, which decide others and show in the MXBean",
        "EnableJVMCI", "a JVMCI compiler has compilation rules of its own",
        "EnableJVMCIProduct", "a JVMCI compiler has compilation rules of its own",
        "UseJVMCICompiler", "a JVMCI compiler has compilation rules of its own",
        "UseJVMCINativeLibrary", "a JVMCI compiler has compilation rules of its own",
        "CompilationMode", "chooses the compilers by rules of its own",
    };

    /**
     * The launcher's options that take their value as the next argument ({@code IsModuleOption} and
     * {@code IsLauncherOption}, src/java.base/share/native/libjli/java.c, JDK 17; JDK 25 has the same), besides the
     * main class's options below.
     */
    static final String[] WITH_VALUE = {"--module-path", "-p", "--upgrade-module-path", "--add-modules",
        "--enable-native-access", "--limit-modules", "--add-exports", "--add-opens", "--add-reads", "--patch-module",
        "-classpath", "-cp", "--class-path", "--describe-module", "-d", "--source"};

    /**
     * The option that enables native access for modules, as the launcher and the VM both take it (the VM turns it into
     * its {@code jdk.module.enable.native.access} properties: {@code Arguments::parse_each_vm_init_arg}, arguments.cpp,
     * JDK 22 and later), so that {@code JAVA_TOOL_OPTIONS} may give it too.
     */
    static final String ENABLE_NATIVE_ACCESS = "--enable-native-access";
    /** {@code --illegal-native-access=allow|warn|deny} (JEP 472, JDK 24): what a module without native access gets. */
    static final String ILLEGAL_NATIVE_ACCESS = "--illegal-native-access";

    /** The options after which the launcher's next argument is the main operand: a jar, or a module. */
    static final String[] MAIN = {"-jar", "--module", "-m"};

    private HotSpotLaunch() {
    }

    /**
     * What was read: each {@code -XX} flag's last value ({@code true}/{@code false} for {@code +}/{@code -}, the text
     * after {@code =} otherwise, empty for a flag given neither way), the execution mode and the native-access options;
     * or why not.
     *
     * @param flags               the flags, by name; empty when {@code unsure} is set
     * @param mode                {@link #MIXED}, {@link #INTERPRETED} or {@link #COMPILED}
     * @param unsure              why the flags cannot be read for sure; null when they can
     * @param nativeAccess        the modules {@code --enable-native-access} names, in order ({@code ALL-UNNAMED} for the
     *                            class path); empty when {@code launchUnsure} is set
     * @param illegalNativeAccess the last value of {@code --illegal-native-access} ({@code allow}, {@code warn},
     *                            {@code deny}), or null
     * @param mainJar             whether the program is an executable jar ({@code -jar}), whose manifest may grant the
     *                            class path native access ({@code Enable-Native-Access})
     * @param launchUnsure        why the options themselves cannot be read for sure (an argument file, a quote that is
     *                            not closed, no command line), so that the native-access options are not known either;
     *                            null when they are. A flag that puts the flags beyond this reading leaves them known.
     */
    record Options(Map<String, String> flags, int mode, String unsure, List<String> nativeAccess,
            String illegalNativeAccess, boolean mainJar, String launchUnsure) {

        static Options unsure(String why) {
            return new Options(Map.of(), MIXED, why, List.of(), null, false, why);
        }
    }

    /**
     * The options of the VM {@code vm} describes, read once per process for the running VM ({@link VmFacts#running()}):
     * the JVM's view and the native-access rule share that one reading.
     *
     * @param vm a VM's facts, started by the {@code java} launcher
     * @return the options, or why they cannot be read for sure
     */
    static Options of(VmFacts vm) {
        return vm == VmFacts.running() ? Running.OPTIONS : read(vm);
    }

    private static Options read(VmFacts vm) {
        return read(vm.argv(), vm.javaToolOptions(), vm.jdkJavaOptions(), vm.javaOptions());
    }

    /** The running VM's options, read on first use. A holder, not a lambda: a first-use path. */
    private static final class Running {
        static final Options OPTIONS = read(VmFacts.running());
    }

    /**
     * Reads the options of a VM started by the {@code java} launcher.
     *
     * @param argv            the process's arguments, the launcher's name first; not null
     * @param javaToolOptions {@code JAVA_TOOL_OPTIONS}, or null
     * @param jdkJavaOptions  {@code JDK_JAVA_OPTIONS}, or null
     * @param javaOptions     {@code _JAVA_OPTIONS}, or null
     * @return the options, or why they cannot be read for sure
     */
    static Options read(List<String> argv, String javaToolOptions, String jdkJavaOptions, String javaOptions) {
        Reading r = new Reading();
        r.environment("JAVA_TOOL_OPTIONS", javaToolOptions);
        r.launcher(argv, jdkJavaOptions);
        r.environment("_JAVA_OPTIONS", javaOptions);
        if (r.unsure != null) {
            return Options.unsure(r.unsure);
        }
        List<String> nativeAccess = Collections.unmodifiableList(r.nativeAccess);
        return r.flagsUnsure != null
                ? new Options(Map.of(), MIXED, r.flagsUnsure, nativeAccess, r.illegalNativeAccess, r.mainJar, null)
                : new Options(Collections.unmodifiableMap(r.flags), r.mode, null, nativeAccess, r.illegalNativeAccess,
                        r.mainJar, null);
    }

    /**
     * The reading in progress: the flags so far, the mode, the native-access options, the first reason to stop (the
     * options cannot be read) and the first reason the flags are not sure (the options can).
     */
    private static final class Reading {
        final Map<String, String> flags = new LinkedHashMap<>();
        final List<String> nativeAccess = new ArrayList<>();
        String illegalNativeAccess;
        boolean mainJar;
        int mode = MIXED;
        String unsure;
        String flagsUnsure;

        /** A variable the VM reads: split as the VM splits it, each token one option. */
        void environment(String name, String value) {
            if (value == null || unsure != null) {
                return;
            }
            List<String> tokens = tokens(value);
            if (tokens == null) {
                unsure = name + " has a quote that is not closed";
                return;
            }
            for (String t : tokens) {
                option(t, name);
            }
        }

        /**
         * The launcher's arguments: {@code JDK_JAVA_OPTIONS} then the command line's, its own options and the VM's up to
         * the main operand; after it the program's arguments, where nothing may look like the VM's.
         */
        void launcher(List<String> argv, String jdkJavaOptions) {
            if (unsure != null) {
                return;
            }
            if (argv == null || argv.isEmpty()) {
                unsure = "the command line is not readable";
                return;
            }
            List<String> args = new ArrayList<>();
            if (jdkJavaOptions != null) {
                // the launcher splits it as the VM splits its variables; an escape is an argument file's syntax only
                List<String> tokens = jdkJavaOptions.indexOf('\\') < 0 ? tokens(jdkJavaOptions) : null;
                if (tokens == null) {
                    unsure = "JDK_JAVA_OPTIONS has a backslash or a quote that is not closed";
                    return;
                }
                args.addAll(tokens);
            }
            args.addAll(argv.subList(1, argv.size()));
            int program = args.size();
            int i = 0;
            while (i < args.size() && unsure == null) {
                String a = args.get(i);
                if (a.startsWith("@")) {
                    unsure = "an argument file (" + a + ") holds options of its own";
                    return;
                }
                if (!a.startsWith("-")) {
                    // the main class or source file; what follows it is the program's
                    program = i + 1;
                    break;
                }
                if (contains(MAIN, a)) {
                    // the jar or the module is the next argument
                    mainJar = a.equals("-jar");
                    program = i + 2;
                    break;
                }
                if (a.startsWith("--module=")) {
                    program = i + 1;
                    break;
                }
                i++;
                if (contains(WITH_VALUE, a)) {
                    if (i < args.size() && !args.get(i).startsWith("-")) {
                        if (a.equals(ENABLE_NATIVE_ACCESS)) {
                            modules(args.get(i));
                        }
                        i++;
                    }
                    continue;
                }
                option(a, "the command line");
            }
            for (int j = program; j < args.size() && flagsUnsure == null; j++) {
                String a = args.get(j);
                if (a.startsWith("-XX:") || a.equals("-Xint") || a.equals("-Xcomp") || a.equals("-Xmixed")) {
                    flagsUnsure = "the program's arguments hold " + a + ", which reads as the VM's";
                }
            }
        }

        /** The modules of one {@code --enable-native-access}, separated by commas; they add up. */
        void modules(String list) {
            int start = 0;
            for (int i = 0; i <= list.length(); i++) {
                if (i == list.length() || list.charAt(i) == ',') {
                    if (i > start) {
                        nativeAccess.add(list.substring(start, i));
                    }
                    start = i + 1;
                }
            }
        }

        /** One option the VM takes: a {@code -XX} flag or an execution mode counts, anything else does not. */
        void option(String token, String where) {
            if (token.startsWith(ENABLE_NATIVE_ACCESS + "=")) {
                modules(token.substring(ENABLE_NATIVE_ACCESS.length() + 1));
            } else if (token.startsWith(ILLEGAL_NATIVE_ACCESS + "=")) {
                illegalNativeAccess = token.substring(ILLEGAL_NATIVE_ACCESS.length() + 1);
            } else if (token.equals("-Xint")) {
                mode = INTERPRETED;
            } else if (token.equals("-Xmixed")) {
                mode = MIXED;
            } else if (token.equals("-Xcomp")) {
                mode = COMPILED;
            } else if (token.startsWith("-XX:")) {
                String body = token.substring(4);
                String name;
                String value;
                if (body.startsWith("+") || body.startsWith("-")) {
                    name = body.substring(1);
                    value = body.charAt(0) == '+' ? "true" : "false";
                } else {
                    int eq = body.indexOf('=');
                    name = eq < 0 ? body : body.substring(0, eq);
                    value = eq < 0 ? "" : body.substring(eq + 1);
                }
                for (int i = 0; i < UNSURE.length; i += 2) {
                    if (UNSURE[i].equals(name)) {
                        if (flagsUnsure == null) {
                            flagsUnsure = where + " gives -XX:" + name + ", which " + UNSURE[i + 1];
                        }
                        return;
                    }
                }
                flags.remove(name);
                flags.put(name, value);
            }
        }
    }

    /**
     * The options of a variable as HotSpot splits them ({@code Arguments::parse_options_buffer}): tokens between white
     * space, where a quote ({@code '} or {@code "}) takes everything up to the same quote, spaces included, and is
     * dropped.
     *
     * @param value the variable's value; not null
     * @return the tokens; null when a quote is not closed (the VM refuses to start)
     */
    static List<String> tokens(String value) {
        List<String> tokens = new ArrayList<>();
        int i = 0;
        int n = value.length();
        while (i < n) {
            while (i < n && space(value.charAt(i))) {
                i++;
            }
            if (i >= n) {
                break;
            }
            StringBuilder t = new StringBuilder();
            while (i < n && !space(value.charAt(i))) {
                char c = value.charAt(i);
                if (c == '\'' || c == '"') {
                    int close = value.indexOf(c, i + 1);
                    if (close < 0) {
                        return null;
                    }
                    t.append(value, i + 1, close);
                    i = close + 1;
                } else {
                    t.append(c);
                    i++;
                }
            }
            tokens.add(t.toString());
        }
        return tokens;
    }

    /** C's {@code isspace} in the C locale. */
    private static boolean space(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    private static boolean contains(String[] options, String a) {
        for (String o : options) {
            if (o.equals(a)) {
                return true;
            }
        }
        return false;
    }
}
