package io.cpufeatures.core;

import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.spi.ArchitectureFeatures;
import io.cpufeatures.core.spi.CpuFeaturesProvider;
import io.cpufeatures.core.spi.CpuFeaturesProvider.ProbeResult;
import io.cpufeatures.core.spi.NoCpuInformation;
import io.cpufeatures.core.spi.ProbeSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the CPU under this JVM can really run, and what the JIT will compile: an immutable report
 * of present, usable and preferred features, the reasons for every refusal, the JVM's view and
 * the source of the answer.
 *
 * <p>{@link #current()} probes once per process and caches the report (CPUID is serialising and,
 * in a virtual machine, a trap to the hypervisor: about 6.6 µs each here). {@link #of(CpuSnapshot)}
 * decodes any snapshot without touching global state. Names are canonical names, aliases,
 * policy flags ({@code prefer_ymm}) or {@code jvm.*} features; an unknown name always throws.
 */
public final class CpuFeatures {

    private static final Logger LOG = LoggerFactory.getLogger(CpuFeatures.class);

    private final ArchitectureFeatures arch;
    private final ProbeSource source;
    private final JvmView jvmOverride;
    private final Set<String> jvmDisabled;
    private final Map<String, Boolean> answers;
    /** The jvm.* answers, computed on the first jvm.* question (the JVM view costs milliseconds). */
    private volatile Map<String, Boolean> jvmAnswers;

    private CpuFeatures(ArchitectureFeatures arch, ProbeSource source, JvmView jvmOverride, Set<String> jvmDisabled) {
        this.arch = Objects.requireNonNull(arch, "arch");
        this.source = Objects.requireNonNull(source, "source");
        this.jvmOverride = jvmOverride;
        this.jvmDisabled = Set.copyOf(jvmDisabled);
        Map<String, Boolean> a = new HashMap<>();
        for (Map.Entry<String, String> e : arch.names().entrySet()) {
            String canonical = e.getValue();
            a.put(e.getKey(), arch.usable().contains(canonical) || arch.policyFlags().contains(canonical));
        }
        this.answers = Map.copyOf(a);
    }

    /** The outcome of the process-wide probe: the report, or the configuration error to rethrow. */
    private record Outcome(CpuFeatures features, RuntimeException failure) {
    }

    /** Class-holder idiom: the JVM runs the probe exactly once, on first use, whatever the threads. */
    private static final class Holder {
        static final Outcome CURRENT = probeOnce();

        private static Outcome probeOnce() {
            try {
                return new Outcome(probe(ProbeSettings.fromSystem()), null);
            } catch (RuntimeException e) {
                return new Outcome(null, e);
            }
        }
    }

    /** The providers on the class path, loaded once. */
    private static final class Providers {
        static final List<CpuFeaturesProvider> ALL = load();

        private static List<CpuFeaturesProvider> load() {
            List<CpuFeaturesProvider> list = new ArrayList<>();
            ServiceLoader.load(CpuFeaturesProvider.class, CpuFeatures.class.getClassLoader()).forEach(list::add);
            return List.copyOf(list);
        }
    }

    /**
     * The report of this process's CPU, probed on first call and cached: later calls cost a field
     * read. Honours {@code cpufeatures.disable}, {@code cpufeatures.cpuid.file},
     * {@code cpufeatures.xcr0} and {@code cpufeatures.probe}, read once before the probe.
     *
     * @throws CpuFeaturesConfigurationException on every call, if an override is invalid
     */
    public static CpuFeatures current() {
        Outcome o = Holder.CURRENT;
        if (o.failure() != null) {
            throw new CpuFeaturesConfigurationException(o.failure().getMessage(), o.failure());
        }
        return o.features();
    }

    /**
     * A fresh probe of this process's CPU, bypassing the cache: CPUID runs again on every call. For
     * benchmarks that measure the probe itself (and to show what per-context probing costs); use
     * {@link #current()} everywhere else.
     */
    public static CpuFeatures probeUncached() {
        return probe(ProbeSettings.fromSystem());
    }

    /** Probes with explicit settings, without touching the cache (tests, tools). */
    public static CpuFeatures probe(ProbeSettings settings) {
        long start = System.nanoTime();
        String osArch = System.getProperty("os.arch", "unknown");
        CpuFeaturesProvider provider = null;
        for (CpuFeaturesProvider p : Providers.ALL) {
            if (p.runsOn(osArch)) {
                provider = p;
                break;
            }
        }
        if (provider == null && settings.cpuidFile().isPresent() && !Providers.ALL.isEmpty()) {
            provider = Providers.ALL.get(0);
        }
        ProbeResult result;
        if (provider == null || (settings.probe().equals("none") && settings.cpuidFile().isEmpty())) {
            String why = provider == null
                    ? "no cpufeatures module for os.arch=" + osArch + " on the class path"
                    : "forced by cpufeatures.probe=none";
            result = new ProbeResult(new NoCpuInformation(osArch), new ProbeSource("none", why, List.of(),
                    Duration.ofNanos(System.nanoTime() - start)));
        } else {
            result = provider.probe(settings);
        }
        CpuFeatures features = new CpuFeatures(result.features(), result.source(), null, Set.of());
        if (!settings.disable().isEmpty()) {
            try {
                features = features.without(settings.disable());
            } catch (UnknownFeatureException e) {
                throw new CpuFeaturesConfigurationException("cpufeatures.disable: " + e.getMessage(), e);
            }
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("cpufeatures: {} CPU from {} in {} us", features.architecture(), features.source(),
                    features.source().elapsed().toNanos() / 1000);
        }
        return features;
    }

    /**
     * Decodes {@code snapshot} (a dump, a hand-built CPU) with no global state and no overrides.
     *
     * @throws IllegalArgumentException if no module on the class path decodes its architecture
     */
    public static CpuFeatures of(CpuSnapshot snapshot) {
        Objects.requireNonNull(snapshot, "snapshot");
        for (CpuFeaturesProvider p : Providers.ALL) {
            Optional<ProbeResult> r = p.decode(snapshot);
            if (r.isPresent()) {
                return new CpuFeatures(r.get().features(), r.get().source(), null, Set.of());
            }
        }
        throw new IllegalArgumentException("no cpufeatures module decodes " + snapshot.architecture()
                + " snapshots; modules on the class path: " + Providers.ALL.stream().map(CpuFeaturesProvider::architecture).toList());
    }

    /**
     * The canonical name of {@code name} in any module on the class path, or the {@code jvm.*} name.
     *
     * @param where where the name was read, for the error ("cpufeatures.disable", an annotation...)
     * @throws UnknownFeatureException naming the closest valid names when no module knows it
     */
    public static String canonicalName(String name, String where) {
        String jvm = name.trim().toLowerCase(Locale.ROOT);
        if (JvmView.isJvmName(jvm)) {
            return jvm;
        }
        for (CpuFeaturesProvider p : Providers.ALL) {
            Optional<String> c = p.canonicalName(name);
            if (c.isPresent()) {
                return c.get();
            }
        }
        List<String> all = new ArrayList<>(JvmView.NAMES);
        Providers.ALL.forEach(p -> all.addAll(p.canonicalNames()));
        List<String> suggestions = new ArrayList<>(NameSuggestions.closest(name, all, 5));
        for (CpuFeaturesProvider p : Providers.ALL) {
            for (String s : p.suggestions(name)) {
                if (!suggestions.contains(s) && suggestions.size() < 5) {
                    suggestions.add(s);
                }
            }
        }
        throw new UnknownFeatureException(name, where, suggestions);
    }

    /** The architecture of the CPU ({@code x86_64}), or {@code os.arch} when no module handles it. */
    public String architecture() {
        return arch.architecture();
    }

    /** Where the answer came from, and which better sources failed first and why. */
    public ProbeSource source() {
        return source;
    }

    /**
     * Whether {@code name} holds: a usable feature, a policy flag that applies, or a {@code jvm.*}
     * feature the JIT will compile. A name known to another architecture's module reads false.
     *
     * @throws UnknownFeatureException if no module knows the name, with the closest valid names
     */
    public boolean has(String name) {
        Boolean known = answers.get(name);
        if (known != null) {
            return known;
        }
        Map<String, Boolean> jvmKnown = jvmAnswers;
        if (jvmKnown == null) {
            Map<String, Boolean> a = new HashMap<>();
            JvmView view = jvm();
            for (String n : JvmView.NAMES) {
                a.put(n, view.has(n));
            }
            jvmAnswers = jvmKnown = Map.copyOf(a);
        }
        known = jvmKnown.get(name);
        if (known != null) {
            return known;
        }
        return reasons(name).isEmpty();
    }

    /** Whether the CPU reports the feature named {@code name}, usable or not. */
    public boolean isPresent(String name) {
        String canonical = canonicalName(name, "CpuFeatures.isPresent");
        return arch.present().contains(canonical);
    }

    /** Why {@code name} does not hold ({@link #has}); empty when it does. */
    public List<Reason> reasons(String name) {
        String canonical = canonicalName(name, "CpuFeatures.has");
        if (JvmView.isJvmName(canonical)) {
            if (jvmDisabled.contains(canonical)) {
                return List.of(new Reason(ReasonKind.DISABLED, "disabled by cpufeatures.disable"));
            }
            return jvm().reasons(canonical);
        }
        return arch.reasons(canonical);
    }

    /** Canonical names of the features the CPU reports. */
    public Set<String> present() {
        return arch.present();
    }

    /** Canonical names of the features a program may use. */
    public Set<String> usable() {
        return arch.usable();
    }

    /** For each present feature that is not usable, its reasons, root reason first. */
    public Map<String, List<Reason>> notUsable() {
        return arch.notUsable();
    }

    /** The policy flags that apply ({@code prefer_ymm}). */
    public Set<String> policyFlags() {
        return arch.policyFlags();
    }

    /** Identity facts for reports (vendor, brand, microarchitecture...), in display order. */
    public Map<String, String> identity() {
        return arch.identity();
    }

    /** The JVM's view: this JVM's unless replaced with {@link #withJvm(JvmView)}. */
    public JvmView jvm() {
        JvmView view = jvmOverride != null ? jvmOverride : JvmView.current();
        return jvmDisabled.isEmpty() ? view : view.without(jvmDisabled);
    }

    /**
     * The same report with {@code names} removed, as if the CPU (or JIT) lacked them: what depends
     * on them falls too, each with the reason "disabled".
     *
     * @throws UnknownFeatureException for a name no module knows
     */
    public CpuFeatures without(Collection<String> names) {
        Set<String> archNames = new LinkedHashSet<>();
        Set<String> jvmNames = new LinkedHashSet<>(jvmDisabled);
        for (String n : names) {
            String canonical = canonicalName(n, "cpufeatures.disable");
            if (JvmView.isJvmName(canonical)) {
                jvmNames.add(canonical);
            } else if (arch.names().containsValue(canonical)) {
                archNames.add(canonical);
            }
        }
        return new CpuFeatures(archNames.isEmpty() ? arch : arch.without(archNames), source, jvmOverride, jvmNames);
    }

    /** The same CPU seen from another JVM (emulation: "what if MaxVectorSize were 32?"). */
    public CpuFeatures withJvm(JvmView jvm) {
        return new CpuFeatures(arch, source, Objects.requireNonNull(jvm, "jvm"), jvmDisabled);
    }

    /** The architecture module's own description of the CPU, if it is of {@code type}. */
    public <T> Optional<T> unwrap(Class<T> type) {
        Object details = arch.details();
        return type.isInstance(details) ? Optional.of(type.cast(details)) : Optional.empty();
    }

    @Override
    public String toString() {
        return "CpuFeatures[" + architecture() + " " + identity() + ", " + usable().size() + " usable of "
                + present().size() + " present, policy " + policyFlags() + ", source " + source + "]";
    }
}
