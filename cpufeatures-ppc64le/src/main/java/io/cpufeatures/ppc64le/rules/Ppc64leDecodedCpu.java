package io.cpufeatures.ppc64le.rules;

import java.util.List;
import io.cpufeatures.ppc64le.Processor;

import io.cpufeatures.ppc64le.Ppc64leSnapshot;

import io.cpufeatures.ppc64le.Ppc64leFeature;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.kit.TableDecoding;
import java.util.Optional;
import java.util.Set;

/**
 * Everything the decoder says about one ppc64le CPU, immutable: which processor it is and how that is known,
 * the features the kernel reports and which a program may use (through the dependencies), and why not where
 * not.
 */
public final class Ppc64leDecodedCpu extends TableDecoding<Ppc64leFeature, Ppc64leSnapshot> {

    private final Optional<Processor> processor;

    Ppc64leDecodedCpu(Ppc64leSnapshot snapshot, Set<Ppc64leFeature> present, Set<Ppc64leFeature> disabled) {
        super(Ppc64leArchitecture.INSTANCE, snapshot, present, disabled);
        this.processor = Processor.of(snapshot);
    }

    /**
     * Decodes {@code snapshot}: a pure function, no global state, no I/O, the same answer for the same snapshot.
     *
     * @param snapshot the HWCAP words and what else the kernel told; not null
     * @return everything the decoder says about that CPU
     */
    public static Ppc64leDecodedCpu of(Ppc64leSnapshot snapshot) {
        return Ppc64leArchitecture.INSTANCE.decode(snapshot, Set.of());
    }

    /** {@return the snapshot this was decoded from} */
    @Override
    public Ppc64leSnapshot snapshot() {
        return cpu();
    }

    @Override
    protected CpuDescription ownDescription(int logicalCpus) {
        return Ppc64leArchitecture.describe(this, logicalCpus);
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
