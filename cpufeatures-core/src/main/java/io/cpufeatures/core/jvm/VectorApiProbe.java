package io.cpufeatures.core.jvm;

import java.lang.reflect.Method;
import java.util.OptionalInt;

/**
 * Whether the incubating Vector API ({@code jdk.incubator.vector}) is readable from the class path,
 * and the bit size of its preferred species, read reflectively so the module is never a hard
 * dependency. It is readable only when the JVM was started with
 * {@code --add-modules jdk.incubator.vector}: the module is not resolved by default.
 */
final class VectorApiProbe {

    private VectorApiProbe() {
    }

    /** Whether the module is in the boot layer, so class-path code can use it. */
    static boolean readable() {
        // the boot layer's own modules, looked through: findModule looks through the parent layers with a stream where
        // the module is not there, which is the usual case on a first use
        for (Module m : ModuleLayer.boot().modules()) {
            if (m.getName().equals("jdk.incubator.vector")) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code VectorShape.preferredShape().vectorBitSize()} when the module is readable. Loads the
     * Vector API (about 10 ms the first time).
     */
    static OptionalInt preferredBitSize() {
        if (!readable()) {
            return OptionalInt.empty();
        }
        try {
            Class<?> shape = Class.forName("jdk.incubator.vector.VectorShape");
            Object preferred = shape.getMethod("preferredShape").invoke(null);
            Method bits = shape.getMethod("vectorBitSize");
            return OptionalInt.of((Integer) bits.invoke(preferred));
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return OptionalInt.empty();
        }
    }

    /**
     * {@code VectorSpecies.ofLargestShape(lane.type()).vectorBitSize()} when the module is readable: C2's widest vector
     * of that lane type ({@code VectorShape.getMaxVectorBitSize}, from {@code VectorSupport.getMaxLaneCount}, at least
     * 64 bits). Loads the Vector API; asked only where the HotSpot flags do not decide the width.
     */
    static OptionalInt largestBitSize(LaneType lane) {
        if (!readable()) {
            return OptionalInt.empty();
        }
        try {
            Class<?> species = Class.forName("jdk.incubator.vector.VectorSpecies");
            Object largest = species.getMethod("ofLargestShape", Class.class).invoke(null, lane.type());
            return OptionalInt.of((Integer) species.getMethod("vectorBitSize").invoke(largest));
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return OptionalInt.empty();
        }
    }
}
