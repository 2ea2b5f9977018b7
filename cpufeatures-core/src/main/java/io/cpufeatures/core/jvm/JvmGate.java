package io.cpufeatures.core.jvm;

import java.util.List;
import java.util.Objects;

/**
 * One {@code jvm.*} feature: a name and the rule by which the running JVM grants it. The Vector API
 * gates are the core's ({@code jvm.vector_api}, {@code jvm.vector128/256/512} for every element type,
 * {@code jvm.vector256_float} and {@code jvm.vector512_float} for float and double); an architecture
 * module adds the gates of its JIT flags ({@code jvm.avx2} is HotSpot's {@code UseAVX >= 2} on
 * x86), so a {@code jvm.*} name is defined once, where its architecture is.
 *
 * @param name the feature's name, {@code jvm.} and lower-case words joined by {@code _}
 * @param rule when it holds
 */
public record JvmGate(String name, Rule rule) {

    /**
     * The gates every architecture shares: {@code jvm.vector_api} (the module is readable),
     * {@code jvm.vector128/256/512} (C2 compiles Vector API code at least that wide for every element type: byte,
     * short, int, long, float and double) and {@code jvm.vector256_float}, {@code jvm.vector512_float} (at least that
     * wide for float and double; on x86 {@code UseAVX=1} gives those 256 bits and the integral types 128, and AVX-512
     * without AVX-512BW gives byte and short 256 bits and the others 512).
     */
    public static final List<JvmGate> CORE = List.of(new JvmGate("jvm.vector_api", new VectorApi()),
            new JvmGate("jvm.vector128", new VectorBits(128, LaneType.ALL)),
            new JvmGate("jvm.vector256", new VectorBits(256, LaneType.ALL)),
            new JvmGate("jvm.vector512", new VectorBits(512, LaneType.ALL)),
            new JvmGate("jvm.vector256_float", new VectorBits(256, LaneType.FLOATING_POINT)),
            new JvmGate("jvm.vector512_float", new VectorBits(512, LaneType.FLOATING_POINT)));

    /**
     * Validates the name.
     *
     * @param name the feature's name, {@code jvm.} and lower-case words joined by {@code _}, e.g.
     *             {@code jvm.avx512bw}; not null
     * @param rule when it holds; not null
     * @throws IllegalArgumentException if {@code name} is not of that form
     */
    public JvmGate {
        Objects.requireNonNull(rule, "rule");
        if (!validName(Objects.requireNonNull(name, "name"))) {
            throw new IllegalArgumentException("a JVM gate is named jvm.<lower_case_words>, not '" + name + "'");
        }
    }

    /** {@code jvm.} and lower-case words of letters and digits joined by single {@code _}: a loop, not a regex. */
    private static boolean validName(String name) {
        if (!name.startsWith("jvm.") || name.length() == 4) {
            return false;
        }
        boolean afterSeparator = true;
        for (int i = 4; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean word = c >= 'a' && c <= 'z' || c >= '0' && c <= '9';
            if (!word && !(c == '_' && !afterSeparator)) {
                return false;
            }
            afterSeparator = c == '_';
        }
        return !afterSeparator;
    }

    /**
     * Gates are equal when their names and rules are. Written out rather than generated: a process's first
     * generated record {@code equals} bootstraps {@code java.lang.runtime.ObjectMethods} (about 20 ms here), and
     * every process compares the gates two modules share ({@code jvm.aes}, {@code jvm.fma}) as it builds its names.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof JvmGate g && name.equals(g.name) && sameRule(rule, g.rule);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    private static boolean sameRule(Rule a, Rule b) {
        if (a instanceof FlagEnabled x) {
            return b instanceof FlagEnabled y && x.flag().equals(y.flag());
        }
        if (a instanceof FlagAtLeast x) {
            return b instanceof FlagAtLeast y && x.flag().equals(y.flag()) && x.minimum() == y.minimum();
        }
        if (a instanceof VectorBits x) {
            return b instanceof VectorBits y && x.bits() == y.bits() && x.lanes().equals(y.lanes());
        }
        return a instanceof VectorApi && b instanceof VectorApi;
    }

    /** When a gate holds. */
    public sealed interface Rule permits VectorApi, VectorBits, FlagAtLeast, FlagEnabled {
    }

    /** The module {@code jdk.incubator.vector} is readable. */
    public record VectorApi() implements Rule {
    }

    /**
     * The Vector API is readable, C2 will compile it (not {@code -Xint}, not {@code TieredStopAtLevel}
     * below 4, vector intrinsics on) and C2's widest vector of each of {@code lanes} is at least {@code bits}: as the
     * architecture module derives it from the HotSpot flags ({@code MaxVectorSize} and the architecture's own), or,
     * where the flags do not decide it, as the Vector API reports it ({@code VectorSpecies.ofLargestShape}).
     *
     * @param bits  the vector width
     * @param lanes the element types it must hold for, e.g. {@link LaneType#ALL}; not null nor empty
     */
    public record VectorBits(int bits, List<LaneType> lanes) implements Rule {
        /**
         * Validates and copies the lane types.
         *
         * @param bits  the vector width
         * @param lanes the element types it must hold for; not null nor empty
         */
        public VectorBits {
            lanes = List.copyOf(lanes);
            if (lanes.isEmpty()) {
                throw new IllegalArgumentException("a vector width holds for at least one lane type");
            }
        }

        /**
         * A width for every element type ({@link LaneType#ALL}).
         *
         * @param bits the vector width
         */
        public VectorBits(int bits) {
            this(bits, LaneType.ALL);
        }
    }

    /**
     * The integer HotSpot flag is at least {@code minimum}.
     *
     * @param flag    the flag ({@code UseAVX})
     * @param minimum the smallest value that grants the gate
     */
    public record FlagAtLeast(String flag, int minimum) implements Rule {
        /**
         * Validates the flag name.
         *
         * @param flag    the integer HotSpot flag, e.g. {@code UseAVX}; not null
         * @param minimum the smallest value that grants the gate
         */
        public FlagAtLeast {
            Objects.requireNonNull(flag, "flag");
        }
    }

    /**
     * The boolean HotSpot flag is {@code true}.
     *
     * @param flag the flag ({@code UseBMI2Instructions})
     */
    public record FlagEnabled(String flag) implements Rule {
        /**
         * Validates the flag name.
         *
         * @param flag the boolean HotSpot flag, e.g. {@code UseBMI2Instructions}; not null
         */
        public FlagEnabled {
            Objects.requireNonNull(flag, "flag");
        }
    }

    /**
     * A gate granted when the integer flag {@code flag} is at least {@code minimum}.
     *
     * @param name    the gate's name, e.g. {@code jvm.avx2}; not null
     * @param flag    the integer HotSpot flag, e.g. {@code UseAVX}; not null
     * @param minimum the smallest value of the flag that grants the gate, e.g. 2
     * @return the gate
     * @throws IllegalArgumentException if {@code name} is not {@code jvm.} and lower-case words
     */
    public static JvmGate atLeast(String name, String flag, int minimum) {
        return new JvmGate(name, new FlagAtLeast(flag, minimum));
    }

    /**
     * A gate granted when the boolean flag {@code flag} is true.
     *
     * @param name the gate's name, e.g. {@code jvm.bmi2}; not null
     * @param flag the boolean HotSpot flag, e.g. {@code UseBMI2Instructions}; not null
     * @return the gate
     * @throws IllegalArgumentException if {@code name} is not {@code jvm.} and lower-case words
     */
    public static JvmGate enabled(String name, String flag) {
        return new JvmGate(name, new FlagEnabled(flag));
    }

    /**
     * {@return what the gate means, for an explanation, built when asked: {@code C2 compiles Vector API code at least
     * 256 bits wide for float and double}, {@code HotSpot's UseAVX is at least 2}}
     */
    public String meaning() {
        if (rule instanceof VectorBits v) {
            return "C2 compiles Vector API code at least " + v.bits() + " bits wide for " + LaneType.describe(v.lanes());
        }
        if (rule instanceof FlagAtLeast f) {
            return "HotSpot's " + f.flag() + " is at least " + f.minimum();
        }
        if (rule instanceof FlagEnabled f) {
            return "HotSpot's " + f.flag() + " is on";
        }
        return "the module jdk.incubator.vector is readable";
    }

    /** {@return the HotSpot flag the rule reads, if it reads one (the Vector API rules read several)} */
    public java.util.Optional<String> flag() {
        if (rule instanceof FlagAtLeast f) {
            return java.util.Optional.of(f.flag());
        }
        if (rule instanceof FlagEnabled f) {
            return java.util.Optional.of(f.flag());
        }
        return java.util.Optional.empty();
    }
}
