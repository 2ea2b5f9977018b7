package io.cpufeatures.x86;

import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.x86.dump.LeafRange;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The raw CPUID answers of one logical CPU, immutable: (leaf, subleaf) to EAX..EDX, the value
 * of XCR0 when known and how it is known, and where the data came from.
 *
 * <p>Only leaves inside an implemented range are kept (see {@code LeafRange}): a leaf above
 * CPUID.0:EAX or CPUID.0x80000000:EAX reads as absent, never as whatever the CPU or the dump
 * returned for it. An absent leaf reads as all zero through {@link #read}.
 *
 * <p>A snapshot rebuilt from a text that states only some of CPUID's words (an Intel Mac's {@code sysctl} listing
 * holding only {@code machdep.cpu.leaf7_features}) also records the bits the text says nothing of
 * ({@link #unstated}): they read 0, but they are unknown, not absent, and the rules treat them so. A probe or a
 * register dump states every bit.
 */
public final class CpuidSnapshot implements CpuSnapshot {

    private final SortedMap<CpuidLeaf, CpuidRegisters> leaves;
    /** The same leaves for lookups: a decoding reads about 130 of them, and a tree's comparisons cost a third of it. */
    private final Map<CpuidLeaf, CpuidRegisters> byLeaf;
    private final long xcr0;
    private final Xcr0Source xcr0Source;
    private final SnapshotSource source;
    private final Optional<TilePermission> tilePermission;
    /** The bits the source says nothing of, by (leaf, subleaf), as masks; empty for a probe or a register dump. */
    private final Map<CpuidLeaf, CpuidRegisters> unstated;

    private CpuidSnapshot(SortedMap<CpuidLeaf, CpuidRegisters> leaves, long xcr0,
            Xcr0Source xcr0Source, SnapshotSource source, Optional<TilePermission> tilePermission,
            Map<CpuidLeaf, CpuidRegisters> unstated) {
        this.leaves = leaves;
        this.byLeaf = Map.copyOf(leaves);
        this.xcr0 = xcr0;
        this.xcr0Source = xcr0Source;
        this.source = source;
        this.tilePermission = tilePermission;
        this.unstated = unstated;
    }

    /**
     * A builder for a snapshot from {@code source}; XCR0 starts {@link Xcr0Source#UNKNOWN}.
     *
     * @param source where the leaves come from (a file and logical CPU, an emulated CPU); not null
     * @return a builder with no leaves
     */
    public static Builder builder(SnapshotSource source) {
        return new Builder(source);
    }

    /** Always {@code x86_64}: snapshots of 32-bit CPUs decode the same way. */
    @Override
    public String architecture() {
        return "x86_64";
    }

    /**
     * The registers of (leaf, subleaf), or all zero when the snapshot does not have it.
     *
     * @param leaf    the leaf (EAX input), unsigned
     * @param subleaf the subleaf (ECX input), unsigned
     * @return the registers, {@link CpuidRegisters#ZERO} for an absent leaf
     */
    public CpuidRegisters read(int leaf, int subleaf) {
        CpuidRegisters registers = byLeaf.get(new CpuidLeaf(leaf, subleaf));
        return registers == null ? CpuidRegisters.ZERO : registers;
    }

    /**
     * The registers of (leaf, 0), or all zero when the snapshot does not have it.
     *
     * @param leaf the leaf (EAX input), unsigned
     * @return the registers, {@link CpuidRegisters#ZERO} for an absent leaf
     */
    public CpuidRegisters read(int leaf) {
        return read(leaf, 0);
    }

    /**
     * The registers of (leaf, subleaf) if the snapshot has them.
     *
     * @param leaf    the leaf (EAX input), unsigned
     * @param subleaf the subleaf (ECX input), unsigned
     * @return the registers; empty for a leaf the snapshot does not have (or dropped as out of range)
     */
    public Optional<CpuidRegisters> find(int leaf, int subleaf) {
        return Optional.ofNullable(byLeaf.get(new CpuidLeaf(leaf, subleaf)));
    }

    /**
     * Whether the snapshot has (leaf, subleaf).
     *
     * @param leaf    the leaf (EAX input), unsigned
     * @param subleaf the subleaf (ECX input), unsigned
     * @return whether it was put and is inside its range
     */
    public boolean contains(int leaf, int subleaf) {
        return byLeaf.containsKey(new CpuidLeaf(leaf, subleaf));
    }

    /**
     * The bits of (leaf, subleaf) the source says nothing of: a text that states only some of CPUID's words (an Intel
     * Mac's listing without {@code machdep.cpu.features}) leaves the others unknown. Such a bit reads 0 through
     * {@link #read}, but it is unknown, not absent.
     *
     * @param leaf    the leaf (EAX input), unsigned
     * @param subleaf the subleaf (ECX input), unsigned
     * @return a mask per register, 1 where the bit is unstated; {@link CpuidRegisters#ZERO} when the source states
     *         every bit of the leaf (always, for a probe or a register dump)
     */
    public CpuidRegisters unstated(int leaf, int subleaf) {
        CpuidRegisters bits = unstated.get(new CpuidLeaf(leaf, subleaf));
        return bits == null ? CpuidRegisters.ZERO : bits;
    }

    /**
     * Whether the source states bit {@code bit} of {@code register} of (leaf, subleaf), 1 or 0.
     *
     * @param leaf     the leaf (EAX input), unsigned
     * @param subleaf  the subleaf (ECX input), unsigned
     * @param register which of the four; not null
     * @param bit      the bit number, 0..31
     * @return false when the source says nothing of it ({@link #unstated}), true otherwise
     */
    public boolean states(int leaf, int subleaf, Register register, int bit) {
        Objects.requireNonNull(register, "register");
        return unstated.isEmpty() || !unstated(leaf, subleaf).bit(register, bit);
    }

    /** {@return the highest basic leaf, CPUID.0:EAX, an unsigned number} */
    public int maxBasicLeaf() {
        return read(0).eax();
    }

    /**
     * Whether basic leaf {@code leaf} is at or below the highest basic leaf, both compared as the
     * unsigned numbers they are (a dump may claim 0xFFFFFFFF, which a signed compare reads as -1).
     *
     * @param leaf a basic leaf number
     * @return whether the CPU claims to implement it
     */
    public boolean definesBasicLeaf(int leaf) {
        return Integer.compareUnsigned(leaf, maxBasicLeaf()) <= 0;
    }

    /**
     * {@return the highest extended leaf, CPUID.0x80000000:EAX, or {@code 0x7fffffff} when the CPU has no
     * extended range (so that {@code Integer.compareUnsigned(leaf, maxExtendedLeaf()) <= 0} is
     * false for every extended leaf)}
     */
    public int maxExtendedLeaf() {
        Optional<CpuidRegisters> r = find(0x8000_0000, 0);
        return r.isPresent() ? r.get().eax() : 0x7fff_ffff;
    }

    /** {@return every (leaf, subleaf) the snapshot has, in {@code cpuid -r} order; unmodifiable} */
    public SortedMap<CpuidLeaf, CpuidRegisters> leaves() {
        return leaves;
    }

    /** {@return XCR0 if its value is known (read, inferred or given: {@link Xcr0Source#hasValue()})} */
    public OptionalLong xcr0() {
        return xcr0Source.hasValue() ? OptionalLong.of(xcr0) : OptionalLong.empty();
    }

    /** {@return how XCR0 is known, or that it is not} */
    public Xcr0Source xcr0Source() {
        return xcr0Source;
    }

    /** {@return where the snapshot came from} */
    public SnapshotSource source() {
        return source;
    }

    /**
     * The same leaves with XCR0 set to {@code value}, known by {@code how}.
     *
     * @param value the XCR0 value, e.g. {@code 0xe7}
     * @param how   how it is known: read, inferred or given; not null
     * @return a new snapshot; this one is unchanged
     * @throws IllegalArgumentException if {@code how} carries no value ({@link Xcr0Source#hasValue()})
     */
    public CpuidSnapshot withXcr0(long value, Xcr0Source how) {
        Objects.requireNonNull(how, "how");
        if (!how.hasValue()) {
            throw new IllegalArgumentException(how + " carries no value; use withoutXcr0() to forget XCR0");
        }
        return new CpuidSnapshot(leaves, value, how, source, tilePermission, unstated);
    }

    /** {@return the same leaves with XCR0 unknown; this snapshot is unchanged} */
    public CpuidSnapshot withoutXcr0() {
        return new CpuidSnapshot(leaves, 0, Xcr0Source.UNKNOWN, source, tilePermission, unstated);
    }

    /**
     * {@return whether this process may use AMX tile data, when the probe read it (Linux, AMX present and
     * enabled in XCR0); empty for a dump, an emulated CPU without it, or another OS}
     */
    public Optional<TilePermission> tilePermission() {
        return tilePermission;
    }

    /**
     * The same snapshot with the process's AMX tile-data permission as read (or injected, in tests).
     *
     * @param permission the permission; not null
     * @return a new snapshot; this one is unchanged
     */
    public CpuidSnapshot withTilePermission(TilePermission permission) {
        return new CpuidSnapshot(leaves, xcr0, xcr0Source, source, Optional.of(permission), unstated);
    }

    /**
     * Snapshots are equal when everything that decides a decoding is: the leaves, the bits the source does not state,
     * XCR0 and how it was known, and the AMX tile-data permission. Where it was read (the source) is not compared.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof CpuidSnapshot other
                && leaves.equals(other.leaves)
                && unstated.equals(other.unstated)
                && xcr0 == other.xcr0
                && xcr0Source == other.xcr0Source
                && tilePermission.equals(other.tilePermission);
    }

    @Override
    public int hashCode() {
        return Objects.hash(leaves, unstated, xcr0, xcr0Source, tilePermission);
    }

    @Override
    public String toString() {
        return "CpuidSnapshot[" + leaves.size() + " leaves, xcr0="
                + (xcr0Source.hasValue() ? "0x" + Long.toHexString(xcr0) + " (" + xcr0Source + ")" : xcr0Source.id())
                + ", source=" + source + "]";
    }

    /** Collects leaves, then keeps those inside their range's highest leaf. */
    public static final class Builder {

        private final SnapshotSource source;
        private final SortedMap<CpuidLeaf, CpuidRegisters> leaves = new TreeMap<>();
        private final Map<CpuidLeaf, CpuidRegisters> unstated = new TreeMap<>();
        private long xcr0;
        private Xcr0Source xcr0Source = Xcr0Source.UNKNOWN;

        private Builder(SnapshotSource source) {
            this.source = Objects.requireNonNull(source, "source");
        }

        /**
         * Sets (leaf, subleaf), replacing an earlier value.
         *
         * @param leaf      the leaf (EAX input), unsigned
         * @param subleaf   the subleaf (ECX input), unsigned; 0 for a leaf without subleaves
         * @param registers what CPUID returned; not null
         * @return this builder
         */
        public Builder put(int leaf, int subleaf, CpuidRegisters registers) {
            leaves.put(new CpuidLeaf(leaf, subleaf), Objects.requireNonNull(registers, "registers"));
            return this;
        }

        /**
         * Sets (leaf, subleaf) from four register values.
         *
         * @param leaf    the leaf (EAX input), unsigned
         * @param subleaf the subleaf (ECX input), unsigned; 0 for a leaf without subleaves
         * @param eax     EAX output
         * @param ebx     EBX output
         * @param ecx     ECX output
         * @param edx     EDX output
         * @return this builder
         */
        public Builder put(int leaf, int subleaf, int eax, int ebx, int ecx, int edx) {
            return put(leaf, subleaf, new CpuidRegisters(eax, ebx, ecx, edx));
        }

        /**
         * Records the bits of (leaf, subleaf) the source says nothing of ({@link CpuidSnapshot#unstated}), added to
         * those recorded before; their value in the leaf must be 0 (a source that states a bit 1 states it).
         *
         * @param leaf    the leaf (EAX input), unsigned
         * @param subleaf the subleaf (ECX input), unsigned
         * @param bits    a mask per register, 1 where the bit is unstated; not null
         * @return this builder
         */
        public Builder unstated(int leaf, int subleaf, CpuidRegisters bits) {
            Objects.requireNonNull(bits, "bits");
            CpuidLeaf key = new CpuidLeaf(leaf, subleaf);
            CpuidRegisters old = unstated.get(key);
            CpuidRegisters all = old == null ? bits : new CpuidRegisters(
                    old.eax() | bits.eax(), old.ebx() | bits.ebx(), old.ecx() | bits.ecx(), old.edx() | bits.edx());
            if (all.isZero()) {
                unstated.remove(key);
            } else {
                unstated.put(key, all);
            }
            return this;
        }

        /**
         * Sets XCR0 and how it is known.
         *
         * @param value the XCR0 value, e.g. {@code 0xe7}
         * @param how   how it is known: read, inferred or given
         * @return this builder
         * @throws IllegalArgumentException if {@code how} carries no value ({@link Xcr0Source#hasValue()})
         */
        public Builder xcr0(long value, Xcr0Source how) {
            if (!how.hasValue()) {
                throw new IllegalArgumentException(how + " carries no value");
            }
            this.xcr0 = value;
            this.xcr0Source = how;
            return this;
        }

        /**
         * Records that XCR0 is unknown but that the features were checked against it by the kernel (a
         * snapshot made from its {@code /proc/cpuinfo} flags).
         *
         * @return this builder
         */
        public Builder xcr0CheckedByKernel() {
            this.xcr0 = 0;
            this.xcr0Source = Xcr0Source.KERNEL_CHECKED;
            return this;
        }

        /**
         * Whether (leaf, subleaf) has been put.
         *
         * @param leaf    the leaf (EAX input), unsigned
         * @param subleaf the subleaf (ECX input), unsigned
         * @return whether it was put, whatever its range
         */
        public boolean has(int leaf, int subleaf) {
            return leaves.containsKey(new CpuidLeaf(leaf, subleaf));
        }

        /**
         * Builds the snapshot, dropping the leaves above the highest leaf of their range.
         *
         * @return the snapshot, with no AMX tile permission
         * @throws IllegalStateException if leaf 0 is missing: without it nothing can be decoded, or a bit recorded as
         *                               unstated is 1 in its leaf
         */
        public CpuidSnapshot build() {
            if (!has(0, 0)) {
                throw new IllegalStateException("a CPUID snapshot needs leaf 0x0 (vendor and highest basic leaf)");
            }
            Map<LeafRange, Integer> highest = new EnumMap<>(LeafRange.class);
            for (LeafRange range : LeafRange.values()) {
                CpuidRegisters base = leaves.get(new CpuidLeaf(range.base(), 0));
                if (base != null) {
                    highest.put(range, range.highestLeaf(base.eax()));
                }
            }
            SortedMap<CpuidLeaf, CpuidRegisters> kept = new TreeMap<>();
            for (Map.Entry<CpuidLeaf, CpuidRegisters> e : leaves.entrySet()) {
                int leaf = e.getKey().leaf();
                Optional<LeafRange> range = LeafRange.of(leaf);
                if (range.isEmpty() || !highest.containsKey(range.get())) {
                    continue;
                }
                if (Integer.compareUnsigned(leaf, highest.get(range.get())) <= 0) {
                    kept.put(e.getKey(), e.getValue());
                }
            }
            if (!xcr0Source.hasValue()) {
                xcr0 = 0;
            }
            for (Map.Entry<CpuidLeaf, CpuidRegisters> e : unstated.entrySet()) {
                CpuidRegisters r = leaves.getOrDefault(e.getKey(), CpuidRegisters.ZERO);
                CpuidRegisters u = e.getValue();
                if ((r.eax() & u.eax() | r.ebx() & u.ebx() | r.ecx() & u.ecx() | r.edx() & u.edx()) != 0) {
                    throw new IllegalStateException("bits of " + e.getKey() + " are both set and unstated: a source"
                            + " that states a bit 1 states it");
                }
            }
            return new CpuidSnapshot(Collections.unmodifiableSortedMap(kept), xcr0, xcr0Source, source, Optional.empty(),
                    unstated.isEmpty() ? Map.of() : Map.copyOf(unstated));
        }
    }
}
