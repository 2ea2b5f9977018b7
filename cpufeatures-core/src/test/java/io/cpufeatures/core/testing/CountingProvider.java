package io.cpufeatures.core.testing;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.kit.DecodedCpu;
import io.cpufeatures.core.internal.ArchitectureModule;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.kit.FeatureVocabulary;
import io.cpufeatures.core.ProbeMode;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The only provider on the core module's test class path: it "probes" by sleeping 50 ms (so that
 * racing threads really overlap) and counts how often it was asked. Its vocabulary is
 * {@link FakeFeatures}' names, a group "fake-all" and two JIT gates reading real HotSpot flags.
 * It reads "dumps" whose text is {@code fake CPUs N}. With {@code -Dcpufeatures.test.probeError} its
 * probe fails with a {@link LinkageError}.
 */
public final class CountingProvider implements ArchitectureModule {

    private static final AtomicInteger PROBES = new AtomicInteger();

    public CountingProvider() {
    }

    /** How many probes ran in this JVM. */
    public static int probes() {
        return PROBES.get();
    }

    @Override
    public String architecture() {
        return "fake";
    }

    @Override
    public boolean runsOn(String osArch) {
        // -Dcpufeatures.test.noModule=true: a JVM for which no module is on the class path.
        return !Boolean.getBoolean("cpufeatures.test.noModule");
    }

    @Override
    public ProbeResult probe(ProbeMode mode) {
        PROBES.incrementAndGet();
        if (System.getProperty("cpufeatures.test.probeError") != null) {
            // What a JVM that refuses native access does to a JNA-based probe.
            throw new NoClassDefFoundError("Could not initialize class com.sun.jna.Native (test)");
        }
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new ProbeResult(new FakeFeatures(Set.of()), new ProbeSource(SourceKind.NATIVE, "counting fake", List.of(),
                Duration.ofMillis(50)));
    }

    @Override
    public Optional<DecodedCpu> decode(CpuSnapshot snapshot) {
        return snapshot instanceof FakeSnapshot ? Optional.of(new FakeFeatures(Set.of())) : Optional.empty();
    }

    @Override
    public List<CpuDescription.FactKind> facts() {
        return List.of(FakeFeatures.VENDOR);
    }

    @Override
    public List<JvmGate> jvmGates() {
        return vocabulary().jvmGates();
    }

    @Override
    public boolean canonical(String name) {
        return false;
    }

    @Override
    public FeatureVocabulary vocabulary() {
        return new FeatureVocabulary() {
            @Override
            public String architecture() {
                return "fake";
            }

            @Override
            public Map<String, List<String>> features() {
                Map<String, List<String>> m = new LinkedHashMap<>();
                m.put("alpha", List.of());
                m.put("beta", List.of("b"));
                m.put("gamma", List.of());
                return m;
            }

            @Override
            public List<String> policyFlags() {
                return List.of("slow_wide");
            }

            @Override
            public Map<String, List<String>> groups() {
                return Map.of("fake-all", List.of("beta", "gamma"));
            }

            @Override
            public List<JvmGate> jvmGates() {
                return List.of(JvmGate.atLeast("jvm.fake_level3", "UseAVX", 3),
                        JvmGate.enabled("jvm.fake_bmi2", "UseBMI2Instructions"));
            }

            @Override
            public Map<String, List<String>> jvmGatesOf() {
                return Map.of("beta", List.of("jvm.fake_bmi2", "jvm.vector256"));
            }

            @Override
            public String acceptedNames() {
                return "fake names (alpha, beta) and aliases (b)";
            }
        };
    }

    @Override
    public Set<String> assumptions() {
        return Set.of();
    }

    @Override
    public List<String> vectorFlags() {
        return List.of();
    }

    @Override
    public Set<String> ownHotSpotFlags() {
        return Set.of();
    }

    @Override
    public Optional<Map<String, String>> hotSpotFlags(CpuSnapshot snapshot,
            io.cpufeatures.core.kit.HotSpotStart start, java.util.Collection<String> names) {
        // the fake has no HotSpot rules: the JVM's view asks the MXBean
        return Optional.empty();
    }

    @Override
    public io.cpufeatures.core.kit.HotSpotFeatureList hotSpotFeatures(CpuSnapshot snapshot,
            io.cpufeatures.core.kit.HotSpotStart start) {
        return io.cpufeatures.core.kit.HotSpotFeatureList.unanswered(start.jdk(), "the fake has no HotSpot rules");
    }

    @Override
    public java.util.OptionalInt vectorBits(Map<String, String> flags, int maxVectorSize,
            io.cpufeatures.core.jvm.LaneType lane, java.util.function.Predicate<String> runningCpu) {
        // the fake's compiler gives every lane type MaxVectorSize
        return java.util.OptionalInt.of(io.cpufeatures.core.kit.VectorLanes.bits(lane, maxVectorSize));
    }

    @Override
    public Optional<SnapshotDump<CpuSnapshot>> parseDump(String file, String text, Map<String, String> assume) throws DumpFormatException {
        if (!text.startsWith("fake CPUs ")) {
            return Optional.empty();
        }
        int n;
        try {
            n = Integer.parseInt(text.substring("fake CPUs ".length()).trim());
        } catch (NumberFormatException e) {
            throw new DumpFormatException(file, 1, "expected 'fake CPUs N' with N a number");
        }
        if (n < 1) {
            throw new DumpFormatException(file, 1, "expected 'fake CPUs N' with N at least 1");
        }
        return Optional.of(new SnapshotDump<CpuSnapshot>(file, "fake", n, List.of(new CpuKind<>(new FakeSnapshot(
                SnapshotSource.file(file + " logical CPU 0")), n, 0))));
    }

    @Override
    public String unrecognisedDump() {
        return "not a fake dump; accepted: 'fake CPUs N'";
    }

    @Override
    public String writeDump(List<CpuSnapshot> snapshots) {
        return "fake CPUs " + snapshots.size() + "\n";
    }
}
