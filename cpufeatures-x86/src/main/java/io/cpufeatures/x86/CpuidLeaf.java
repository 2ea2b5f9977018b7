package io.cpufeatures.x86;

import java.util.Locale;

/**
 * A CPUID input: the leaf in EAX and the subleaf in ECX, ordered as unsigned numbers (so the
 * extended leaves {@code 0x80000000...} sort after the basic ones, as {@code cpuid -r} prints them).
 *
 * @param leaf    the leaf (EAX input), an unsigned 32-bit value
 * @param subleaf the subleaf (ECX input), an unsigned 32-bit value; 0 for leaves without subleaves
 */
public record CpuidLeaf(int leaf, int subleaf) implements Comparable<CpuidLeaf> {

    /**
     * The leaf with subleaf 0.
     *
     * @param leaf the leaf (EAX input), unsigned
     * @return the input ({@code leaf}, 0)
     */
    public static CpuidLeaf of(int leaf) {
        return new CpuidLeaf(leaf, 0);
    }

    /**
     * The given leaf and subleaf.
     *
     * @param leaf    the leaf (EAX input), unsigned
     * @param subleaf the subleaf (ECX input), unsigned
     * @return the input ({@code leaf}, {@code subleaf})
     */
    public static CpuidLeaf of(int leaf, int subleaf) {
        return new CpuidLeaf(leaf, subleaf);
    }

    @Override
    public int compareTo(CpuidLeaf other) {
        int byLeaf = Integer.compareUnsigned(leaf, other.leaf);
        return byLeaf != 0 ? byLeaf : Integer.compareUnsigned(subleaf, other.subleaf);
    }

    // Written out rather than generated: a record's generated equals and hashCode are bootstrapped on first use
    // (java.lang.runtime.ObjectMethods), about 20 ms of a process's first CPU report, where every leaf is hashed.
    @Override
    public boolean equals(Object o) {
        return o instanceof CpuidLeaf l && l.leaf == leaf && l.subleaf == subleaf;
    }

    @Override
    public int hashCode() {
        return 31 * leaf + subleaf;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "0x%08x.%x", leaf, subleaf);
    }
}
