package io.cpufeatures.core.internal;

import io.cpufeatures.core.FeatureName;

import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.kit.FeatureVocabulary;
import io.cpufeatures.os.JvmArch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The one registry of architecture modules: a table of the {@code os.arch} values each of the project's modules
 * serves, the class that binds it (its {@code Architecture}, whose initialiser {@linkplain #offer offers} it here) and
 * its artifact. A process asks for the module of its own {@code os.arch} ({@link #running()}): that class alone is
 * loaded, by name ({@link Class#forName(String, boolean, ClassLoader)}: no resource read, no service file, no other
 * module's class). Every entry is loaded only where every architecture is asked for ({@link #get()}: reading a dump,
 * a name no module of this machine knows), and with them the one name index of them all ({@link Vocabulary}).
 *
 * <p>The modules' descriptors still declare the {@code Architecture} service, so that an application on the module
 * path resolves them; nothing here reads it. Internal.
 */
public final class Architectures {

    /** Each {@code os.arch} value of the project's modules, the class that binds its architecture, its artifact. */
    private static final String[] TABLE = {
        "amd64", "io.cpufeatures.x86.rules.X86Architecture", "io.cpufeatures:cpufeatures-x86",
        "x86_64", "io.cpufeatures.x86.rules.X86Architecture", "io.cpufeatures:cpufeatures-x86",
        "aarch64", "io.cpufeatures.aarch64.rules.AArch64Architecture", "io.cpufeatures:cpufeatures-aarch64",
        "arm64", "io.cpufeatures.aarch64.rules.AArch64Architecture", "io.cpufeatures:cpufeatures-aarch64",
        "ppc64le", "io.cpufeatures.ppc64le.rules.Ppc64leArchitecture", "io.cpufeatures:cpufeatures-ppc64le",
    };

    /** The modules offered so far, in the order offered; guarded by itself. */
    private static final List<ArchitectureModule> OFFERED = new ArrayList<>(4);

    private final List<ArchitectureModule> providers;
    private volatile Vocabulary vocabulary;

    private Architectures(List<ArchitectureModule> providers) {
        this.providers = List.copyOf(providers);
    }

    /**
     * Offers {@code module} to the registry: called by the initialiser of the class a module's entry names (and by
     * tests, for a module of their own). A second module of the same architecture replaces nothing.
     *
     * @param module the module; not null
     */
    public static void offer(ArchitectureModule module) {
        Objects.requireNonNull(module, "module");
        synchronized (OFFERED) {
            for (ArchitectureModule m : OFFERED) {
                if (m.architecture().equals(module.architecture())) {
                    return;
                }
            }
            OFFERED.add(module);
        }
    }

    /**
     * The registry of exactly {@code providers} (tests, tools): their vocabulary is built when first asked.
     *
     * @param providers the modules; not null
     * @return the registry
     */
    public static Architectures of(List<ArchitectureModule> providers) {
        return new Architectures(providers);
    }

    /** The module of this JVM's {@code os.arch}, found once. */
    private static final class Running {
        static final Optional<ArchitectureModule> MODULE = find(JvmArch.osArch());
    }

    /**
     * {@return the module that probes a JVM of this process's {@code os.arch}: its class alone is loaded; empty when
     * no such module is on the class path}
     */
    public static Optional<ArchitectureModule> running() {
        return Running.MODULE;
    }

    /** The offered module that runs on {@code osArch}, after loading the class its entry names. */
    private static Optional<ArchitectureModule> find(String osArch) {
        Optional<ArchitectureModule> offered = offeredFor(osArch);
        if (offered.isPresent()) {
            return offered;
        }
        for (int i = 0; i < TABLE.length; i += 3) {
            if (TABLE[i].equals(osArch)) {
                load(TABLE[i + 1]);
            }
        }
        return offeredFor(osArch);
    }

    private static Optional<ArchitectureModule> offeredFor(String osArch) {
        synchronized (OFFERED) {
            for (ArchitectureModule m : OFFERED) {
                if (m.runsOn(osArch)) {
                    return Optional.of(m);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Initialises the class that binds an architecture, which offers its module; absent, or unable to link, nothing is
     * offered and the others serve.
     */
    static void load(String className) {
        try {
            Class.forName(className, true, Architectures.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError notHere) {
            // the module is not on the class path (or cannot link there): its architecture is not served
            Once.rethrowIfMomentary(notHere);
        }
    }

    /** The registry of the running module alone (none where it is missing), made once. */
    private static final class OfRunning {
        static final Architectures RUNNING = new Architectures(running().isPresent() ? List.of(running().get())
                : List.of());
    }

    /**
     * {@return the registry of this process's own module alone: what its probe and its first questions need, no other
     * module's class loaded}
     */
    public static Architectures ofRunning() {
        return OfRunning.RUNNING;
    }

    /** Each architecture's own name index, by the architecture's name; guarded by itself. */
    private static final Map<String, Vocabulary> OWN = new HashMap<>();

    /**
     * The names of one architecture's module and the core's {@code jvm.*} gates: what a report of one of its CPUs
     * answers from its own sets, without any other module's vocabulary. Built once per architecture; for an
     * architecture no module serves, every module's ({@link #vocabulary()} of {@link #get()}).
     *
     * @param architecture the architecture's name ({@code x86_64})
     * @return its names
     */
    public static Vocabulary vocabularyOf(String architecture) {
        synchronized (OWN) {
            Vocabulary v = OWN.get(architecture);
            if (v == null) {
                Optional<ArchitectureModule> module = running().isPresent()
                        && running().get().architecture().equals(architecture) ? running()
                        : get().forArchitecture(architecture);
                v = module.isEmpty() ? get().vocabulary()
                        : new Vocabulary(JvmGate.CORE, List.of(module.get().vocabulary()));
                OWN.put(architecture, v);
            }
            return v;
        }
    }

    /**
     * What {@code name} names, asked for {@code architecture}: by that architecture's own names and the core's
     * {@code jvm.*} gates first ({@link #vocabularyOf}), built without any other module's; by every module's only
     * where those do not know it (another architecture's feature, or a misspelling, which is then the error).
     *
     * @param architecture the architecture asking ({@code x86_64}); null for none (every module's names)
     * @param name         the name as written; not null
     * @param where        where it was read, for the error; not null
     * @return what it names
     * @throws io.cpufeatures.core.UnknownFeatureException when no module knows it
     */
    public static FeatureName name(String architecture, String name, String where) {
        if (architecture != null) {
            Optional<FeatureName> own = vocabularyOf(architecture).find(name);
            if (own.isPresent()) {
                return own.get();
            }
        }
        return get().vocabulary().resolve(name, where);
    }

    /**
     * Whether {@code name}, as written, is canonical on this process's machine: a feature or policy flag of its
     * module's tables, or a {@code jvm.*} gate of the core or of that module. Read from the tables, no vocabulary
     * built: what a dispatch point's requirements name, mostly.
     *
     * @param name a name; not null
     * @return whether it is the canonical name of something the running machine answers
     */
    public static boolean canonicalOnRunning(String name) {
        for (JvmGate g : JvmGate.CORE) {
            if (g.name().equals(name)) {
                return true;
            }
        }
        Optional<ArchitectureModule> m = running();
        if (m.isEmpty()) {
            return false;
        }
        for (JvmGate g : m.get().jvmGates()) {
            if (g.name().equals(name)) {
                return true;
            }
        }
        return m.get().canonical(name);
    }

    /** {@return the provider of {@code architecture} ({@code x86_64}), if one is here} */
    public Optional<ArchitectureModule> forArchitecture(String architecture) {
        for (ArchitectureModule p : providers) {
            if (p.architecture().equals(architecture)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Every module of the table, found on first use. */
    private static final class All {
        static final Architectures ALL = every();

        private static Architectures every() {
            for (int i = 0; i < TABLE.length; i += 3) {
                load(TABLE[i + 1]);
            }
            synchronized (OFFERED) {
                return new Architectures(OFFERED);
            }
        }
    }

    /** {@return every module of the table on the class path (and any a test offered), each class loaded once} */
    public static Architectures get() {
        return All.ALL;
    }

    /** The providers, in the table's order. */
    public List<ArchitectureModule> providers() {
        return providers;
    }

    /**
     * The name index of every module here, and of the core's {@code jvm.*} gates, built when first asked. A module
     * whose vocabulary cannot be read is left out of it, with one WARN line: a broken module must not take the others'
     * names down.
     */
    public Vocabulary vocabulary() {
        Vocabulary v = vocabulary;
        if (v == null) {
            List<FeatureVocabulary> vocabularies = new ArrayList<>();
            for (ArchitectureModule p : providers) {
                try {
                    vocabularies.add(Objects.requireNonNull(p.vocabulary(), "vocabulary() returned null"));
                } catch (RuntimeException | LinkageError e) {
                    Once.rethrowIfMomentary(e);
                    Log.of(Architectures.class).warn("cpufeatures: the architecture module {} has no readable"
                            + " vocabulary and is left out of the names: {}", p.getClass().getName(), e.toString());
                }
            }
            vocabulary = v = new Vocabulary(JvmGate.CORE, vocabularies);
        }
        return v;
    }

    /**
     * Every {@code jvm.*} gate: the core's, then each module's, a gate two modules share ({@code jvm.aes}) once; read
     * without building any vocabulary.
     *
     * @return the gates, in report order
     * @throws IllegalStateException if two modules give one gate's name different rules
     */
    public List<JvmGate> jvmGates() {
        List<JvmGate> gates = new ArrayList<>(JvmGate.CORE);
        for (ArchitectureModule p : providers) {
            for (JvmGate g : p.jvmGates()) {
                JvmGate earlier = null;
                for (JvmGate e : gates) {
                    if (e.name().equals(g.name())) {
                        earlier = e;
                    }
                }
                if (earlier == null) {
                    gates.add(g);
                } else if (!earlier.equals(g)) {
                    throw new IllegalStateException("the gate " + g.name() + " is " + earlier.rule() + " and " + g.rule()
                            + "; a gate means one thing everywhere");
                }
            }
        }
        return List.copyOf(gates);
    }

    /** The provider that probes a JVM of this {@code os.arch}, if one is here. */
    public Optional<ArchitectureModule> forOsArch(String osArch) {
        for (ArchitectureModule p : providers) {
            if (p.runsOn(osArch)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * The published module that reads an architecture's dumps, by the architecture's name as modules and
     * {@code os.arch} give it ({@code x86_64}, {@code aarch64}, {@code ppc64le}).
     *
     * @param architecture the architecture's name
     * @return the module's Maven coordinates; empty when cpufeatures has none for it
     */
    public static Optional<String> artifact(String architecture) {
        for (int i = 0; i < TABLE.length; i += 3) {
            if (TABLE[i].equals(architecture)) {
                return Optional.of(TABLE[i + 2]);
            }
        }
        return Optional.empty();
    }

    /**
     * {@return the table: each {@code os.arch} value, the class that binds it and its artifact, in turn; a copy}
     */
    public static String[] table() {
        return TABLE.clone();
    }

    /**
     * When no module on the class path runs on {@code osArch}: which one to add, or that none exists,
     * in one sentence.
     */
    public static Optional<String> missingModule(String osArch) {
        return get().missingModuleFor(osArch);
    }

    /**
     * When none of these modules runs on {@code osArch}: which one to add, or that none exists, in one sentence.
     *
     * @param osArch a JVM's {@code os.arch}
     * @return the sentence; empty when a module here runs on it
     */
    public Optional<String> missingModuleFor(String osArch) {
        if (forOsArch(osArch).isPresent()) {
            return Optional.empty();
        }
        Optional<String> module = artifact(osArch);
        return Optional.of(module.isEmpty()
                ? "No cpufeatures module supports os.arch=" + osArch
                : "No module for this machine (os.arch=" + osArch + ") is on the class path: add " + module.get());
    }
}
