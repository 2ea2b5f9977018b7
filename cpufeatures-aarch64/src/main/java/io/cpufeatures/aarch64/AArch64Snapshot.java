package io.cpufeatures.aarch64;

import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.SnapshotSource;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * The raw description of one AArch64 CPU under Linux, immutable: what the kernel allows
 * (AT_HWCAP, AT_HWCAP2 and, where the kernel has it, AT_HWCAP3), the ID registers as far as they
 * were read and how, the SVE and SME vector lengths of the process, and where it all came from.
 *
 * <p>A register that was not read is absent, never zero: the decoder then takes presence from the
 * HWCAPs for the features of that register. A vector length is absent when the kernel gave none
 * (the feature is off, or the prctl failed).
 *
 * <p>The live probe's snapshot holds the HWCAP words only and reads the rest when first asked
 * ({@link #readingRest}, {@link #complete()}): the ID registers, the vector lengths and their source.
 */
public final class AArch64Snapshot implements CpuSnapshot {

    /** The architecture's name, as {@code CpuFeatures.architecture()} gives it. */
    public static final String ARCHITECTURE = "aarch64";

    /** Bit 11 of AT_HWCAP: the kernel emulates MRS of the ID registers for EL0. */
    public static final long HWCAP_CPUID = 1L << 11;
    /** Bit 22 of AT_HWCAP: SVE. */
    public static final long HWCAP_SVE = 1L << 22;
    /** Bit 23 of AT_HWCAP2: SME. */
    public static final long HWCAP2_SME = 1L << 23;

    private final long hwcap;
    private final long hwcap2;
    private final OptionalLong hwcap3;
    private final IdRegisterSource idSource;
    private final Map<IdRegister, Long> registers;
    private final OptionalInt sveVectorBytes;
    private final OptionalInt smeVectorBytes;
    private final OptionalLong appleCpuFamily;
    private final Map<HwcapWord, Long> unstated;
    private final SnapshotSource source;
    /** The rest, read when first asked; null when this snapshot is complete. */
    private final Rest rest;

    /** {@code s}'s values, with another source and rest. */
    private AArch64Snapshot(AArch64Snapshot s, SnapshotSource source, Rest rest) {
        this.hwcap = s.hwcap;
        this.hwcap2 = s.hwcap2;
        this.hwcap3 = s.hwcap3;
        this.idSource = s.idSource;
        this.registers = s.registers;
        this.sveVectorBytes = s.sveVectorBytes;
        this.smeVectorBytes = s.smeVectorBytes;
        this.appleCpuFamily = s.appleCpuFamily;
        this.unstated = s.unstated;
        this.source = Objects.requireNonNull(source, "source");
        this.rest = rest;
    }

    private AArch64Snapshot(Builder b) {
        this.rest = null;
        this.hwcap = b.hwcap;
        this.hwcap2 = b.hwcap2;
        this.hwcap3 = b.hwcap3;
        this.idSource = b.idSource;
        this.registers = Collections.unmodifiableMap(new EnumMap<>(b.registers));
        this.sveVectorBytes = b.sveVectorBytes;
        this.smeVectorBytes = b.smeVectorBytes;
        this.appleCpuFamily = b.appleCpuFamily;
        this.unstated = Collections.unmodifiableMap(new EnumMap<>(b.unstated));
        this.source = b.source;
    }

    /**
     * A builder for a snapshot from {@code source}; AT_HWCAP and AT_HWCAP2 start at zero, AT_HWCAP3 absent, no
     * register is read and no vector length known.
     *
     * @param source where the values come from: the probe, a file and logical CPU, an emulated CPU; not null
     * @return a builder with ID register source {@link IdRegisterSource#NONE}
     */
    public static Builder builder(SnapshotSource source) {
        return new Builder(source);
    }

    /** {@return always {@code aarch64}, {@link #ARCHITECTURE}} */
    @Override
    public String architecture() {
        return ARCHITECTURE;
    }

    /** {@return the AT_HWCAP word: the {@code HWCAP_*} bits the kernel set} */
    public long hwcap() {
        return hwcap;
    }

    /** {@return the AT_HWCAP2 word: the {@code HWCAP2_*} bits; zero when the auxiliary vector has no such entry} */
    public long hwcap2() {
        return hwcap2;
    }

    /**
     * {@return the AT_HWCAP3 word, if the auxiliary vector has the entry (older kernels, and qemu-user 7.2, put none
     * there)}
     */
    public OptionalLong hwcap3() {
        return hwcap3;
    }

    /**
     * The word {@code word}; an absent AT_HWCAP3 reads as zero.
     *
     * @param word which word; not null
     * @return its 64 bits
     */
    public long hwcap(HwcapWord word) {
        return switch (word) {
            case HWCAP -> hwcap;
            case HWCAP2 -> hwcap2;
            case HWCAP3 -> hwcap3.orElse(0);
        };
    }

    /**
     * Whether bit {@code bit} of {@code word} is set.
     *
     * @param word the word; not null
     * @param bit  the bit, 0 to 63 (other values are taken modulo 64, as Java's shift does)
     * @return whether it is set; false for every bit of an absent AT_HWCAP3
     */
    public boolean hasHwcap(HwcapWord word, int bit) {
        return (hwcap(word) >>> bit & 1) != 0;
    }

    /** {@return how the ID registers were known, and so which of them the snapshot can hold} */
    public IdRegisterSource idSource() {
        return idSource;
    }

    /**
     * The value of {@code register}, if it was read.
     *
     * @param register the register
     * @return its 64-bit value; empty when it was not read (a register not read is never zero)
     */
    public OptionalLong register(IdRegister register) {
        Long v = registers.get(register);
        return v == null ? OptionalLong.empty() : OptionalLong.of(v);
    }

    /** {@return every register read with its value, in {@link IdRegister} order; unmodifiable} */
    public Map<IdRegister, Long> registers() {
        return registers;
    }

    /** {@return MIDR_EL1's fields, if it was read: those of the CPU the read ran on} */
    public Optional<Midr> midr() {
        OptionalLong v = register(IdRegister.MIDR_EL1);
        return v.isPresent() ? Optional.of(Midr.of(v.getAsLong())) : Optional.empty();
    }

    /**
     * {@return the process's SVE vector length in bytes ({@code PR_SVE_GET_VL}), 16 to 256 in steps of 16, if the
     * kernel gave one}
     */
    public OptionalInt sveVectorBytes() {
        return sveVectorBytes;
    }

    /**
     * {@return the process's SME streaming vector length in bytes ({@code PR_SME_GET_VL}), 16 to 256 in steps of 16,
     * if the kernel gave one}
     */
    public OptionalInt smeVectorBytes() {
        return smeVectorBytes;
    }

    /**
     * {@return the chip's {@code hw.cpufamily} as macOS gives it (an unsigned 32-bit value, XNU's
     * {@code CPUFAMILY_ARM_*}), if the source is macOS's: there MIDR_EL1 cannot be read, and this names the chip}
     */
    public OptionalLong appleCpuFamily() {
        return appleCpuFamily;
    }

    /**
     * The bits of {@code word} the source says nothing of: neither set nor clear, because it has no word for their
     * features (a macOS too old to have their sysctl keys). Zero for every source but macOS's.
     *
     * @param word the word; not null
     * @return the bits; never one that is set in the word
     */
    public long unstated(HwcapWord word) {
        return unstated.getOrDefault(Objects.requireNonNull(word, "word"), 0L);
    }

    /**
     * Whether the source states bit {@code bit} of {@code word}, set or clear.
     *
     * @param word the word; not null
     * @param bit  the bit, 0 to 63
     * @return false when the source has no word for it ({@link #unstated})
     */
    public boolean states(HwcapWord word, int bit) {
        return (unstated(word) >>> bit & 1) == 0;
    }

    /** {@return where the snapshot came from} */
    public SnapshotSource source() {
        return source;
    }

    /**
     * The same snapshot with another source.
     *
     * @param other the new source; not null
     * @return a new snapshot with the same values, equal to this one (equality ignores the source)
     */
    public AArch64Snapshot withSource(SnapshotSource other) {
        return new AArch64Snapshot(this, other, rest);
    }

    /**
     * This snapshot's HWCAP words, with the rest read when first asked ({@link #complete()}), once.
     *
     * @param reader reads the whole snapshot, with these HWCAP words, and says in its source how; not null
     * @return a snapshot whose own fields are this one's
     */
    public AArch64Snapshot readingRest(Supplier<AArch64Snapshot> reader) {
        return new AArch64Snapshot(this, source, new Rest(Objects.requireNonNull(reader, "reader")));
    }

    /** {@return whether the rest of the snapshot is read when first asked ({@link #complete()})} */
    public boolean readsRest() {
        return rest != null;
    }

    /**
     * {@return the whole snapshot: this one, or the one read when first asked (at most once per snapshot)}
     *
     * @throws IllegalStateException if the reader gave other HWCAP words than this snapshot's
     */
    public AArch64Snapshot complete() {
        return rest == null ? this : rest.get(this);
    }

    /** The rest of a snapshot, read once, on the first thread that asks. */
    private static final class Rest {
        private final Supplier<AArch64Snapshot> reader;
        private AArch64Snapshot read;

        Rest(Supplier<AArch64Snapshot> reader) {
            this.reader = reader;
        }

        synchronized AArch64Snapshot get(AArch64Snapshot words) {
            if (read == null) {
                AArch64Snapshot s = Objects.requireNonNull(reader.get(), "the reader gave no snapshot");
                if (s.hwcap != words.hwcap || s.hwcap2 != words.hwcap2 || !s.hwcap3.equals(words.hwcap3)) {
                    throw new IllegalStateException("the rest was read with other HWCAP words: " + s);
                }
                read = s;
            }
            return read;
        }
    }

    /** Snapshots are equal when everything but the source is. */
    @Override
    public boolean equals(Object o) {
        return o instanceof AArch64Snapshot s && hwcap == s.hwcap && hwcap2 == s.hwcap2 && hwcap3.equals(s.hwcap3)
                && idSource == s.idSource && registers.equals(s.registers) && sveVectorBytes.equals(s.sveVectorBytes)
                && smeVectorBytes.equals(s.smeVectorBytes) && appleCpuFamily.equals(s.appleCpuFamily)
                && unstated.equals(s.unstated);
    }

    @Override
    public int hashCode() {
        return Objects.hash(hwcap, hwcap2, hwcap3, idSource, registers, sveVectorBytes, smeVectorBytes, appleCpuFamily,
                unstated);
    }

    @Override
    public String toString() {
        return "AArch64Snapshot[hwcap=0x" + Long.toHexString(hwcap) + ", hwcap2=0x" + Long.toHexString(hwcap2)
                + (hwcap3.isPresent() ? ", hwcap3=0x" + Long.toHexString(hwcap3.getAsLong()) : "") + ", idRegisters="
                + idSource + " (" + registers.size() + "), midr=" + midr().map(Midr::toString).orElse("?") + ", sve="
                + (sveVectorBytes.isPresent() ? sveVectorBytes.getAsInt() + "B" : "-")
                + (appleCpuFamily.isPresent() ? String.format(", cpufamily=0x%08x", appleCpuFamily.getAsLong()) : "")
                + ", source=" + source + "]";
    }

    /** Collects the parts; {@link #build()} checks that they fit together. */
    public static final class Builder {

        private final SnapshotSource source;
        private long hwcap;
        private long hwcap2;
        private OptionalLong hwcap3 = OptionalLong.empty();
        private IdRegisterSource idSource = IdRegisterSource.NONE;
        private final Map<IdRegister, Long> registers = new EnumMap<>(IdRegister.class);
        private OptionalInt sveVectorBytes = OptionalInt.empty();
        private OptionalInt smeVectorBytes = OptionalInt.empty();
        private OptionalLong appleCpuFamily = OptionalLong.empty();
        private final Map<HwcapWord, Long> unstated = new EnumMap<>(HwcapWord.class);

        private Builder(SnapshotSource source) {
            this.source = Objects.requireNonNull(source, "source");
        }

        /**
         * Sets one HWCAP word.
         *
         * @param word  which word: AT_HWCAP (bit 11, HWCAP_CPUID, must be set for registers read with MRS), AT_HWCAP2
         *              (zero when the auxiliary vector has no such entry), or AT_HWCAP3 (an entry of the auxiliary
         *              vector even if zero, unlike a word never set); not null
         * @param value the word as read, e.g. {@code 0x119ffb}
         * @return this builder
         */
        public Builder hwcap(HwcapWord word, long value) {
            switch (Objects.requireNonNull(word, "word")) {
                case HWCAP -> this.hwcap = value;
                case HWCAP2 -> this.hwcap2 = value;
                case HWCAP3 -> this.hwcap3 = OptionalLong.of(value);
            }
            return this;
        }

        /**
         * Sets how the registers were known (default {@link IdRegisterSource#NONE}).
         *
         * @param how the source, which limits the registers {@link #build()} accepts; not null
         * @return this builder
         */
        public Builder idSource(IdRegisterSource how) {
            this.idSource = Objects.requireNonNull(how, "how");
            return this;
        }

        /**
         * Sets the value read for {@code register}, replacing an earlier one.
         *
         * @param register the register; not null
         * @param value    its 64-bit value as read
         * @return this builder
         */
        public Builder register(IdRegister register, long value) {
            registers.put(Objects.requireNonNull(register, "register"), value);
            return this;
        }

        /**
         * Sets the SVE vector length in bytes.
         *
         * @param bytes the length, 16 to 256 in steps of 16 (checked by {@link #build()}, with HWCAP_SVE)
         * @return this builder
         */
        public Builder sveVectorBytes(int bytes) {
            this.sveVectorBytes = OptionalInt.of(bytes);
            return this;
        }

        /**
         * Sets the SME streaming vector length in bytes.
         *
         * @param bytes the length, 16 to 256 in steps of 16 (checked by {@link #build()}, with HWCAP2_SME)
         * @return this builder
         */
        public Builder smeVectorBytes(int bytes) {
            this.smeVectorBytes = OptionalInt.of(bytes);
            return this;
        }

        /**
         * Sets the chip's {@code hw.cpufamily}, for a snapshot of what macOS says ({@link IdRegisterSource#SYSCTL}).
         *
         * @param family the value as an unsigned 32-bit number, 0 to 0xFFFFFFFF (checked by {@link #build()})
         * @return this builder
         */
        public Builder appleCpuFamily(long family) {
            this.appleCpuFamily = OptionalLong.of(family);
            return this;
        }

        /**
         * Sets the bits of {@code word} the source says nothing of ({@link AArch64Snapshot#unstated}); only macOS's
         * sysctl ({@link IdRegisterSource#SYSCTL}) leaves any.
         *
         * @param word the word; not null
         * @param bits the bits, none of them set in the word (checked by {@link #build()}); 0 for none
         * @return this builder
         */
        public Builder unstated(HwcapWord word, long bits) {
            Objects.requireNonNull(word, "word");
            if (bits == 0) {
                unstated.remove(word);
            } else {
                unstated.put(word, bits);
            }
            return this;
        }

        /**
         * Builds the snapshot.
         *
         * @return the snapshot, immutable: later changes to the builder do not reach it
         * @throws IllegalArgumentException naming what does not fit: a register the source cannot hold,
         *     registers read with MRS although HWCAP_CPUID is clear (the kernel would not have allowed it),
         *     a vector length without its HWCAP or outside 16..256 bytes in steps of 16 (the architecture's
         *     128 to 2048 bits), a {@code hw.cpufamily} outside 0 to 0xFFFFFFFF or from another source than
         *     {@link IdRegisterSource#SYSCTL}, unstated bits from another source or set in their word
         */
        public AArch64Snapshot build() {
            for (Map.Entry<HwcapWord, Long> e : unstated.entrySet()) {
                if (idSource != IdRegisterSource.SYSCTL) {
                    throw new IllegalArgumentException("unstated " + e.getKey() + " bits with ID register source '"
                            + idSource + "': only macOS's sysctl (source 'sysctl') leaves bits unstated");
                }
                long set = e.getValue() & (e.getKey() == HwcapWord.HWCAP ? hwcap : e.getKey() == HwcapWord.HWCAP2 ? hwcap2
                        : hwcap3.orElse(0));
                if (set != 0) {
                    throw new IllegalArgumentException(e.getKey() + " bits 0x" + Long.toHexString(set)
                            + " are both set and unstated: a source that grants a feature states it");
                }
            }
            if (appleCpuFamily.isPresent()) {
                long f = appleCpuFamily.getAsLong();
                if (f < 0 || f > 0xFFFF_FFFFL) {
                    throw new IllegalArgumentException("hw.cpufamily 0x" + Long.toHexString(f) + " is not a 32-bit value");
                }
                if (idSource != IdRegisterSource.SYSCTL) {
                    throw new IllegalArgumentException("a hw.cpufamily with ID register source '" + idSource
                            + "': only macOS's sysctl (source 'sysctl') gives one");
                }
            }
            for (IdRegister r : registers.keySet()) {
                if (!idSource.mayHold(r)) {
                    throw new IllegalArgumentException(r + " cannot come from ID register source '" + idSource
                            + "' (it holds " + (idSource == IdRegisterSource.NONE ? "no register"
                            : idSource == IdRegisterSource.MRS ? "every register" : "MIDR_EL1 and REVIDR_EL1 only") + ")");
                }
            }
            if (idSource == IdRegisterSource.MRS && (hwcap & HWCAP_CPUID) == 0) {
                throw new IllegalArgumentException("ID registers read with MRS, but HWCAP_CPUID (AT_HWCAP bit 11) is clear:"
                        + " without it the kernel does not emulate MRS and the read would raise SIGILL");
            }
            checkLength("SVE", sveVectorBytes, (hwcap & HWCAP_SVE) != 0, "HWCAP_SVE (AT_HWCAP bit 22)");
            checkLength("SME", smeVectorBytes, (hwcap2 & HWCAP2_SME) != 0, "HWCAP2_SME (AT_HWCAP2 bit 23)");
            return new AArch64Snapshot(this);
        }

        private static void checkLength(String what, OptionalInt bytes, boolean allowed, String hwcapName) {
            if (bytes.isEmpty()) {
                return;
            }
            int b = bytes.getAsInt();
            if (!allowed) {
                throw new IllegalArgumentException("an " + what + " vector length of " + b + " bytes without " + hwcapName
                        + ": the kernel gives a length only for a feature it allows");
            }
            if (b < 16 || b > 256 || b % 16 != 0) {
                throw new IllegalArgumentException(what + " vector length " + b + " bytes: the architecture allows 16 to 256"
                        + " bytes (128 to 2048 bits) in steps of 16");
            }
        }
    }
}
