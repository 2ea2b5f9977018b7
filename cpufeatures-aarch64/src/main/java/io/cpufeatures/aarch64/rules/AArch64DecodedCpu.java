package io.cpufeatures.aarch64.rules;

import java.util.List;
import io.cpufeatures.aarch64.Midr;

import io.cpufeatures.aarch64.CoreModel;

import io.cpufeatures.aarch64.AArch64Snapshot;

import io.cpufeatures.aarch64.table.AArch64Feature;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.kit.TableDecoding;
import java.util.Objects;
import java.util.Set;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Everything the decoder says about one AArch64 CPU, immutable: who it is (MIDR and the core it
 * names), what it has (present: the ID registers), what a program may use (usable: what the kernel
 * allows, through the dependencies) and why not where not, and its vector lengths.
 */
public final class AArch64DecodedCpu extends TableDecoding<AArch64Feature, AArch64Snapshot> {

    private final Optional<CoreModel> core;
    private final Set<AArch64Feature> disabled;
    /** The decoding of the whole snapshot, made when first asked of a snapshot that reads its rest then. */
    private volatile AArch64DecodedCpu detailed;

    AArch64DecodedCpu(AArch64Snapshot snapshot, Set<AArch64Feature> present, Set<AArch64Feature> disabled,
            Optional<CoreModel> core) {
        super(AArch64Architecture.INSTANCE, snapshot, present, disabled);
        this.core = Objects.requireNonNull(core, "core");
        this.disabled = Set.copyOf(disabled);
        if (!snapshot.readsRest()) {
            detailed = this;
        }
    }

    /**
     * {@inheritDoc} Of the live Linux snapshot, whose HWCAP words answer {@code has()} and whose ID registers and vector
     * lengths are read through JNA only when first asked ({@link AArch64Snapshot#complete()}), the same decoder over
     * the whole snapshot, once.
     */
    @Override
    public AArch64DecodedCpu detailed() {
        AArch64DecodedCpu d = detailed;
        if (d == null) {
            detailed = d = AArch64Architecture.INSTANCE.decode(cpu().complete(), disabled);
        }
        return d;
    }

    /**
     * Decodes {@code snapshot}: a pure function, no global state, no I/O, the same answer for the same snapshot.
     *
     * @param snapshot the HWCAP words, ID registers and vector lengths of one CPU; not null
     * @return everything the decoder says about that CPU
     */
    public static AArch64DecodedCpu of(AArch64Snapshot snapshot) {
        return AArch64Architecture.INSTANCE.decode(snapshot, Set.of());
    }

    /** {@return the raw snapshot this was decoded from} */
    @Override
    public AArch64Snapshot snapshot() {
        return cpu();
    }

    @Override
    protected CpuDescription ownDescription(int logicalCpus) {
        return AArch64Description.of(this, logicalCpus);
    }

    /**
     * {@inheritDoc} Also when its MIDR_EL1 was read and the table knows the core: a big.LITTLE part's dump lists every
     * logical CPU with its own MIDR, while the HWCAPs are the kernel's system-wide ones.
     */
    @Override
    public boolean namesItsCore() {
        return super.namesItsCore() || core.isPresent();
    }

    /** {@return the snapshot, and the MIDR and core where known, for {@code CpuFeatures.unwrap}} */
    @Override
    public List<Object> facts() {
        List<Object> facts = new java.util.ArrayList<>(List.of(snapshot(), this));
        midr().ifPresent(facts::add);
        core().ifPresent(facts::add);
        return List.copyOf(facts);
    }

    /** {@return MIDR_EL1's fields, if the register was read} */
    public Optional<Midr> midr() {
        return snapshot().midr();
    }

    /** {@return the core the MIDR names, if it was read and the table knows its part} */
    public Optional<CoreModel> core() {
        return core;
    }

    /** {@return this process's SVE vector length in bits, 128 to 2048, if the kernel gave one} */
    public OptionalInt sveVectorBits() {
        return bits(snapshot().complete().sveVectorBytes());
    }

    /** {@return this process's SME streaming vector length in bits, 128 to 2048, if the kernel gave one} */
    public OptionalInt smeVectorBits() {
        return bits(snapshot().complete().smeVectorBytes());
    }

    private static OptionalInt bits(OptionalInt bytes) {
        return bytes.isPresent() ? OptionalInt.of(bytes.getAsInt() * 8) : OptionalInt.empty();
    }

    @Override
    public String toString() {
        return "AArch64DecodedCpu[" + midr().map(Midr::toString).orElse("MIDR unknown") + " "
                + core.map(CoreModel::name).orElse("?") + ", " + usable().size() + "/" + present().size() + " usable]";
    }
}
