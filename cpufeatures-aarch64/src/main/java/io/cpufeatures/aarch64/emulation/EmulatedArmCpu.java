package io.cpufeatures.aarch64.emulation;

import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.table.FieldRule;
import io.cpufeatures.aarch64.HwcapWord;
import io.cpufeatures.aarch64.IdRegister;
import io.cpufeatures.aarch64.IdRegisterSource;
import io.cpufeatures.aarch64.Midr;
import io.cpufeatures.aarch64.table.AArch64Table;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.FeatureName;
import io.cpufeatures.core.SnapshotSource;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;

/**
 * An AArch64 CPU under Linux described in code, to decode and select for machines one does not
 * have: its MIDR (implementer, part, variant, revision), the features it has, the vector lengths,
 * and what its kernel hides. What it builds is an {@link AArch64Snapshot} like a probe's or a dump's,
 * so {@link CpuFeatures#of} decodes it through every layer and a dispatch point's {@code choiceFor}
 * selects for it.
 *
 * <pre>{@code
 * CpuFeatures graviton2 = EmulatedArmCpu.arm(0xd0c, 3, 1)
 *         .features("fp", "asimd", "crypto", "crc32", "atomics", "asimddp")
 *         .decode();
 * }</pre>
 *
 * <p>Each feature named sets its ID-register field to at least the table's minimum (a higher value of
 * a field brings the lower features with it: {@code pmull} is AES = 2, which is {@code aes} too); a
 * feature not named reads as absent (FP and AdvSIMD, signed fields, as 0xF). The HWCAPs are then
 * what Linux derives from those registers ({@code arm64_elf_hwcaps[]}: each row whose field is at
 * least its minimum, the SVE and SME rows only with SVE and SME, and {@code cpuid} since the kernel
 * emulates the registers), less what {@link Builder#hiddenByKernel} hides.
 */
public final class EmulatedArmCpu {

    private EmulatedArmCpu() {
    }

    /**
     * A CPU of Arm (implementer 0x41) with this part number, variant and revision.
     *
     * @param part     the part number, 0 to 0xfff, e.g. {@code 0xd0c} for Neoverse N1
     * @param variant  the variant, 0 to 15: the {@code r} of {@code r4p1}
     * @param revision the revision, 0 to 15: the {@code p} of {@code r4p1}
     * @return a builder with no feature; the kernel emulates the ID registers unless
     *         {@link Builder#withoutIdRegisters()} says otherwise
     * @throws IllegalArgumentException if a field does not fit MIDR_EL1
     */
    public static Builder arm(int part, int variant, int revision) {
        return of(0x41, part, variant, revision);
    }

    /**
     * A CPU of this implementer, part number, variant and revision.
     *
     * @param implementer the implementer code, 0 to 0xff, e.g. {@code 0x46} for Fujitsu
     * @param part        the part number, 0 to 0xfff
     * @param variant     the variant, 0 to 15
     * @param revision    the revision, 0 to 15
     * @return a builder with no feature; MIDR_EL1's architecture field is 0xf, as on every Armv8 and later CPU
     * @throws IllegalArgumentException if a field does not fit MIDR_EL1 (implementer 0..0xff, part
     *                                  0..0xfff, variant and revision 0..15)
     */
    public static Builder of(int implementer, int part, int variant, int revision) {
        return new Builder(new Midr(implementer, variant, 0xf, part, revision));
    }

    /** Collects the description. */
    public static final class Builder {

        private final Midr midr;
        private final Set<AArch64Feature> features = EnumSet.noneOf(AArch64Feature.class);
        private final Set<AArch64Feature> hidden = EnumSet.noneOf(AArch64Feature.class);
        private OptionalInt sveBits = OptionalInt.empty();
        private OptionalInt smeBits = OptionalInt.empty();
        private boolean idRegisters = true;
        private String description;

        private Builder(Midr midr) {
            this.midr = midr;
        }

        /**
         * The CPU has these features: canonical names, aliases or groups ({@code crypto}).
         *
         * @param names feature names or groups, e.g. {@code asimddp}, {@code dotprod} or {@code crypto}; none null
         * @return this builder
         * @throws io.cpufeatures.core.UnknownFeatureException for a name no module knows
         * @throws IllegalArgumentException for a name that is not an AArch64 feature or group
         */
        public Builder features(String... names) {
            for (String n : names) {
                features.addAll(resolve(n, "EmulatedArmCpu.features"));
            }
            return this;
        }

        /**
         * The kernel does not set the HWCAPs of these features (names or groups), as a kernel without SVE
         * support, or one booted with a feature disabled, does: the ID registers still show them.
         *
         * @param names feature names or groups, e.g. {@code sve}; none null
         * @return this builder
         * @throws io.cpufeatures.core.UnknownFeatureException for a name no module knows
         * @throws IllegalArgumentException for a name that is not an AArch64 feature or group
         */
        public Builder hiddenByKernel(String... names) {
            for (String n : names) {
                hidden.addAll(resolve(n, "EmulatedArmCpu.hiddenByKernel"));
            }
            return this;
        }

        /**
         * The process's SVE vector length (default 128 bits when {@code sve} is a feature); the snapshot
         * has it only when the kernel allows SVE, as {@code PR_SVE_GET_VL} does.
         *
         * @param bits the length in bits, e.g. 512 for A64FX
         * @return this builder
         * @throws IllegalArgumentException unless 128 to 2048 in steps of 128
         */
        public Builder sveVectorBits(int bits) {
            this.sveBits = OptionalInt.of(checkBits(bits, "SVE"));
            return this;
        }

        /**
         * The process's SME streaming vector length (default 128 bits when {@code sme} is a feature); the
         * snapshot has it only when the kernel allows SME.
         *
         * @param bits the streaming length in bits
         * @return this builder
         * @throws IllegalArgumentException unless 128 to 2048 in steps of 128
         */
        public Builder smeVectorBits(int bits) {
            this.smeBits = OptionalInt.of(checkBits(bits, "SME"));
            return this;
        }

        /**
         * A kernel without HWCAP_CPUID (before Linux 4.11, or one that does not emulate the registers):
         * no ID register, MIDR included, can be read, so presence is the HWCAPs'.
         *
         * @return this builder
         */
        public Builder withoutIdRegisters() {
            this.idRegisters = false;
            return this;
        }

        /**
         * What the CPU stands for, in its source ({@code Neoverse N1 as qemu 7.2 models it}).
         *
         * @param text the description, the detail of the snapshot's {@link SnapshotSource#emulated} source; not null
         * @return this builder
         */
        public Builder describedAs(String text) {
            this.description = Objects.requireNonNull(text, "text");
            return this;
        }

        private static int checkBits(int bits, String what) {
            if (bits < 128 || bits > 2048 || bits % 128 != 0) {
                throw new IllegalArgumentException(what + " vector length " + bits + " bits; accepted: 128 to 2048 in steps"
                        + " of 128");
            }
            return bits;
        }

        private static Set<AArch64Feature> resolve(String n, String where) {
            FeatureName name = CpuFeatures.resolve(n, where);
            Set<AArch64Feature> s = EnumSet.noneOf(AArch64Feature.class);
            for (String m : name.kind() == FeatureName.Kind.GROUP ? name.members() : List.of(n)) {
                s.add(AArch64Table.FEATURES.require(m, where));
            }
            return s;
        }

        /**
         * The snapshot.
         *
         * @return the HWCAPs Linux would derive, the registers read with MRS (unless {@link #withoutIdRegisters()}),
         *     the vector lengths the kernel would give, from an {@link io.cpufeatures.core.SourceKind#EMULATED} source
         * @throws IllegalArgumentException for a vector length of a CPU without its feature
         */
        public AArch64Snapshot snapshot() {
            Map<IdRegister, Long> regs = registers();
            Map<HwcapWord, Long> words = new EnumMap<>(HwcapWord.class);
            AArch64Snapshot withRegs = withRegisters(regs);
            boolean sve = AArch64Feature.SVE.idRule().holds(withRegs) && !hidden.contains(AArch64Feature.SVE);
            boolean sme = AArch64Feature.SME.idRule().holds(withRegs) && !hidden.contains(AArch64Feature.SME);
            for (AArch64Feature f : AArch64Feature.values()) {
                boolean granted = f.idRule().kernelOnly() ? features.contains(f) : f.idRule().holds(withRegs);
                List<IdRegister> on = f.idRule().registers();
                if (on.contains(IdRegister.ID_AA64ZFR0_EL1) && !sve || on.contains(IdRegister.ID_AA64SMFR0_EL1) && !sme) {
                    granted = false;
                }
                if (granted && !hidden.contains(f)) {
                    words.merge(f.word(), 1L << f.bit(), (a, b) -> a | b);
                }
            }
            long hwcap = words.getOrDefault(HwcapWord.HWCAP, 0L);
            words.put(HwcapWord.HWCAP, idRegisters && !hidden.contains(AArch64Feature.CPUID)
                    ? hwcap | AArch64Snapshot.HWCAP_CPUID : hwcap & ~AArch64Snapshot.HWCAP_CPUID);
            AArch64Snapshot.Builder b = AArch64Snapshot.builder(SnapshotSource.emulated(description != null ? description
                    : "EmulatedArmCpu MIDR " + midr));
            words.forEach(b::hwcap); // AT_HWCAP3 only where one of its features is granted
            if (idRegisters) {
                b.idSource(IdRegisterSource.MRS);
                regs.forEach(b::register);
            }
            if (sveBits.isPresent() && !AArch64Feature.SVE.idRule().holds(withRegs)) {
                throw new IllegalArgumentException("an SVE vector length for a CPU without sve");
            }
            if (smeBits.isPresent() && !AArch64Feature.SME.idRule().holds(withRegs)) {
                throw new IllegalArgumentException("an SME vector length for a CPU without sme");
            }
            if ((hwcap & AArch64Snapshot.HWCAP_SVE) != 0) {
                b.sveVectorBytes(sveBits.orElse(128) / 8);
            }
            if ((words.getOrDefault(HwcapWord.HWCAP2, 0L) & AArch64Snapshot.HWCAP2_SME) != 0) {
                b.smeVectorBytes(smeBits.orElse(128) / 8);
            }
            return b.build();
        }

        /**
         * Decodes the snapshot as the modules on the class path do.
         *
         * @return what {@link CpuFeatures#of} says of {@link #snapshot()}
         * @throws IllegalArgumentException for a vector length of a CPU without its feature
         */
        public CpuFeatures decode() {
            return CpuFeatures.of(snapshot());
        }

        /** Every register the kernel emulates, with the features' fields set. */
        private Map<IdRegister, Long> registers() {
            Map<IdRegister, Long> regs = new EnumMap<>(IdRegister.class);
            for (IdRegister r : IdRegister.values()) {
                regs.put(r, 0L);
            }
            regs.put(IdRegister.MIDR_EL1, midr.value());
            // FP and AdvSIMD are signed: 0 means implemented, 0xF not implemented.
            regs.put(IdRegister.ID_AA64PFR0_EL1, 0xffL << 16);
            for (AArch64Feature f : features) {
                if (f.idRule().kernelOnly()) {
                    continue;
                }
                FieldRule r = f.idRule().alternatives().get(0);
                long v = regs.get(r.register());
                if (r.value(v) < r.minimum()) {
                    long mask = ((1L << r.width()) - 1) << r.lsb();
                    v = v & ~mask | ((long) r.minimum() << r.lsb() & mask);
                    regs.put(r.register(), v);
                }
            }
            return regs;
        }

        private static AArch64Snapshot withRegisters(Map<IdRegister, Long> regs) {
            AArch64Snapshot.Builder b = AArch64Snapshot.builder(SnapshotSource.emulated("registers"))
                    .hwcap(HwcapWord.HWCAP, AArch64Snapshot.HWCAP_CPUID).idSource(IdRegisterSource.MRS);
            regs.forEach(b::register);
            return b.build();
        }
    }
}
