package io.cpufeatures.core.jvm;

import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.internal.ArchitectureModule;
import io.cpufeatures.core.kit.HotSpotStart;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * HotSpot's flags worked out without JMX, from what decides them, where that is certain; otherwise why not, and the
 * JVM's view asks {@code HotSpotDiagnosticMXBean} as before. What decides them: the VM (a HotSpot server VM of a JDK
 * release whose rules are modelled, not a JVMCI one), how it was started (this runtime's {@code java} launcher, the
 * options {@link HotSpotLaunch} reads, no options of the runtime image's own: {@link ImageVmOptions}), its mode
 * ({@code -Xint}, C1 only: the core's two flags here) and the CPU (the architecture's rules,
 * {@link io.cpufeatures.core.kit.Architecture#hotSpotFlags}, from its native probe's snapshot).
 *
 * <p>The core's own flags: {@code TieredStopAtLevel} is as given (4 by default); {@code UseCompiler} is false under
 * {@code -Xint}, with {@code TieredStopAtLevel=0}, or as given ({@code Arguments::set_mode_flags} and
 * {@code CompilerConfig::ergo_initialize}, JDK 17 and 25, checked by tests against the MXBean);
 * {@code EnableVectorSupport} is an experimental flag, which the MXBean shows only once
 * {@code -XX:+UnlockExperimentalVMOptions} is given, and that option is one the reading does not take.
 */
final class FlagDerivation {

    /** {@code java.vm.name} of the HotSpot VMs with C2 (the server VM), as OpenJDK builds and Oracle's name them. */
    static final String[] SERVER_VMS = {"OpenJDK 64-Bit Server VM", "Java HotSpot(TM) 64-Bit Server VM"};

    private static final String USE_COMPILER = "UseCompiler";
    private static final String TIERED_STOP_AT_LEVEL = "TieredStopAtLevel";
    private static final String ENABLE_VECTOR_SUPPORT = "EnableVectorSupport";

    private FlagDerivation() {
    }

    /**
     * The flags, derived, or why not.
     *
     * @param flags  each flag wanted that the VM defines, to its value; null when not derived
     * @param source what the flags were derived from, or why they were not
     * @param start  the start they were derived for; null when not derived
     */
    record Outcome(Map<String, String> flags, String source, HotSpotStart start) {

        static Outcome not(String why) {
            return new Outcome(null, why, null);
        }

        boolean derived() {
            return flags != null;
        }
    }

    /**
     * Derives the flags {@code names} of the VM {@code vm} on the CPU of {@code snapshot}.
     *
     * @param vm       the VM's facts; not null
     * @param image    whether its runtime image has VM options of its own ({@link ImageVmOptions}), asked only once
     *                 everything cheaper has held
     * @param names    the flags wanted; not null
     * @param module   the running architecture's module; not null
     * @param snapshot the running CPU's snapshot from its native probe, or null
     * @param noCpu    why there is no snapshot, when there is none
     * @return the flags, or why they are not derived
     */
    static Outcome derive(VmFacts vm, ImageCheck image, List<String> names, ArchitectureModule module,
            CpuSnapshot snapshot, String noCpu) {
        if (!vm.linux()) {
            return Outcome.not("the VM's command line is read on Linux only");
        }
        if (!contains(SERVER_VMS, vm.vmName())) {
            return Outcome.not("java.vm.name is '" + vm.vmName() + "', not a HotSpot server VM");
        }
        if (vm.vmVersion().contains("jvmci")) {
            return Outcome.not("java.vm.version " + vm.vmVersion() + " is a JVMCI VM's");
        }
        int jdk = release(vm.specVersion());
        if (!HotSpotStart.MODELLED_RELEASES.contains(jdk)) {
            return Outcome.not("JDK " + vm.specVersion() + "'s ergonomics are not modelled (JDK 17 and 25 are)");
        }
        String launcher = vm.launcher();
        if (vm.executable() == null || !vm.executable().equals(launcher)) {
            return Outcome.not("the VM was started by " + vm.executable() + ", not by this runtime's java launcher ("
                    + launcher + ")");
        }
        HotSpotLaunch.Options options = HotSpotLaunch.of(vm);
        if (options.unsure() != null) {
            return Outcome.not(options.unsure());
        }
        HotSpotStart start = new HotSpotStart(jdk, options.flags());
        if (!start.plain(TIERED_STOP_AT_LEVEL) || !start.plain(USE_COMPILER)) {
            return Outcome.not("-XX:" + TIERED_STOP_AT_LEVEL + " or -XX:" + USE_COMPILER + " is given in a form not read"
                    + " here");
        }
        int level = start.number(TIERED_STOP_AT_LEVEL, 4);
        String mismatch = modeMismatch(vm.vmInfo(), options.mode(), level);
        if (mismatch != null) {
            return Outcome.not(mismatch);
        }
        int imageOptions = image.check();
        if (imageOptions != ImageVmOptions.ABSENT) {
            return Outcome.not(imageOptions == ImageVmOptions.PRESENT
                    ? "the runtime image carries VM options of its own (jlink --add-options)"
                    : "the runtime image's lib/modules could not be read");
        }
        if (snapshot == null) {
            return Outcome.not(noCpu);
        }
        return model(start, options.mode(), names, module, snapshot, "the VM's options");
    }

    /**
     * The flags {@code names} of a HotSpot server VM started as {@code start} in {@code mode} on the CPU of
     * {@code snapshot}, by {@code module}'s rules and the core's own: the one model of the flags, for the running VM
     * ({@link #derive}) and for any other ({@link JvmView#modelled}).
     *
     * @param start    the release and the {@code -XX} options; {@code TieredStopAtLevel} and {@code UseCompiler} plain
     * @param mode     {@link HotSpotLaunch#MIXED}, {@link HotSpotLaunch#INTERPRETED} or {@link HotSpotLaunch#COMPILED}
     * @param names    the flags wanted
     * @param module   the snapshot's architecture's module
     * @param snapshot the CPU's snapshot
     * @param whose    what the options are, as the source says them ({@code the VM's options})
     * @return the flags, or why the rules cannot be sure
     */
    static Outcome model(HotSpotStart start, int mode, List<String> names, ArchitectureModule module,
            CpuSnapshot snapshot, String whose) {
        int jdk = start.jdk();
        if (!start.plain(TIERED_STOP_AT_LEVEL) || !start.plain(USE_COMPILER)) {
            return Outcome.not("-XX:" + TIERED_STOP_AT_LEVEL + " or -XX:" + USE_COMPILER + " is given in a form not read"
                    + " here");
        }
        int level = start.number(TIERED_STOP_AT_LEVEL, 4);
        List<String> asked = new ArrayList<>();
        for (String n : names) {
            if (!n.equals(USE_COMPILER) && !n.equals(TIERED_STOP_AT_LEVEL) && !n.equals(ENABLE_VECTOR_SUPPORT)) {
                asked.add(n);
            }
        }
        Optional<Map<String, String>> own;
        try {
            own = module.hotSpotFlags(snapshot, start, asked);
        } catch (RuntimeException e) {
            return Outcome.not("the " + module.architecture() + " rules failed: " + e);
        }
        if (own.isEmpty()) {
            return Outcome.not("the " + module.architecture() + " rules cannot be sure of JDK " + jdk
                    + " with these options and this CPU");
        }
        boolean compiler = start.bool(USE_COMPILER, true) && mode != HotSpotLaunch.INTERPRETED && level != 0;
        Map<String, String> flags = new LinkedHashMap<>();
        for (String n : names) {
            if (n.equals(USE_COMPILER)) {
                flags.put(n, Boolean.toString(compiler));
            } else if (n.equals(TIERED_STOP_AT_LEVEL)) {
                flags.put(n, Integer.toString(level));
            } else if (own.get().containsKey(n)) {
                flags.put(n, own.get().get(n));
            }
        }
        // a StringBuilder, not a concatenation: no bootstrap of the JDK's string concatenation on a first call
        StringBuilder source = new StringBuilder("derived from the CPU, JDK ").append(jdk).append(" and ").append(whose)
                .append(' ').append(start.options().isEmpty() ? "(none)" : start.options().keySet().toString())
                .append(" by the ").append(module.architecture()).append(" rules");
        return new Outcome(Collections.unmodifiableMap(flags), source.toString(), start);
    }

    /**
     * Why {@code java.vm.info}, the VM's own word on its mode, disagrees with the options read: a mode or a client
     * emulation set where the reading did not look (the VM reports {@code emulated-client} only with
     * {@code TieredStopAtLevel=1}, {@code CompilationMode=quick-only} or {@code NeverActAsServerClassMachine}); null
     * when it agrees.
     */
    static String modeMismatch(String vmInfo, int mode, int level) {
        String expected = mode == HotSpotLaunch.INTERPRETED ? "interpreted mode"
                : mode == HotSpotLaunch.COMPILED ? "compiled mode" : "mixed mode";
        if (!vmInfo.startsWith(expected)) {
            return "java.vm.info is '" + vmInfo + "', and the options read say " + expected;
        }
        if (vmInfo.contains("emulated-client") && level != 1) {
            return "java.vm.info is '" + vmInfo + "', a client emulation the options read do not ask for";
        }
        return null;
    }

    /** {@return the feature release of a {@code java.specification.version} ({@code 17}), or -1} */
    static int release(String specVersion) {
        if (specVersion.isEmpty() || specVersion.length() > 3) {
            return -1;
        }
        for (int i = 0; i < specVersion.length(); i++) {
            if (specVersion.charAt(i) < '0' || specVersion.charAt(i) > '9') {
                return -1;
            }
        }
        return Integer.parseInt(specVersion);
    }

    private static boolean contains(String[] values, String v) {
        for (String s : values) {
            if (s.equals(v)) {
                return true;
            }
        }
        return false;
    }

    /** The runtime image's check, made only when needed: it reads a file. */
    interface ImageCheck {

        /** {@return {@link ImageVmOptions#ABSENT}, {@link ImageVmOptions#PRESENT} or {@link ImageVmOptions#UNKNOWN}} */
        int check();
    }
}
