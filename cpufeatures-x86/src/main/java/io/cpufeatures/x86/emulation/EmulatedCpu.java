package io.cpufeatures.x86.emulation;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.x86.table.CpuidBit;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.X86Vendor;
import io.cpufeatures.x86.Xcr0Source;
import io.cpufeatures.x86.table.XsaveComponent;
import io.cpufeatures.x86.table.X86Table;
import io.cpufeatures.x86.rules.Xcr0Rules;
import io.cpufeatures.x86.rules.XsaveArea;
import io.cpufeatures.x86.rules.XsaveLayout;
import io.cpufeatures.x86.rules.XsaveLayouts;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * An x86 CPU described in code, to decode and select for machines one does not have: a vendor, a
 * display family, model and stepping, the features whose CPUID bits it sets, and the register state
 * its OS enabled. What it builds is a {@link CpuidSnapshot} like a probe's or a dump's, so
 * {@link CpuFeatures#of} decodes it through every layer and a dispatch point's
 * {@code choiceFor} selects for it.
 *
 * <pre>{@code
 * CpuFeatures skylakeSp = EmulatedCpu.intel(6, 0x55, 4)
 *         .features("x86-64-v4", "osxsave")    // groups expand to their members
 *         .decode();
 * }</pre>
 *
 * <p>Only the listed bits are set (list {@code osxsave} for an OS that enabled XSAVE). With
 * {@code xsave}, leaf 0xD describes the components the features need (x87 and SSE always) in the
 * vendor's standard-format XSAVE layout ({@code XsaveLayouts}; Intel's where none is known), all supported (unless {@link Builder#supportedState} says otherwise) and all
 * enabled (unless {@link Builder#osEnabled} does); with {@code osxsave} too, XCR0 is recorded as
 * XGETBV would read it, unless {@link Builder#xcr0Unknown} asks the decoder to infer it from leaf 0xD
 * as it does for a dump.
 */
public final class EmulatedCpu {

    /** APX's place in the standard format: over MPX's, which it cannot coexist with (Linux commit ea68e39190cf). */
    private static final XsaveArea APX_AREA = new XsaveArea(19, 960, 128);

    /** The legacy region and the XSAVE header: where extended components start. */
    private static final int LEGACY_AND_HEADER = 576;

    private EmulatedCpu() {
    }

    /**
     * An Intel CPU of this display family, model and stepping.
     *
     * @param family   the display family, 0..0x10E (base family, plus the extended family from 0xF on), e.g. 6
     * @param model    the display model, 0..0xFF (0..0xF below family 6), e.g. {@code 0x55}
     * @param stepping the stepping, 0..0xF
     * @return a builder with no features set
     * @throws IllegalArgumentException for a family, model or stepping outside those ranges
     */
    public static Builder intel(int family, int model, int stepping) {
        return of(X86Vendor.INTEL, family, model, stepping);
    }

    /**
     * An AMD CPU of this display family, model and stepping.
     *
     * @param family   the display family, 0..0x10E (base family, plus the extended family from 0xF on), e.g.
     *                 {@code 0x19}
     * @param model    the display model, 0..0xFF (0..0xF below family 6), e.g. {@code 0x61}
     * @param stepping the stepping, 0..0xF
     * @return a builder with no features set
     * @throws IllegalArgumentException for a family, model or stepping outside those ranges
     */
    public static Builder amd(int family, int model, int stepping) {
        return of(X86Vendor.AMD, family, model, stepping);
    }

    /**
     * A CPU of this vendor, display family, model and stepping.
     *
     * @param vendor   the vendor, whose CPUID string leaf 0 carries; not null, and not {@link X86Vendor#OTHER}
     * @param family   the display family, 0..0x10E
     * @param model    the display model, 0..0xFF (0..0xF below family 6)
     * @param stepping the stepping, 0..0xF
     * @return a builder with no features set
     * @throws IllegalArgumentException for {@link X86Vendor#OTHER}, a family outside 0..0x10E, a model
     *                                  outside 0..0xFF (0..0xF below family 6) or a stepping outside 0..0xF
     */
    public static Builder of(X86Vendor vendor, int family, int model, int stepping) {
        return new Builder(vendor, family, model, stepping);
    }

    /** Collects the description. */
    public static final class Builder {

        private final X86Vendor vendor;
        private final int signature;
        private final Set<X86Feature> features = EnumSet.noneOf(X86Feature.class);
        private final Map<Long, int[]> raw = new TreeMap<>();
        private String brand = "";
        private Long osEnabled;
        private Long supportedState;
        private boolean xcr0Unknown;
        private boolean noXsaveLeaf;

        private Builder(X86Vendor vendor, int family, int model, int stepping) {
            this.vendor = Objects.requireNonNull(vendor, "vendor");
            if (vendor == X86Vendor.OTHER) {
                throw new IllegalArgumentException("an emulated CPU has a known vendor, not OTHER");
            }
            if (family < 0 || family > 0xf + 0xff || stepping < 0 || stepping > 0xf || model < 0
                    || model > (family >= 6 ? 0xff : 0xf)) {
                throw new IllegalArgumentException("family 0x" + Integer.toHexString(family) + " model 0x"
                        + Integer.toHexString(model) + " stepping " + stepping + " is not a display signature; accepted:"
                        + " family 0..0x10e, model 0..0xff (0..0xf below family 6), stepping 0..15");
            }
            int baseFamily = Math.min(family, 0xf);
            int extFamily = family >= 0xf ? family - 0xf : 0;
            this.signature = extFamily << 20 | (model >> 4) << 16 | baseFamily << 8 | (model & 0xf) << 4 | stepping;
        }

        /**
         * Sets the CPUID bits of these features: canonical names, aliases or groups ({@code x86-64-v3}).
         *
         * @param names feature names or groups, e.g. {@code avx2} or {@code x86-64-v3}; none null
         * @return this builder
         * @throws io.cpufeatures.core.UnknownFeatureException for a name no module knows
         * @throws IllegalArgumentException for a name that is not an x86 feature or group
         */
        public Builder features(String... names) {
            for (String n : names) {
                var name = CpuFeatures.resolve(n, "EmulatedCpu.features");
                for (String m : name.members().isEmpty() ? java.util.List.of(n) : name.members()) {
                    features.add(X86Table.FEATURES.require(m, "EmulatedCpu.features"));
                }
            }
            return this;
        }

        /**
         * The brand string (at most 47 characters of ISO-8859-1), in leaves 0x80000002..0x80000004.
         *
         * @param text the brand, e.g. {@code Intel(R) Core(TM) i9-9820X CPU @ 3.30GHz}; empty for none
         * @return this builder
         * @throws IllegalArgumentException if it is longer than 47 characters
         */
        public Builder brand(String text) {
            if (text.length() > 47) {
                throw new IllegalArgumentException("a brand string holds at most 47 characters: '" + text + "'");
            }
            this.brand = text;
            return this;
        }

        /**
         * The XCR0 the OS enabled (default: every component the features need); leaf 0xD's enabled size
         * follows it.
         *
         * @param xcr0 the XCR0 value, e.g. {@code 0x7} for an OS that left AVX-512 state off
         * @return this builder
         * @throws IllegalArgumentException if no OS can enable that state ({@code Xcr0Rules})
         */
        public Builder osEnabled(long xcr0) {
            this.osEnabled = Xcr0Rules.check(xcr0);
            return this;
        }

        /**
         * The XSAVE state components the CPU supports (CPUID.(0xD,0) EDX:EAX; default: every component the
         * features need, and x87 and SSE).
         *
         * @param xcr0Bits the supported components as XCR0 bits; x87 and SSE (0x3) are always added
         * @return this builder
         */
        public Builder supportedState(long xcr0Bits) {
            this.supportedState = xcr0Bits | 0x3;
            return this;
        }

        /**
         * Records no XCR0, so the decoder infers it from leaf 0xD, as it does for every dump.
         *
         * @return this builder
         */
        public Builder xcr0Unknown() {
            this.xcr0Unknown = true;
            return this;
        }

        /**
         * Leaves out leaf 0xD and XCR0, as a dump from a tool that reads neither: nothing then shows what
         * the OS enabled.
         *
         * @return this builder
         */
        public Builder withoutXsaveLeaf() {
            this.noXsaveLeaf = true;
            this.xcr0Unknown = true;
            return this;
        }

        /**
         * Sets raw registers of a leaf, for what the feature list cannot say; later bits are added to them.
         *
         * @param leaf    the leaf (EAX input), unsigned
         * @param subleaf the subleaf (ECX input), unsigned
         * @param eax     EAX output, before feature bits are set in it
         * @param ebx     EBX output, before feature bits are set in it
         * @param ecx     ECX output, before feature bits are set in it
         * @param edx     EDX output, before feature bits are set in it
         * @return this builder
         */
        public Builder leaf(int leaf, int subleaf, int eax, int ebx, int ecx, int edx) {
            raw.put(key(leaf, subleaf), new int[] {eax, ebx, ecx, edx});
            return this;
        }

        /**
         * The snapshot: leaves 0, 1 and 7 with the signature and feature bits, leaf 0xD when {@code xsave} is
         * set, the brand leaves, the raw leaves given, and XCR0 as XGETBV would read it when {@code osxsave} is
         * set and XCR0 was not made unknown ({@link #xcr0Unknown()}, {@link #withoutXsaveLeaf()}).
         *
         * @return a new snapshot, of source {@link io.cpufeatures.core.SourceKind#EMULATED}
         */
        public CpuidSnapshot build() {
            Map<Long, int[]> regs = new TreeMap<>();
            raw.forEach((k, r) -> regs.put(k, r.clone()));
            for (X86Feature f : features) {
                CpuidBit b = f.bit();
                regs.computeIfAbsent(key(b.leaf(), b.subleaf()), k -> new int[4])[b.register().ordinal()] |= 1 << b.bit();
            }
            regs.computeIfAbsent(key(1, 0), k -> new int[4])[0] = signature;
            int[] l7 = regs.computeIfAbsent(key(7, 0), k -> new int[4]);
            l7[0] = Math.max(l7[0], regs.containsKey(key(7, 1)) ? 1 : 0);
            long supported = 0x3;
            for (X86Feature f : features) {
                supported |= f.state().xcr0Mask();
            }
            if (supportedState != null) {
                supported = supportedState;
            }
            long enabled = osEnabled != null ? osEnabled & supported : supported;
            if (features.contains(X86Feature.XSAVE) && !noXsaveLeaf) {
                xsaveLeaf(regs, supported, enabled);
            }
            if (!brand.isEmpty()) {
                brandLeaves(regs);
            }
            CpuidSnapshot.Builder b = CpuidSnapshot.builder(SnapshotSource.emulated(vendor.cpuidString() + " family 0x"
                    + Integer.toHexString(familyOf(signature)) + " model 0x" + Integer.toHexString(modelOf(signature))
                    + " stepping " + (signature & 0xf)));
            int maxBasic = 0;
            int maxExt = 0x8000_0000;
            for (long k : regs.keySet()) {
                int leaf = (int) (k >>> 32);
                if (Integer.compareUnsigned(leaf, 0x8000_0000) >= 0 && Integer.compareUnsigned(leaf, 0x8000_ffff) <= 0) {
                    maxExt = Integer.compareUnsigned(leaf, maxExt) > 0 ? leaf : maxExt;
                } else if (Integer.compareUnsigned(leaf, 0x4000_0000) < 0) {
                    maxBasic = Math.max(maxBasic, leaf);
                }
            }
            byte[] v = vendor.cpuidString().getBytes(StandardCharsets.US_ASCII);
            b.put(0, 0, maxBasic, le(v, 0), le(v, 8), le(v, 4));
            b.put(0x8000_0000, 0, maxExt, 0, 0, 0);
            regs.forEach((k, r) -> b.put((int) (k >>> 32), (int) (long) k, new CpuidRegisters(r[0], r[1], r[2], r[3])));
            if (features.contains(X86Feature.OSXSAVE) && !xcr0Unknown) {
                b.xcr0(enabled, Xcr0Source.XGETBV);
            }
            return b.build();
        }

        /** {@return the snapshot, decoded: {@code CpuFeatures.of(build())}} */
        public CpuFeatures decode() {
            return CpuFeatures.of(build());
        }

        private void xsaveLeaf(Map<Long, int[]> regs, long supported, long enabled) {
            long allEnd = LEGACY_AND_HEADER;
            long enabledEnd = LEGACY_AND_HEADER;
            XsaveLayout intel = XsaveLayouts.of(X86Vendor.INTEL, 6).orElseThrow();
            Optional<XsaveLayout> own = XsaveLayouts.of(vendor, familyOf(signature));
            for (XsaveComponent c : XsaveComponent.in(supported)) {
                Optional<XsaveArea> area = own.flatMap(l -> l.area(c.bit())).or(() -> intel.area(c.bit()))
                        .or(() -> Optional.of(APX_AREA).filter(a -> a.component() == c.bit()));
                if (area.isEmpty()) {
                    continue;
                }
                int[] layout = {area.get().offset(), area.get().size()};
                long end = layout[0] + layout[1];
                allEnd = Math.max(allEnd, end);
                if ((enabled & c.mask()) != 0) {
                    enabledEnd = Math.max(enabledEnd, end);
                }
                regs.putIfAbsent(key(0xD, c.bit()), new int[] {layout[1], layout[0], 0, 0});
            }
            regs.putIfAbsent(key(0xD, 0), new int[] {(int) supported, (int) enabledEnd, (int) allEnd, (int) (supported >>> 32)});
            regs.putIfAbsent(key(0xD, 1), new int[4]);
        }

        private void brandLeaves(Map<Long, int[]> regs) {
            byte[] b = new byte[48];
            byte[] text = brand.getBytes(StandardCharsets.ISO_8859_1);
            System.arraycopy(text, 0, b, 0, text.length);
            ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
            for (int leaf = 0x8000_0002; leaf <= 0x8000_0004; leaf++) {
                int[] r = regs.computeIfAbsent(key(leaf, 0), k -> new int[4]);
                for (int i = 0; i < 4; i++) {
                    r[i] = bb.getInt();
                }
            }
        }
    }

    private static int familyOf(int signature) {
        return io.cpufeatures.x86.CpuIdentity.displayFamily(signature);
    }

    private static int modelOf(int signature) {
        return io.cpufeatures.x86.CpuIdentity.displayModel(signature);
    }

    private static long key(int leaf, int subleaf) {
        return (long) leaf << 32 | (subleaf & 0xffff_ffffL);
    }

    private static int le(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
    }
}
