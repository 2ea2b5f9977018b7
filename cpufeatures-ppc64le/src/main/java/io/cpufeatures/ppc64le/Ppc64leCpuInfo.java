package io.cpufeatures.ppc64le;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.kit.DecodedCpu;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Everything the decoder says about one ppc64le CPU, immutable: which processor it is and how that is known,
 * the features the kernel reports and which a program may use (through the dependencies), and why not where
 * not.
 */
public final class Ppc64leCpuInfo {

    private final Ppc64leSnapshot snapshot;
    private final DecodedCpu<Ppc64leFeature, Ppc64leSnapshot> decoded;
    private final Optional<Processor> processor;

    Ppc64leCpuInfo(Ppc64leSnapshot snapshot, DecodedCpu<Ppc64leFeature, Ppc64leSnapshot> decoded) {
        this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
        this.decoded = Objects.requireNonNull(decoded, "decoded");
        this.processor = Processor.of(snapshot);
    }

    /** The usable layer's answer, for the kit's view of this CPU. */
    DecodedCpu<Ppc64leFeature, Ppc64leSnapshot> decoded() {
        return decoded;
    }

    /** {@return the snapshot this was decoded from} */
    public Ppc64leSnapshot snapshot() {
        return snapshot;
    }

    /** {@return which processor it is and how that is known; empty when nothing names one} */
    public Optional<Processor> processor() {
        return processor;
    }

    /** {@return the features the kernel reports; unmodifiable} */
    public Set<Ppc64leFeature> present() {
        return decoded.present();
    }

    /** {@return the features a program may use: reported, dependencies usable, not disabled; unmodifiable} */
    public Set<Ppc64leFeature> usable() {
        return decoded.usable();
    }

    /** {@return for each present feature that is not usable, the reasons, root reason first; unmodifiable} */
    public Map<Ppc64leFeature, List<Reason>> notUsable() {
        return decoded.notUsable();
    }

    /**
     * Whether the feature named {@code name} (canonical or alias) is usable; unknown names throw.
     *
     * @param name any accepted spelling of a ppc64le feature, e.g. {@code vsx}; not null
     * @return whether a program may use it
     * @throws io.cpufeatures.core.UnknownFeatureException naming the closest valid names when no module knows it
     * @throws IllegalArgumentException if it names something other than a ppc64le feature
     */
    public boolean isUsable(String name) {
        return decoded.isUsable(Ppc64leRules.FEATURES.require(name, "isUsable"));
    }

    @Override
    public String toString() {
        return "Ppc64leCpuInfo[" + processor.map(Processor::name).orElse("?") + ", " + usable().size() + "/"
                + present().size() + " usable]";
    }
}
