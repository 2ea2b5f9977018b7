package io.cpufeatures.core.kit;

import io.cpufeatures.core.kit.DecodedCpu;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.trace.Trace;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The report of a machine no module on the class path can probe (or whose probe was forced off):
 * the architecture's name and nothing else; every CPU feature reads absent.
 */
public final class NoCpuInformation implements DecodedCpu {

    /** The one fact known of such a machine: its {@code os.arch}. */
    public static final CpuDescription.FactKind ARCHITECTURE = new CpuDescription.FactKind("architecture", "architecture",
            CpuDescription.Type.STRING, "only when nothing is known of the CPU: the JVM's os.arch");

    private final String architecture;

    /**
     * The report of a machine of this architecture ({@code os.arch}) with nothing known of its CPU.
     *
     * @param architecture the architecture's name, e.g. the JVM's {@code os.arch}; not null
     */
    public NoCpuInformation(String architecture) {
        this.architecture = Objects.requireNonNull(architecture, "architecture");
    }

    @Override
    public String architecture() {
        return architecture;
    }

    @Override
    public Set<String> presentNames() {
        return Set.of();
    }

    @Override
    public Set<String> usableNames() {
        return Set.of();
    }

    @Override
    public Map<String, List<Reason>> notUsableByName() {
        return Map.of();
    }

    @Override
    public List<Reason> reasons(String canonicalName) {
        return List.of(new Reason(ReasonKind.NOT_PRESENT, "no CPU information on this machine (" + architecture + ")"));
    }

    @Override
    public Set<String> policyFlags() {
        return Set.of();
    }

    @Override
    public Optional<Trace> trace(String canonicalName) {
        return Optional.empty();
    }

    @Override
    public DecodedCpu without(Set<String> canonicalNames) {
        return this;
    }

    @Override
    public Map<String, String> identityFacts() {
        return Map.of("architecture", architecture);
    }

    @Override
    public CpuDescription describe(int logicalCpus) {
        return new CpuDescription(List.of(CpuDescription.Fact.line("architecture", architecture + " (no CPU information)",
                ARCHITECTURE.is(architecture))), List.of(), List.of());
    }

    @Override
    public Optional<CpuSnapshot> decodedFrom() {
        return Optional.empty();
    }

}
