package io.cpufeatures.x86.emulation;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.x86.feature.CpuidBit;
import io.cpufeatures.x86.feature.FeatureNames;
import io.cpufeatures.x86.feature.X86Feature;
import io.cpufeatures.x86.feature.X86Vendor;
import io.cpufeatures.x86.feature.XsaveComponent;
import io.cpufeatures.x86.raw.CpuidRegisters;
import io.cpufeatures.x86.raw.CpuidSnapshot;
import io.cpufeatures.x86.raw.SnapshotSource;
import io.cpufeatures.x86.raw.Xcr0Source;
import io.cpufeatures.x86.usable.Xcr0Rules;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
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
 * {@code xsave}, leaf 0xD describes the components the features need (x87 and SSE always) in Intel's
 * standard XSAVE layout, all supported (unless {@link Builder#supportedState} says otherwise) and all
 * enabled (unless {@link Builder#osEnabled} does); with {@code osxsave} too, XCR0 is recorded as
 * XGETBV would read it, unless {@link Builder#xcr0Unknown} asks the decoder to infer it from leaf 0xD
 * as it does for a dump.
 */
public final class EmulatedCpu {

    /** Offset and size of each user state component in Intel's standard-format XSAVE area (SDM Vol. 1, 13.4). */
    private static final Map<Integer, int[]> STANDARD_LAYOUT = Map.of(
            2, new int[] {576, 256}, 3, new int[] {960, 64}, 4, new int[] {1024, 64}, 5, new int[] {1088, 64},
            6, new int[] {1152, 512}, 7, new int[] {1664, 1024}, 9, new int[] {2688, 8},
            17, new int[] {2752, 64}, 18, new int[] {2816, 8192}, 19, new int[] {960, 128});

    /** The legacy region and the XSAVE header: where extended components start. */
    private static final int LEGACY_AND_HEADER = 576;

    private EmulatedCpu() {
    }

    /** An Intel CPU of this display family, model and stepping. */
    public static Builder intel(int family, int model, int stepping) {
        return of(X86Vendor.INTEL, family, model, stepping);
    }

    /** An AMD CPU of this display family, model and stepping. */
    public static Builder amd(int family, int model, int stepping) {
        return of(X86Vendor.AMD, family, model, stepping);
    }

    /**
     * A CPU of this vendor, display family, model and stepping.
     *
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
         * @throws io.cpufeatures.core.UnknownFeatureException for a name no module knows
         * @throws IllegalArgumentException for a name that is not an x86 feature or group
         */
        public Builder features(String... names) {
            for (String n : names) {
                var name = CpuFeatures.resolve(n, "EmulatedCpu.features");
                for (String m : name.members().isEmpty() ? java.util.List.of(n) : name.members()) {
                    features.add(FeatureNames.require(m, "EmulatedCpu.features"));
                }
            }
            return this;
        }

        /** Sets the CPUID bits of these features. */
        public Builder with(X86Feature... more) {
            features.addAll(java.util.List.of(more));
            return this;
        }

        /** The brand string (at most 47 characters of ISO-8859-1). */
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
         * @throws IllegalArgumentException if no OS can enable that state ({@link Xcr0Rules})
         */
        public Builder osEnabled(long xcr0) {
            this.osEnabled = Xcr0Rules.check(xcr0);
            return this;
        }

        /**
         * The XSAVE state components the CPU supports (CPUID.(0xD,0) EDX:EAX; default: every component the
         * features need, and x87 and SSE).
         */
        public Builder supportedState(long xcr0Bits) {
            this.supportedState = xcr0Bits | 0x3;
            return this;
        }

        /** Records no XCR0, so the decoder infers it from leaf 0xD, as it does for every dump. */
        public Builder xcr0Unknown() {
            this.xcr0Unknown = true;
            return this;
        }

        /**
         * Leaves out leaf 0xD and XCR0, as a dump from a tool that reads neither: nothing then shows what
         * the OS enabled.
         */
        public Builder withoutXsaveLeaf() {
            this.noXsaveLeaf = true;
            this.xcr0Unknown = true;
            return this;
        }

        /** Sets raw registers of a leaf, for what the feature list cannot say; later bits are added to them. */
        public Builder leaf(int leaf, int subleaf, int eax, int ebx, int ecx, int edx) {
            raw.put(key(leaf, subleaf), new int[] {eax, ebx, ecx, edx});
            return this;
        }

        /** The snapshot. */
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

        /** The snapshot, decoded: {@code CpuFeatures.of(build())}. */
        public CpuFeatures decode() {
            return CpuFeatures.of(build());
        }

        private void xsaveLeaf(Map<Long, int[]> regs, long supported, long enabled) {
            long allEnd = LEGACY_AND_HEADER;
            long enabledEnd = LEGACY_AND_HEADER;
            for (XsaveComponent c : XsaveComponent.in(supported)) {
                int[] layout = STANDARD_LAYOUT.get(c.bit());
                if (layout == null) {
                    continue;
                }
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
        return io.cpufeatures.x86.feature.CpuIdentity.displayFamily(signature);
    }

    private static int modelOf(int signature) {
        return io.cpufeatures.x86.feature.CpuIdentity.displayModel(signature);
    }

    private static long key(int leaf, int subleaf) {
        return (long) leaf << 32 | (subleaf & 0xffff_ffffL);
    }

    private static int le(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
    }
}
