package io.cpufeatures.ppc64le.rules;

import java.util.List;
import io.cpufeatures.ppc64le.Processor;

import io.cpufeatures.ppc64le.Ppc64leSnapshot;

import io.cpufeatures.ppc64le.Ppc64leFeature;

import io.cpufeatures.core.kit.CpuInfo;
import io.cpufeatures.core.kit.TableDecoding;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything the decoder says about one ppc64le CPU, immutable: which processor it is and how that is known,
 * the features the kernel reports and which a program may use (through the dependencies), and why not where
 * not.
 */
public final class Ppc64leDecodedCpu implements CpuInfo<Ppc64leFeature, Ppc64leSnapshot> {

    private final Ppc64leSnapshot snapshot;
    private final TableDecoding<Ppc64leFeature, Ppc64leSnapshot> decoded;
    private final Optional<Processor> processor;

    Ppc64leDecodedCpu(Ppc64leSnapshot snapshot, TableDecoding<Ppc64leFeature, Ppc64leSnapshot> decoded) {
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

    /** {@return the snapshot, and the processor where known, for {@code CpuFeatures.unwrap}} */
    @Override
    public List<Object> facts() {
        return processor().isPresent() ? List.of(snapshot(), processor().get(), this) : List.of(snapshot(), this);
    }

    /** {@return which processor it is and how that is known; empty when nothing names one} */
    public Optional<Processor> processor() {
        return processor;
    }

    @Override
    public String toString() {
        return "Ppc64leDecodedCpu[" + processor.map(Processor::name).orElse("?") + ", " + usable().size() + "/"
                + present().size() + " usable]";
    }
}
