package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.table.CpuidBit;
import io.cpufeatures.x86.table.X86Feature;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * HotSpot's x86 feature names ({@code -Xlog:os+cpu}) read as the library's features: a name means the feature of the
 * library's table with the same CPUID bit as the row of {@link HotSpotX86Features} that sets it. Where several rows set
 * a name, the one read on the most vendors' CPUs is taken ({@code 3dnowpref}: PREFETCHW's bit, not AMD's 3DNow!).
 * The names HotSpot sets by a rule of its own and not by one bit ({@code ht}, {@code tscinv}, {@code apx_f},
 * {@code avx10_1}, {@code avx10_2}) have no feature.
 */
final class HotSpotX86Names {

    /** Every name of every release modelled to its feature, or to null when it has none. */
    private static final Map<String, X86Feature> FEATURE_OF = build();

    private HotSpotX86Names() {
    }

    /**
     * The feature HotSpot's name {@code hotSpotName} means.
     *
     * @param hotSpotName a name as HotSpot prints it ({@code sse4.1}, {@code avx512_vnni}); not null
     * @return the feature ({@code SSE4_1}); empty for a name no modelled release has, or one set by no one bit
     */
    static Optional<X86Feature> feature(String hotSpotName) {
        return Optional.ofNullable(FEATURE_OF.get(hotSpotName));
    }

    /** {@return every name of the releases modelled that has a feature, in the releases' order} */
    static List<String> names() {
        return FEATURE_OF.entrySet().stream().filter(e -> e.getValue() != null).map(Map.Entry::getKey).toList();
    }

    private static Map<String, X86Feature> build() {
        Map<CpuidBit, X86Feature> byBit = new HashMap<>();
        for (X86Feature f : X86Feature.values()) {
            byBit.putIfAbsent(f.bit(), f);
        }
        Map<String, X86Feature> out = new LinkedHashMap<>();
        for (HotSpotX86Features.Release release : HotSpotX86Features.RELEASES) {
            for (String name : release.names()) {
                Optional<HotSpotX86Features.Bit> widest = release.bits().stream().filter(b -> b.name().equals(name))
                        .min(Comparator.comparingInt(b -> narrowness(b.vendors())));
                X86Feature f = widest.map(b -> byBit.get(new CpuidBit(b.leaf(), b.subleaf(), b.register(), b.bit())))
                        .orElse(null);
                // a name JDK 17 sets by no bit may be set by one in JDK 25: the first bit found is the name's
                if (out.get(name) == null) {
                    out.put(name, f);
                }
            }
        }
        return out;
    }

    /** How few vendors' CPUs a row is read on: 0 for every vendor's. */
    private static int narrowness(HotSpotX86Features.Vendors v) {
        return switch (v) {
            case ANY -> 0;
            case NOT_ZX -> 1;
            case INTEL_AMD_ZX -> 2;
            case AMD_FAMILY, INTEL -> 3;
        };
    }
}
