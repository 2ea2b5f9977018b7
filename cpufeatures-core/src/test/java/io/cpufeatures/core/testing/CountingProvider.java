package io.cpufeatures.core.testing;

import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.spi.CpuFeaturesProvider;
import io.cpufeatures.core.spi.ProbeSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The only provider on the core module's test class path: it "probes" by sleeping 50 ms (so that
 * racing threads really overlap) and counts how often it was asked.
 */
public final class CountingProvider implements CpuFeaturesProvider {

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
        return true;
    }

    @Override
    public ProbeResult probe(ProbeSettings settings) {
        PROBES.incrementAndGet();
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (settings.probe().equals("none")) {
            return new ProbeResult(new io.cpufeatures.core.spi.NoCpuInformation("fake"),
                    new ProbeSource("none", "forced", List.of(), Duration.ZERO));
        }
        return new ProbeResult(new FakeFeatures(Set.of()), new ProbeSource("native", "counting fake", List.of(),
                Duration.ofMillis(50)));
    }

    @Override
    public Optional<ProbeResult> decode(CpuSnapshot snapshot) {
        return snapshot.architecture().equals("fake")
                ? Optional.of(new ProbeResult(new FakeFeatures(Set.of()), ProbeSource.snapshot("fake snapshot")))
                : Optional.empty();
    }

    @Override
    public Optional<String> canonicalName(String name) {
        return Optional.ofNullable(FakeFeatures.NAMES.get(name.toLowerCase()));
    }

    @Override
    public List<String> canonicalNames() {
        return new ArrayList<>(List.of("alpha", "beta", "gamma", "slow_wide"));
    }

    @Override
    public List<String> suggestions(String name) {
        return List.of();
    }
}
