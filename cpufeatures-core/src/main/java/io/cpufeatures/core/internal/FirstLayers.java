package io.cpufeatures.core.internal;

import io.cpufeatures.core.kit.FirstAnswer;
import io.cpufeatures.core.kit.FirstLayer;
import io.cpufeatures.os.JvmArch;

/**
 * The first answer's way to the running architecture's module, taken before anything of any module is
 * instantiated: a table of the {@code os.arch} values each of the project's modules serves and the class
 * of that module that declares them, loaded by name ({@link Class#forName(String, boolean, ClassLoader)}:
 * no resource is read and no constructor called reflectively; a resource lookup alone costs 4-12 ms
 * in a cold JVM). The class offers its {@link FirstLayer} to the core ({@link #offer}) when it is
 * initialised. A test keeps the table and each module's own {@code osArchs()} equal.
 *
 * <p>Internal. A module outside the project has no first layer: its machines are answered by the full
 * probe, found with {@link java.util.ServiceLoader}.
 */
public final class FirstLayers {

    /** Each {@code os.arch} value of the project's modules, then the class that declares it. */
    private static final String[] DECLARED = {
        "amd64", "io.cpufeatures.x86.probe.X86FirstLayer",
        "x86_64", "io.cpufeatures.x86.probe.X86FirstLayer",
        "aarch64", "io.cpufeatures.aarch64.probe.AArch64FirstLayer",
        "arm64", "io.cpufeatures.aarch64.probe.AArch64FirstLayer",
        "ppc64le", "io.cpufeatures.ppc64le.probe.Ppc64leFirstLayer",
    };

    private static final int MAX_OFFERS = 8;
    private static final FirstLayer[] OFFERED = new FirstLayer[MAX_OFFERS];
    private static int offers;

    private FirstLayers() {
    }

    /**
     * Offers {@code layer} to the core: called by a declaring class's initialiser. A later offer of the same
     * class replaces nothing.
     *
     * @param layer the layer; not null
     */
    public static void offer(FirstLayer layer) {
        if (layer == null) {
            throw new NullPointerException("layer");
        }
        synchronized (OFFERED) {
            if (find(layer.getClass().getName()) == null && offers < MAX_OFFERS) {
                OFFERED[offers++] = layer;
            }
        }
    }

    /**
     * The class that declares {@code osArch}, from the table.
     *
     * @param osArch an {@code os.arch} value
     * @return the class's name; null when no module of the project serves it
     */
    public static String declaring(String osArch) {
        for (int i = 0; i < DECLARED.length; i += 2) {
            if (DECLARED[i].equals(osArch)) {
                return DECLARED[i + 1];
            }
        }
        return null;
    }

    /** {@return the table: os.arch values and their declaring classes, alternately; a copy} */
    public static String[] declared() {
        return DECLARED.clone();
    }

    /**
     * The first answer of this machine, from the layer of the module that serves {@code osArch}.
     *
     * @param osArch this JVM's {@code os.arch}
     * @return the answer; null when no such module is on the class path, it offers no layer, its layer
     *         cannot answer here, or {@code os.arch} does not describe this process ({@link JvmArch#mismatch()}):
     *         the full probe answers then
     */
    public static FirstAnswer probe(String osArch) {
        String name = declaring(osArch);
        if (name == null || JvmArch.mismatch() != null) {
            // os.arch set to another architecture than the process's: the layer would read this machine's words as
            // that architecture's (x86's AT_HWCAP as arm64's), in silence; the full probe refuses it, in one WARN
            return null;
        }
        try {
            Class.forName(name, true, FirstLayers.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError notHere) {
            return null;
        }
        FirstLayer layer;
        synchronized (OFFERED) {
            layer = find(name);
        }
        return layer == null ? null : layer.probe();
    }

    private static FirstLayer find(String className) {
        for (int i = 0; i < offers; i++) {
            if (OFFERED[i].getClass().getName().equals(className)) {
                return OFFERED[i];
            }
        }
        return null;
    }
}
