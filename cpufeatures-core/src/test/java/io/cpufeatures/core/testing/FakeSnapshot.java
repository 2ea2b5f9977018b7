package io.cpufeatures.core.testing;

import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.SnapshotSource;

/** The snapshot of a fake CPU: {@link CountingProvider} parses one per fake dump and decodes it as {@link FakeFeatures}. */
public record FakeSnapshot(SnapshotSource source) implements CpuSnapshot {

    @Override
    public String architecture() {
        return "fake";
    }
}
