package io.cpufeatures.aarch64;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.kit.DecodedCpu;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Everything the decoder says about one AArch64 CPU, immutable: who it is (MIDR and the core it
 * names), what it has (present: the ID registers), what a program may use (usable: what the kernel
 * allows, through the dependencies) and why not where not, and its vector lengths.
 */
public final class AArch64CpuInfo {

    private final AArch64Snapshot snapshot;
    private final DecodedCpu<AArch64Feature, AArch64Snapshot> decoded;
    private final Optional<CoreModel> core;

    AArch64CpuInfo(AArch64Snapshot snapshot, DecodedCpu<AArch64Feature, AArch64Snapshot> decoded, Optional<CoreModel> core) {
        this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
        this.decoded = Objects.requireNonNull(decoded, "decoded");
        this.core = Objects.requireNonNull(core, "core");
    }

    /** The usable layer's answer, for the kit's view of this CPU. */
    DecodedCpu<AArch64Feature, AArch64Snapshot> decoded() {
        return decoded;
    }

    /** {@return the raw snapshot this was decoded from} */
    public AArch64Snapshot snapshot() {
        return snapshot;
    }

    /** {@return MIDR_EL1's fields, if the register was read} */
    public Optional<Midr> midr() {
        return snapshot.midr();
    }

    /** {@return the core the MIDR names, if it was read and the table knows its part} */
    public Optional<CoreModel> core() {
        return core;
    }

    /**
     * {@return the features the CPU has: by their ID-register fields, or by their HWCAP bits where the registers were
     * not read; unmodifiable}
     */
    public Set<AArch64Feature> present() {
        return decoded.present();
    }

    /**
     * {@return the features a program may use: present, allowed by the kernel, dependencies usable, not disabled;
     * unmodifiable}
     */
    public Set<AArch64Feature> usable() {
        return decoded.usable();
    }

    /** {@return for each present feature that is not usable, the reasons, root reason first; unmodifiable} */
    public Map<AArch64Feature, List<Reason>> notUsable() {
        return decoded.notUsable();
    }

    /**
     * Whether {@code feature} is usable.
     *
     * @param feature the feature
     * @return whether a program may use it
     */
    public boolean isUsable(AArch64Feature feature) {
        return decoded.isUsable(feature);
    }

    /**
     * Whether the feature named {@code name} (canonical or alias) is usable; unknown names throw.
     *
     * @param name any accepted spelling of an AArch64 feature, e.g. {@code sve2} or {@code neon}; not null
     * @return whether a program may use it
     * @throws io.cpufeatures.core.UnknownFeatureException naming the closest valid names when no module knows it
     * @throws IllegalArgumentException if it names something other than an AArch64 feature
     */
    public boolean isUsable(String name) {
        return isUsable(AArch64Rules.FEATURES.require(name, "isUsable"));
    }

    /**
     * Whether the feature named {@code name} (canonical or alias) is present; unknown names throw.
     *
     * @param name any accepted spelling of an AArch64 feature, e.g. {@code sve2} or {@code neon}; not null
     * @return whether the CPU has it, whether or not a program may use it
     * @throws io.cpufeatures.core.UnknownFeatureException naming the closest valid names when no module knows it
     * @throws IllegalArgumentException if it names something other than an AArch64 feature
     */
    public boolean isPresent(String name) {
        return decoded.present().contains(AArch64Rules.FEATURES.require(name, "isPresent"));
    }

    /**
     * The reasons {@code feature} is not usable; empty when it is usable or not present.
     *
     * @param feature the feature
     * @return the reasons, root reason first
     */
    public List<Reason> reasons(AArch64Feature feature) {
        return decoded.reasons(feature);
    }

    /** {@return this process's SVE vector length in bits, 128 to 2048, if the kernel gave one} */
    public OptionalInt sveVectorBits() {
        return bits(snapshot.sveVectorBytes());
    }

    /** {@return this process's SME streaming vector length in bits, 128 to 2048, if the kernel gave one} */
    public OptionalInt smeVectorBits() {
        return bits(snapshot.smeVectorBytes());
    }

    private static OptionalInt bits(OptionalInt bytes) {
        return bytes.isPresent() ? OptionalInt.of(bytes.getAsInt() * 8) : OptionalInt.empty();
    }

    @Override
    public String toString() {
        return "AArch64CpuInfo[" + midr().map(Midr::toString).orElse("MIDR unknown") + " "
                + core.map(CoreModel::name).orElse("?") + ", " + usable().size() + "/" + present().size() + " usable]";
    }
}
