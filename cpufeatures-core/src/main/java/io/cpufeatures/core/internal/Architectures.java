package io.cpufeatures.core.internal;

import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.kit.Architecture;
import io.cpufeatures.core.kit.FeatureVocabulary;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Supplier;

/**
 * The architecture modules on the class path, found once with {@link ServiceLoader}, and the one
 * name index built from their vocabularies. Internal: the facade, the JVM view and the dump reader
 * share it; users reach it through {@link io.cpufeatures.core.CpuFeatures}.
 */
public final class Architectures {

    /** The log, in a class of its own: this class's initialiser loads nothing of the library's (a short stack). */
    private static final class Logged {
        static final Log LOG = Log.of(Architectures.class);
    }

    /**
     * The published module for each architecture, by the {@code os.arch} values of its JVMs, so an
     * error can name what to add when a machine's module is missing.
     */
    private static final Map<String, String> MODULES = Map.of("amd64", "io.cpufeatures:cpufeatures-x86",
            "x86_64", "io.cpufeatures:cpufeatures-x86", "aarch64", "io.cpufeatures:cpufeatures-aarch64",
            "arm64", "io.cpufeatures:cpufeatures-aarch64", "ppc64le", "io.cpufeatures:cpufeatures-ppc64le");

    private final List<ArchitectureModule> providers;
    private final Vocabulary vocabulary;

    /**
     * The modules {@code providers}, less any whose vocabulary cannot be read (left out with a
     * warning, as one that fails to load is: a broken module must not take the others down).
     */
    public static Architectures of(List<ArchitectureModule> providers) {
        List<ArchitectureModule> kept = new ArrayList<>();
        List<FeatureVocabulary> vocabularies = new ArrayList<>();
        for (ArchitectureModule p : providers) {
            try {
                vocabularies.add(Objects.requireNonNull(p.vocabulary(), "vocabulary() returned null"));
                kept.add(p);
            } catch (RuntimeException | LinkageError e) {
                Once.rethrowIfMomentary(e);
                Logged.LOG.warn("cpufeatures: the architecture module {} has no readable vocabulary and is left out: {}",
                        p.getClass().getName(), e.toString());
            }
        }
        return new Architectures(kept, new Vocabulary(JvmView.CORE_GATES, vocabularies));
    }

    private Architectures(List<ArchitectureModule> providers, Vocabulary vocabulary) {
        this.providers = List.copyOf(providers);
        this.vocabulary = vocabulary;
    }

    /** The modules of this class path, found on first use ({@link Once}: a failure of the moment is not kept). */
    private static final class Instance {
        static final Once<Architectures> INSTANCE = new Once<>(new OnClassPath());
    }

    /** Finds the modules. A class, not a lambda: this class may initialise on a short stack. */
    private static final class OnClassPath implements Supplier<Architectures> {
        @Override
        public Architectures get() {
            ClassLoader loader = Architectures.class.getClassLoader();
            @SuppressWarnings({"rawtypes", "unchecked"})
            Iterator<Architecture<?, ?, ?, ?>> it = (Iterator) ServiceLoader.load(Architecture.class, loader).iterator();
            List<ArchitectureModule> modules = load(it);
            // the core's own tests stand in a module of their own, made directly (a module implements Architecture)
            Iterator<ArchitectureModule> made = ServiceLoader.load(ArchitectureModule.class, loader).iterator();
            while (made.hasNext()) {
                modules.add(made.next());
            }
            return of(modules);
        }
    }

    /** The modules of this class path, loaded on first use. */
    public static Architectures get() {
        return Instance.INSTANCE.get();
    }

    /**
     * The providers {@code it} yields; one that fails to load (a missing dependency, a bad service
     * file) is left out with a warning, and the others still serve.
     */
    public static List<ArchitectureModule> load(Iterator<? extends Architecture<?, ?, ?, ?>> it) {
        List<ArchitectureModule> list = new ArrayList<>();
        while (true) {
            try {
                if (!it.hasNext()) {
                    break;
                }
                list.add(KitModule.of(it.next()));
            } catch (ServiceConfigurationError | LinkageError e) {
                // a provider that could not be made for want of stack or memory is not left out for good
                Once.rethrowIfMomentary(e);
                Logged.LOG.warn("cpufeatures: an architecture module could not be loaded and is left out: {}", e.toString());
            }
        }
        return list;
    }

    /** The providers, in class-path order. */
    public List<ArchitectureModule> providers() {
        return providers;
    }

    /** The name index of every module, and of the core's {@code jvm.*} gates. */
    public Vocabulary vocabulary() {
        return vocabulary;
    }

    /** Every {@code jvm.*} gate: the core's, then each module's. */
    public List<JvmGate> jvmGates() {
        return vocabulary.jvmGates();
    }

    /** The provider that probes a JVM of this {@code os.arch}, if one is on the class path. */
    public Optional<ArchitectureModule> forOsArch(String osArch) {
        return providers.stream().filter(p -> p.runsOn(osArch)).findFirst();
    }

    /**
     * The published module that reads an architecture's dumps, by the architecture's name as modules and
     * {@code os.arch} give it ({@code x86_64}, {@code aarch64}, {@code ppc64le}).
     *
     * @param architecture the architecture's name
     * @return the module's Maven coordinates; empty when cpufeatures has none for it
     */
    public static Optional<String> artifact(String architecture) {
        return Optional.ofNullable(MODULES.get(architecture));
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
        String module = MODULES.get(osArch);
        return Optional.of(module == null
                ? "No cpufeatures module supports os.arch=" + osArch
                : "No module for this machine (os.arch=" + osArch + ") is on the class path: add " + module);
    }
}
