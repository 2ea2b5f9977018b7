package io.cpufeatures.core.kit;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.trace.Trace;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What every core type of a hybrid machine can run: the answer a process gets, since the OS may move
 * any thread to any core between two instructions and a choice made on one core type must hold on all.
 *
 * <ul>
 *   <li>usable: the features usable on every core type;</li>
 *   <li>present: the features some core type reports, so that a feature only some have is listed as
 *       present but not usable, with, for each core type that cannot run it, that type's own reason
 *       ({@code efficiency cores: ...});</li>
 *   <li>policy flags: those that apply to any core type (advice such as preferring 256-bit vectors
 *       holds for the whole process if one core type needs it);</li>
 *   <li>identity, description, snapshot and the details: the first core type's, the one the probe ran
 *       on first; traces: the first core type's that does not hold the name, else the first's.</li>
 * </ul>
 * Built by the core from a probe's core kinds; immutable.
 */
public final class CoreTypeIntersection implements DecodedCpu {

    private final List<CpuKind<DecodedCpu>> kinds;
    private final Set<String> present;
    private final Set<String> usable;
    private final Map<String, List<Reason>> notUsable;
    private final Set<String> policy;

    /**
     * The intersection of {@code kinds}.
     *
     * @param kinds the core types of one machine, the one the probe ran on first; not null
     * @throws IllegalArgumentException with fewer than two kinds, or kinds of different architectures
     */
    public CoreTypeIntersection(List<CpuKind<DecodedCpu>> kinds) {
        this.kinds = List.copyOf(kinds);
        if (this.kinds.size() < 2) {
            throw new IllegalArgumentException("an intersection of core types needs two or more, not " + kinds.size());
        }
        String arch = this.kinds.get(0).cpu().architecture();
        Set<String> p = new LinkedHashSet<>();
        Set<String> u = new LinkedHashSet<>(this.kinds.get(0).cpu().usableNames());
        Set<String> flags = new LinkedHashSet<>();
        for (CpuKind<DecodedCpu> k : this.kinds) {
            if (!k.cpu().architecture().equals(arch)) {
                throw new IllegalArgumentException("core types of one machine share an architecture: " + arch + " and "
                        + k.cpu().architecture());
            }
            p.addAll(k.cpu().presentNames());
            u.retainAll(k.cpu().usableNames());
            flags.addAll(k.cpu().policyFlags());
        }
        Map<String, List<Reason>> n = new LinkedHashMap<>();
        for (String name : p) {
            if (!u.contains(name)) {
                n.put(name, reasonsOf(name));
            }
        }
        this.present = Collections.unmodifiableSet(p);
        this.usable = Collections.unmodifiableSet(u);
        this.notUsable = Collections.unmodifiableMap(n);
        this.policy = Collections.unmodifiableSet(flags);
    }

    /** {@return the core types, in the order found} */
    public List<CpuKind<DecodedCpu>> kinds() {
        return kinds;
    }

    /** The reasons of every core type that does not hold {@code canonicalName}, each prefixed with its core type. */
    private List<Reason> reasonsOf(String canonicalName) {
        List<Reason> r = new ArrayList<>();
        for (CpuKind<DecodedCpu> k : kinds) {
            List<Reason> own = k.cpu().reasons(canonicalName);
            if (!own.isEmpty()) {
                r.add(new Reason(own.get(0).kind(), label(k) + " cores: " + own.get(0).detail()));
            }
        }
        return List.copyOf(r);
    }

    private static String label(CpuKind<DecodedCpu> k) {
        // a kind from a dump names no core type: its microarchitecture (an AArch64 big.LITTLE dump's Cortex-A76) does
        return k.cpu().coreType().orElseGet(() -> Optional.ofNullable(k.cpu().identityFacts().get("microarchitecture"))
                .filter(m -> !m.isEmpty()).orElse("some"));
    }

    /**
     * The core types and their logical CPUs, in words.
     *
     * @return e.g. {@code every core type (performance: 8 logical CPUs, efficiency: 12)}
     */
    public String describeKinds() {
        StringBuilder sb = new StringBuilder("every core type (");
        for (int i = 0; i < kinds.size(); i++) {
            CpuKind<DecodedCpu> k = kinds.get(i);
            sb.append(i == 0 ? "" : ", ").append(label(k)).append(": ").append(k.logicalCpus())
                    .append(i == 0 ? " logical CPU" + (k.logicalCpus() == 1 ? "" : "s") : "");
        }
        return sb.append(')').toString();
    }

    @Override
    public String architecture() {
        return kinds.get(0).cpu().architecture();
    }

    @Override
    public Set<String> presentNames() {
        return present;
    }

    @Override
    public Set<String> usableNames() {
        return usable;
    }

    @Override
    public Map<String, List<Reason>> notUsableByName() {
        return notUsable;
    }

    @Override
    public List<Reason> reasons(String canonicalName) {
        return reasonsOf(canonicalName);
    }

    @Override
    public Set<String> policyFlags() {
        return policy;
    }

    @Override
    public Optional<Trace> trace(String canonicalName) {
        for (CpuKind<DecodedCpu> k : kinds) {
            if (!k.cpu().reasons(canonicalName).isEmpty()) {
                return k.cpu().trace(canonicalName);
            }
        }
        return kinds.get(0).cpu().trace(canonicalName);
    }

    @Override
    public DecodedCpu without(Set<String> canonicalNames) {
        List<CpuKind<DecodedCpu>> fewer = new ArrayList<>();
        for (CpuKind<DecodedCpu> k : kinds) {
            fewer.add(k.as(k.cpu().without(canonicalNames)));
        }
        return new CoreTypeIntersection(fewer);
    }

    @Override
    public Map<String, String> identityFacts() {
        Map<String, String> m = new LinkedHashMap<>(kinds.get(0).cpu().identityFacts());
        m.put("coreTypes", describeKinds());
        return Collections.unmodifiableMap(m);
    }

    @Override
    public CpuDescription describe(int logicalCpus) {
        return kinds.get(0).cpu().describe(logicalCpus);
    }

    @Override
    public Optional<CpuSnapshot> decodedFrom() {
        return kinds.get(0).cpu().decodedFrom();
    }

    @Override
    public List<Object> facts() {
        return kinds.get(0).cpu().facts();
    }
}
