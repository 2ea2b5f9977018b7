package io.cpufeatures.core.jvm;

/**
 * Whether code in a module may load a native library in this JVM silently: without the warning JDK 24 and later print
 * for a module that was not granted native access, and without the exception they throw under
 * {@code --illegal-native-access=deny} (JEP 472). Before JDK 24 every module may.
 *
 * <p>From JDK 24 the answer comes from the options the VM was started with, read by the one reader of them
 * ({@link HotSpotLaunch}: the command line, {@code JDK_JAVA_OPTIONS}, {@code JAVA_TOOL_OPTIONS}, {@code _JAVA_OPTIONS}):
 * {@code --enable-native-access} naming the module ({@code ALL-UNNAMED} for the class path), or
 * {@code --illegal-native-access=allow}. {@code Module.isNativeAccessEnabled()} would say it too, but it exists only from
 * JDK 22, so a Java 17 library reaches it by reflection, whose first call costs some 30 ms and 200 classes. Where the
 * options cannot be read for sure (an argument file, a VM not started by this runtime's {@code java} launcher, an
 * executable jar whose manifest may grant it) the answer is no: the caller then uses what needs no native code, which is
 * never wrong, only less detailed. A grant the reading misses costs detail, never a warning.
 *
 * <p>No lambda, stream, regex or reflection: it is asked on a first answer.
 */
public final class NativeAccess {

    /** The first release that warns when a module without native access loads a library (JEP 472). */
    public static final int FIRST_RESTRICTING_RELEASE = 24;

    /** The class path's name in {@code --enable-native-access}. */
    static final String ALL_UNNAMED = "ALL-UNNAMED";

    private NativeAccess() {
    }

    /**
     * Why code in {@code module} may not load a native library silently in this JVM.
     *
     * @param module the module whose code would call {@code System.load} (or whose library JNA is: its own module);
     *               not null
     * @return null when it may (JDK 23 and earlier, or native access granted); otherwise the reason in words, with the
     *         option that would grant it
     * @throws NullPointerException if {@code module} is null
     */
    public static String refusal(Module module) {
        java.util.Objects.requireNonNull(module, "module");
        int release = Runtime.version().feature();
        if (release < FIRST_RESTRICTING_RELEASE) {
            return null;
        }
        String name = module.isNamed() ? module.getName() : ALL_UNNAMED;
        if (Launch.OPTIONS == null) {
            return refused(release, name, "the VM was not started by this runtime's java launcher, whose options would"
                    + " say");
        }
        return refusal(release, name, Launch.OPTIONS);
    }

    /** The VM's options, read once per process on first use: they do not change. A holder, not a lambda. */
    private static final class Launch {
        /** The options as read; null when the VM was not started by this runtime's {@code java} launcher. */
        static final HotSpotLaunch.Options OPTIONS = read();

        private static HotSpotLaunch.Options read() {
            VmFacts vm = VmFacts.running();
            if (vm.executable() == null || !vm.executable().equals(vm.launcher())) {
                return null;
            }
            return HotSpotLaunch.of(vm);
        }
    }

    /**
     * The rule, over options read.
     *
     * @param release the JDK's feature release
     * @param module  the module's name, {@link #ALL_UNNAMED} for the class path
     * @param options the VM's options as read
     * @return null when the module may load native code silently; otherwise why not
     */
    static String refusal(int release, String module, HotSpotLaunch.Options options) {
        if (release < FIRST_RESTRICTING_RELEASE) {
            return null;
        }
        if (options.launchUnsure() != null) {
            return refused(release, module, "the options cannot be read for sure: " + options.launchUnsure());
        }
        for (String m : options.nativeAccess()) {
            if (m.equals(module)) {
                return null;
            }
        }
        if ("allow".equals(options.illegalNativeAccess())) {
            return null;
        }
        if (module.equals(ALL_UNNAMED) && options.mainJar()) {
            return refused(release, module, "an executable jar's manifest may grant it (Enable-Native-Access), which"
                    + " is not read here");
        }
        return refused(release, module, "it is not granted");
    }

    private static String refused(int release, String module, String why) {
        return "native access for " + (module.equals(ALL_UNNAMED) ? "the class path" : "module " + module)
                + " is not known to be enabled on JDK " + release + " (" + why + "); --enable-native-access=" + module
                + " grants it";
    }
}
