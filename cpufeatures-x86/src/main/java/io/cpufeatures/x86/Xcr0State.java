package io.cpufeatures.x86;

import io.cpufeatures.x86.table.XsaveComponent;

import io.cpufeatures.x86.dump.Hex;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What is known of XCR0, the register state the OS enabled.
 *
 * @param value        the XCR0 value when known (read, given or inferred)
 * @param source       how it is known; {@link Xcr0Source#KERNEL_CHECKED} when the features come from
 *                     the kernel's /proc/cpuinfo flags, which already omit features whose state the
 *                     kernel did not enable: XCR0 is then unknown, but its check has been made
 * @param osxsave      whether CPUID.1:ECX.OSXSAVE is set; when clear XGETBV would fault and no
 *                     XSAVE-managed state is enabled
 * @param undetermined for an inferred value: the supported components whose state could not be
 *                     inferred either way (their CPUID.(0xD,n) subleaf reads zero or is missing);
 *                     they are not in {@code value}
 * @param assumed      for an inferred value: the components placed by a vendor's layout because their
 *                     CPUID.(0xD,n) subleaf is missing or reads zero (docs/feature-pipeline.md lists the layouts)
 * @param assumption   for an inferred value: what the inference assumed rather than read, in words
 *                     (the layout used for {@code assumed}, or that a 576-byte area cannot tell SSE
 *                     apart from x87); empty when nothing was assumed
 * @param tilePermission whether this process may use AMX tile data, when it was read (Linux): the
 *                     state enabled in XCR0 is usable only with it
 */
public record Xcr0State(OptionalLong value, Xcr0Source source, boolean osxsave, long undetermined, long assumed,
        String assumption, Optional<TilePermission> tilePermission) {

    /**
     * Validates the parts.
     *
     * @param value          the XCR0 value when known; not null (empty when not known)
     * @param source         how it is known; not null
     * @param osxsave        whether CPUID.1:ECX.OSXSAVE is set
     * @param undetermined   for an inferred value, the XCR0 bits of the components that could not be inferred;
     *                       0 otherwise
     * @param assumed        for an inferred value, the XCR0 bits of the components a vendor's layout placed;
     *                       0 otherwise
     * @param assumption     what the inference assumed, in words; empty when nothing was; not null
     * @param tilePermission the AMX tile-data permission; not null (empty when not read)
     * @throws IllegalArgumentException if {@code value} is present and {@code source} carries no value, or the
     *                                  other way round ({@link Xcr0Source#hasValue()})
     */
    public Xcr0State {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(assumption, "assumption");
        Objects.requireNonNull(tilePermission, "tilePermission");
        if (value.isPresent() != source.hasValue()) {
            throw new IllegalArgumentException("a value goes with a source that has one (" + source + "), and only then");
        }
    }

    /**
     * A state with nothing assumed and no AMX tile-data permission read.
     *
     * @param value        the XCR0 value when known; not null (empty when not known)
     * @param source       how it is known; not null
     * @param osxsave      whether CPUID.1:ECX.OSXSAVE is set
     * @param undetermined for an inferred value, the XCR0 bits of the components that could not be inferred
     * @throws IllegalArgumentException if {@code value} is present and {@code source} carries no value, or the
     *                                  other way round
     */
    public Xcr0State(OptionalLong value, Xcr0Source source, boolean osxsave, long undetermined) {
        this(value, source, osxsave, undetermined, 0, "", Optional.empty());
    }

    /**
     * The same state with the process's AMX tile-data permission, if read.
     *
     * @param permission the permission; not null (empty when it was not read)
     * @return a new state; this one is unchanged
     */
    public Xcr0State withTilePermission(Optional<TilePermission> permission) {
        return new Xcr0State(value, source, osxsave, undetermined, assumed, assumption, permission);
    }

    /** {@return whether the kernel checked the features' state for us (XCR0 itself unknown)} */
    public boolean kernelChecked() {
        return source == Xcr0Source.KERNEL_CHECKED;
    }

    /**
     * Whether every bit of {@code mask} is known to be enabled.
     *
     * @param mask XCR0 bits, e.g. {@code 0xe7} for AVX-512 state
     * @return whether the value is known and has all of them; false when XCR0 is unknown
     */
    public boolean enables(long mask) {
        return value.isPresent() && (value.getAsLong() & mask) == mask;
    }

    /**
     * A description such as {@code XCR0=0xe7 (read with XGETBV)} or {@code XCR0 unknown}, naming the
     * undetermined components of an inferred value.
     *
     * @return the description, one line
     */
    public String describe() {
        String s = valueText();
        if (value.isPresent() && undetermined != 0) {
            s += ", " + XsaveComponent.names(undetermined) + " undetermined";
        }
        if (!assumption.isEmpty()) {
            s += " (" + assumption + ")";
        }
        return s;
    }

    /**
     * The value and how it is known, as {@link #valueText()}, saying so when any of {@code components}
     * was placed by a vendor's layout: a verdict on them rests on that layout
     * ({@code XCR0=0x7 (inferred from CPUID.(0xD,0).EBX; OPMASK|ZMM_Hi256|Hi16_ZMM placed by ...)}).
     *
     * @param components the XCR0 bits of the components a verdict is about
     * @return the text, one line
     */
    public String valueText(long components) {
        String s = valueText();
        return (assumed & components) == 0 ? s : s.substring(0, s.length() - 1) + "; " + assumption + ")";
    }

    /**
     * {@return the value and how it is known, {@code XCR0=0x7 (inferred from CPUID.(0xD,0).EBX)}, or why it
     * is not, {@code XCR0 unknown}}
     */
    public String valueText() {
        if (value.isEmpty()) {
            if (kernelChecked()) {
                return "XCR0 unknown (features from the kernel's /proc/cpuinfo flags, which list only"
                        + " those whose state it enabled)";
            }
            return osxsave ? "XCR0 unknown" : "XCR0 not readable (OSXSAVE=0)";
        }
        String how = switch (source) {
            case XGETBV -> "read with XGETBV";
            case INFERRED_FROM_LEAF_0xD -> "inferred from CPUID.(0xD,0).EBX";
            case USER -> "given by the user";
            case DARWIN -> "read with XGETBV, with the AVX-512 state Darwin enables on first use (hw.optional.avx512f=1)";
            case KERNEL_CHECKED, UNKNOWN -> throw new IllegalStateException("no value is known " + source);
        };
        return "XCR0=" + Hex.prefixed(value.getAsLong()) + " (" + how + ")";
    }
}
