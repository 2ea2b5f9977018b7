package io.cpufeatures.x86;

import java.util.Comparator;
import java.util.Locale;

/**
 * A CPUID input: the leaf in EAX and the subleaf in ECX, ordered as unsigned numbers (so the
 * extended leaves {@code 0x80000000...} sort after the basic ones, as {@code cpuid -r} prints them).
 *
 * @param leaf    the leaf (EAX input), an unsigned 32-bit value
 * @param subleaf the subleaf (ECX input), an unsigned 32-bit value; 0 for leaves without subleaves
 */
public record CpuidLeaf(int leaf, int subleaf) implements Comparable<CpuidLeaf> {

    private static final Comparator<CpuidLeaf> ORDER = Comparator
            .comparing(CpuidLeaf::leaf, Integer::compareUnsigned)
            .thenComparing(CpuidLeaf::subleaf, Integer::compareUnsigned);

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
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "0x%08x.%x", leaf, subleaf);
    }
}
