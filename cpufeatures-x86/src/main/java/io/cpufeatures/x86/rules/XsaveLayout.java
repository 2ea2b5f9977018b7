package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.X86Vendor;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One vendor's standard-format XSAVE layout, as its CPUs report it in CPUID.(0xD,n): a row of
 * {@link XsaveLayouts}. The SDM does not fix these offsets (each CPU enumerates its own), so a
 * layout is a fact observed on a vendor's parts, used only to place a component whose subleaf a
 * dump lacks, and only when the CPU's own answers agree with it.
 *
 * @param name        the layout's name in reasons ({@code Intel's standard layout})
 * @param vendor      the vendor whose CPUs report it
 * @param familyFrom  the first display family it applies to
 * @param familyTo    the last display family it applies to
 * @param areas       where each component lies, in component order
 * @param citation    where the offsets come from
 */
public record XsaveLayout(String name, X86Vendor vendor, int familyFrom, int familyTo, List<XsaveArea> areas,
        String citation) {

    /**
     * Validates and copies the parts.
     *
     * @param name       the layout's name in reasons; not null
     * @param vendor     the vendor whose CPUs report it; not null
     * @param familyFrom the first display family it applies to
     * @param familyTo   the last display family it applies to, at least {@code familyFrom}
     * @param areas      where each component lies; not empty; not null
     * @param citation   where the offsets come from; not null
     * @throws IllegalArgumentException if the family range is empty or there is no area
     */
    public XsaveLayout {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(vendor, "vendor");
        Objects.requireNonNull(citation, "citation");
        areas = List.copyOf(areas);
        if (familyFrom > familyTo || areas.isEmpty()) {
            throw new IllegalArgumentException("layout " + name + ": empty family range or no area");
        }
    }

    /**
     * Whether the layout applies to a CPU of this vendor and display family.
     *
     * @param cpuVendor the CPU's vendor
     * @param family    the CPU's display family
     * @return whether the vendor is the layout's and the family within its range
     */
    public boolean appliesTo(X86Vendor cpuVendor, int family) {
        return vendor == cpuVendor && family >= familyFrom && family <= familyTo;
    }

    /**
     * Where the layout puts {@code component}, if it places it.
     *
     * @param component the component's XCR0 bit number, e.g. 5 for {@code OPMASK}
     * @return its offset and size; empty if the layout does not place it
     */
    public Optional<XsaveArea> area(int component) {
        for (XsaveArea a : areas) {
            if (a.component() == component) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }
}
