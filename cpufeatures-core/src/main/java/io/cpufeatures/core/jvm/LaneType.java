package io.cpufeatures.core.jvm;

import java.util.List;

/**
 * The Vector API's element types, each with the width C2 gives its vectors: HotSpot decides that width per
 * element type ({@code Matcher::vector_width_in_bytes(BasicType)} in each {@code src/hotspot/cpu/<cpu>/<cpu>.ad}),
 * and {@code VectorSpecies.ofLargestShape(type)} reports it. On x86 they differ: under {@code UseAVX=1} float and
 * double vectors are 256 bits wide and the others 128; under {@code UseAVX=3} without AVX-512BW byte and short
 * vectors are 256 bits and the others 512. A {@code jvm.vectorN} gate says for which element types it holds
 * ({@link JvmGate.VectorBits#lanes()}).
 */
public enum LaneType {
    /** {@code byte} lanes. */
    BYTE("byte", 1, byte.class),
    /** {@code short} lanes (C2 gives {@code char} vectors the same width). */
    SHORT("short", 2, short.class),
    /** {@code int} lanes. */
    INT("int", 4, int.class),
    /** {@code long} lanes. */
    LONG("long", 8, long.class),
    /** {@code float} lanes. */
    FLOAT("float", 4, float.class),
    /** {@code double} lanes. */
    DOUBLE("double", 8, double.class);

    /** Every element type: what {@code jvm.vector128/256/512} hold for, and the preferred species' size is the least of. */
    public static final List<LaneType> ALL = List.of(BYTE, SHORT, INT, LONG, FLOAT, DOUBLE);

    /** The floating-point element types: what {@code jvm.vector256_float} and {@code jvm.vector512_float} hold for. */
    public static final List<LaneType> FLOATING_POINT = List.of(FLOAT, DOUBLE);

    private final String javaName;
    private final int bytes;
    private final Class<?> type;

    LaneType(String javaName, int bytes, Class<?> type) {
        this.javaName = javaName;
        this.bytes = bytes;
        this.type = type;
    }

    /** {@return the Java primitive's name: {@code byte}, {@code double}} */
    public String javaName() {
        return javaName;
    }

    /** {@return the lane's size in bytes} */
    public int bytes() {
        return bytes;
    }

    /** {@return the primitive class, e.g. {@code int.class}, as the Vector API takes it} */
    public Class<?> type() {
        return type;
    }

    /** {@return whether it is {@code float} or {@code double}} */
    public boolean floatingPoint() {
        return this == FLOAT || this == DOUBLE;
    }

    /**
     * {@return the lane types named for a person: {@code float and double}, {@code byte, short, int, long, float and
     * double}} A loop, not a stream: explanations are built on a first use too.
     *
     * @param lanes the lane types, in order; not null nor empty
     */
    public static String describe(List<LaneType> lanes) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lanes.size(); i++) {
            if (i > 0) {
                sb.append(i == lanes.size() - 1 ? " and " : ", ");
            }
            sb.append(lanes.get(i).javaName);
        }
        return sb.toString();
    }
}
