package io.cpufeatures.ppc64le;

import io.cpufeatures.core.kit.CpuInfo;
import io.cpufeatures.core.kit.TableDecoding;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything the decoder says about one ppc64le CPU, immutable: which processor it is and how that is known,
 * the features the kernel reports and which a program may use (through the dependencies), and why not where
 * not.
 */
public final class Ppc64leCpuInfo implements CpuInfo<Ppc64leFeature, Ppc64leSnapshot> {

    private final Ppc64leSnapshot snapshot;
    private final TableDecoding<Ppc64leFeature, Ppc64leSnapshot> decoded;
    private final Optional<Processor> processor;

    Ppc64leCpuInfo(Ppc64leSnapshot snapshot, TableDecoding<Ppc64leFeature, Ppc64leSnapshot> decoded) {
        this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
        this.decoded = Objects.requireNonNull(decoded, "decoded");
        this.processor = Processor.of(snapshot);
    }

    @Override
    public TableDecoding<Ppc64leFeature, Ppc64leSnapshot> decoded() {
        return decoded;
    }

    /** {@return the snapshot this was decoded from} */
    @Override
    public Ppc64leSnapshot snapshot() {
        return snapshot;
    }

    /** {@return which processor it is and how that is known; empty when nothing names one} */
    public Optional<Processor> processor() {
        return processor;
    }

    @Override
    public String toString() {
        return "Ppc64leCpuInfo[" + processor.map(Processor::name).orElse("?") + ", " + usable().size() + "/"
                + present().size() + " usable]";
    }
}
