package io.cpufeatures.core.jvm;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * What the running JVM's JIT will really do with the CPU: the HotSpot flags that decide code
 * generation, whether the Vector API is readable, and the synthetic {@code jvm.*} features derived
 * from them. A CPU with AVX-512 under a JVM with {@code -XX:MaxVectorSize=32} or
 * {@code -XX:UseAVX=2} must not be handed 512-bit Vector API code: a species wider than the JIT
 * compiles falls back to Java code that runs about 100 times slower than scalar code.
 *
 * <p>The features:
 * <ul>
 *   <li>{@code jvm.vector_api}: {@code jdk.incubator.vector} is readable;</li>
 *   <li>{@code jvm.vector128/256/512}: the Vector API is readable, C2 is on (not {@code -Xint}, not
 *       {@code TieredStopAtLevel} below 4, vector intrinsics not disabled) and
 *       {@code MaxVectorSize} (the widest vector C2 emits, in bytes) is at least the width; off
 *       HotSpot the preferred species' size stands in for it;</li>
 *   <li>{@code jvm.avx}, {@code jvm.avx2}, {@code jvm.avx512}: {@code UseAVX} at least 1, 2, 3;
 *       {@code jvm.sse4_2}: {@code UseSSE} at least 4;</li>
 *   <li>{@code jvm.bmi1}, {@code jvm.bmi2}, {@code jvm.fma}, {@code jvm.popcnt}, {@code jvm.lzcnt},
 *       {@code jvm.tzcnt}: the matching {@code Use...} flag is on (HotSpot sets them from CPUID and
 *       they are what its intrinsics emit);</li>
 *   <li>{@code jvm.sve}: {@code UseSVE} at least 1 (AArch64).</li>
 * </ul>
 * Off HotSpot the flag-based features are false, with that as the reason.
 */
public final class JvmView {

    /** Every {@code jvm.*} feature name, in report order. */
    public static final List<String> NAMES = List.of("jvm.vector_api", "jvm.vector128", "jvm.vector256",
            "jvm.vector512", "jvm.avx", "jvm.avx2", "jvm.avx512", "jvm.sse4_2", "jvm.bmi1", "jvm.bmi2", "jvm.fma",
            "jvm.popcnt", "jvm.lzcnt", "jvm.tzcnt", "jvm.sve");

    private final String vmName;
    private final Map<String, String> flags;
    private final boolean vectorApiReadable;
    private final OptionalInt preferredVectorBits;
    private final Map<String, List<Reason>> refused;

    private JvmView(String vmName, Map<String, String> flags, boolean vectorApiReadable, OptionalInt preferredVectorBits) {
        this.vmName = Objects.requireNonNull(vmName, "vmName");
        this.flags = Collections.unmodifiableMap(new LinkedHashMap<>(flags));
        this.vectorApiReadable = vectorApiReadable;
        this.preferredVectorBits = Objects.requireNonNull(preferredVectorBits, "preferredVectorBits");
        this.refused = Collections.unmodifiableMap(evaluate());
    }

    private static final class Holder {
        static final JvmView CURRENT = new JvmView(System.getProperty("java.vm.name", "unknown"), HotSpotFlags.read(),
                VectorApiProbe.readable(), VectorApiProbe.preferredBitSize());
    }

    /**
     * The view of the running JVM, computed on first use (the MXBean and the Vector API cost tens of
     * milliseconds) and then cached.
     */
    public static JvmView current() {
        return Holder.CURRENT;
    }

    /**
     * A view with given flags, for emulation and tests ("what would a JVM with MaxVectorSize=32 do?").
     *
     * @param vmName              the VM's name
     * @param flags               HotSpot flag values by name; an absent flag is not defined
     * @param vectorApiReadable   whether {@code jdk.incubator.vector} is readable
     * @param preferredVectorBits the preferred species' bit size, if the Vector API is readable
     */
    public static JvmView of(String vmName, Map<String, String> flags, boolean vectorApiReadable,
            OptionalInt preferredVectorBits) {
        return new JvmView(vmName, flags, vectorApiReadable, preferredVectorBits);
    }

    /** This view with {@code names} (jvm.* features) made false, reason "disabled by cpufeatures.disable". */
    public JvmView without(Set<String> names) {
        Map<String, List<Reason>> r = new LinkedHashMap<>(refused);
        for (String n : names) {
            requireKnown(n);
            r.put(n, List.of(new Reason(ReasonKind.DISABLED, "disabled by cpufeatures.disable")));
        }
        return new JvmView(this, r);
    }

    private JvmView(JvmView base, Map<String, List<Reason>> refused) {
        this.vmName = base.vmName;
        this.flags = base.flags;
        this.vectorApiReadable = base.vectorApiReadable;
        this.preferredVectorBits = base.preferredVectorBits;
        this.refused = Collections.unmodifiableMap(refused);
    }

    /** The VM's name ({@code java.vm.name}). */
    public String vmName() {
        return vmName;
    }

    /** Whether the HotSpot flags could be read at all. */
    public boolean isHotSpot() {
        return !flags.isEmpty();
    }

    /** The HotSpot flags read, by name (only those this JVM defines). */
    public Map<String, String> flags() {
        return flags;
    }

    /** One HotSpot flag's value, if this JVM defines it and it could be read. */
    public Optional<String> flag(String name) {
        return Optional.ofNullable(flags.get(name));
    }

    /** Whether {@code jdk.incubator.vector} is readable. */
    public boolean vectorApiReadable() {
        return vectorApiReadable;
    }

    /** The preferred species' bit size, when the Vector API is readable. */
    public OptionalInt preferredVectorBits() {
        return preferredVectorBits;
    }

    /** Whether {@code name} is a {@code jvm.*} feature name. */
    public static boolean isJvmName(String name) {
        return NAMES.contains(name);
    }

    /** Whether the {@code jvm.*} feature holds. */
    public boolean has(String name) {
        requireKnown(name);
        return !refused.containsKey(name);
    }

    /** Why the {@code jvm.*} feature does not hold; empty when it does. */
    public List<Reason> reasons(String name) {
        requireKnown(name);
        return refused.getOrDefault(name, List.of());
    }

    /** The {@code jvm.*} features that hold, in report order. */
    public List<String> available() {
        return NAMES.stream().filter(n -> !refused.containsKey(n)).toList();
    }

    private static void requireKnown(String name) {
        if (!NAMES.contains(name)) {
            throw new IllegalArgumentException("not a jvm.* feature: '" + name + "'; accepted: " + NAMES);
        }
    }

    private Map<String, List<Reason>> evaluate() {
        Map<String, List<Reason>> r = new LinkedHashMap<>();
        if (!vectorApiReadable) {
            Reason missing = new Reason(ReasonKind.JVM, "module jdk.incubator.vector is not readable:"
                    + " start the JVM with --add-modules jdk.incubator.vector");
            for (String n : List.of("jvm.vector_api", "jvm.vector128", "jvm.vector256", "jvm.vector512")) {
                r.put(n, List.of(missing));
            }
        } else {
            Optional<Reason> noC2 = c2Refusal();
            OptionalInt maxBytes = intFlag("MaxVectorSize");
            for (int bits : new int[] {128, 256, 512}) {
                String n = "jvm.vector" + bits;
                if (noC2.isPresent()) {
                    r.put(n, List.of(noC2.get()));
                } else if (maxBytes.isPresent() && maxBytes.getAsInt() * 8 < bits) {
                    r.put(n, List.of(new Reason(ReasonKind.JVM, "MaxVectorSize=" + maxBytes.getAsInt()
                            + ": the JIT compiles vectors up to " + maxBytes.getAsInt() * 8 + " bits")));
                } else if (maxBytes.isEmpty() && (preferredVectorBits.isEmpty() || preferredVectorBits.getAsInt() < bits)) {
                    r.put(n, List.of(new Reason(ReasonKind.JVM, "MaxVectorSize unreadable and the preferred species is "
                            + (preferredVectorBits.isPresent() ? preferredVectorBits.getAsInt() + " bits" : "unknown"))));
                }
            }
        }
        atLeast(r, "jvm.avx", "UseAVX", 1);
        atLeast(r, "jvm.avx2", "UseAVX", 2);
        atLeast(r, "jvm.avx512", "UseAVX", 3);
        atLeast(r, "jvm.sse4_2", "UseSSE", 4);
        enabled(r, "jvm.bmi1", "UseBMI1Instructions");
        enabled(r, "jvm.bmi2", "UseBMI2Instructions");
        enabled(r, "jvm.fma", "UseFMA");
        enabled(r, "jvm.popcnt", "UsePopCountInstruction");
        enabled(r, "jvm.lzcnt", "UseCountLeadingZerosInstruction");
        enabled(r, "jvm.tzcnt", "UseCountTrailingZerosInstruction");
        atLeast(r, "jvm.sve", "UseSVE", 1);
        return r;
    }

    /** Why C2 will not compile Vector API code, if it will not. */
    private Optional<Reason> c2Refusal() {
        if ("false".equals(flags.get("UseCompiler"))) {
            return Optional.of(new Reason(ReasonKind.JVM, "UseCompiler=false (-Xint): nothing is compiled"));
        }
        OptionalInt level = intFlag("TieredStopAtLevel");
        if (level.isPresent() && level.getAsInt() < 4) {
            return Optional.of(new Reason(ReasonKind.JVM, "TieredStopAtLevel=" + level.getAsInt()
                    + ": C2, which intrinsifies the Vector API, never runs"));
        }
        if ("false".equals(flags.get("EnableVectorSupport"))) {
            return Optional.of(new Reason(ReasonKind.JVM, "EnableVectorSupport=false: Vector API intrinsics are off"));
        }
        return Optional.empty();
    }

    private void atLeast(Map<String, List<Reason>> r, String name, String flag, int minimum) {
        OptionalInt value = intFlag(flag);
        if (value.isEmpty()) {
            r.put(name, List.of(absent(flag)));
        } else if (value.getAsInt() < minimum) {
            r.put(name, List.of(new Reason(ReasonKind.JVM, flag + "=" + value.getAsInt())));
        }
    }

    private void enabled(Map<String, List<Reason>> r, String name, String flag) {
        String value = flags.get(flag);
        if (value == null) {
            r.put(name, List.of(absent(flag)));
        } else if (!value.equals("true")) {
            r.put(name, List.of(new Reason(ReasonKind.JVM, flag + "=" + value)));
        }
    }

    private Reason absent(String flag) {
        return new Reason(ReasonKind.JVM, flags.isEmpty()
                ? "not HotSpot (" + vmName + "): the JIT's use of the CPU cannot be queried"
                : "HotSpot flag " + flag + " does not exist on this JVM or platform");
    }

    private OptionalInt intFlag(String name) {
        String v = flags.get(name);
        if (v == null) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of((int) Long.parseLong(v));
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    @Override
    public String toString() {
        return "JvmView[" + vmName + ", flags=" + flags + ", vectorApi=" + vectorApiReadable
                + (preferredVectorBits.isPresent() ? " (" + preferredVectorBits.getAsInt() + " bits)" : "")
                + ", available=" + available() + "]";
    }
}
