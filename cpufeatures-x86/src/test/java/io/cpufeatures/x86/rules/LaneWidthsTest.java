package io.cpufeatures.x86.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.jvm.LaneType;
import io.cpufeatures.x86.table.X86Feature;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * C2's widest vector per lane type on x86, as the module derives it from HotSpot's flags (x86.ad's
 * {@code Matcher::vector_width_in_bytes}), and the {@code jvm.vectorN} gates that read it: {@code UseAVX=1} gives float
 * and double 256 bits and the integral types 128; AVX-512F without AVX-512BW gives byte and short 256 bits and the
 * others 512. The live comparison with the Vector API is {@link VectorGatesAgainstSpeciesTest}.
 */
class LaneWidthsTest {

    private static Map<String, String> flags(int useAvx, int maxVectorSize) {
        Map<String, String> f = new HashMap<>();
        f.put("UseSSE", "4");
        f.put("UseAVX", String.valueOf(useAvx));
        f.put("MaxVectorSize", String.valueOf(maxVectorSize));
        f.put("UseCompiler", "true");
        return f;
    }

    /** A CPU that answers AVX-512BW only, and fails the test if asked anything else. */
    private static Predicate<X86Feature> avx512bw(boolean present) {
        return f -> {
            if (f != X86Feature.AVX512BW) {
                throw new AssertionError("asked for " + f);
            }
            return present;
        };
    }

    private static int bits(Map<String, String> flags, LaneType lane, Predicate<X86Feature> cpu) {
        return X86Architecture.INSTANCE.vectorBits(flags, Integer.parseInt(flags.get("MaxVectorSize")), lane, cpu)
                .getAsInt();
    }

    @Test
    void useAvx1GivesFloatAndDouble256BitsAndTheIntegralTypes128() {
        Map<String, String> avx1 = flags(1, 32);
        for (LaneType lane : LaneType.ALL) {
            assertEquals(lane.floatingPoint() ? 256 : 128, bits(avx1, lane, f -> {
                throw new AssertionError("the CPU is asked only under UseAVX=3");
            }), lane.javaName());
        }
        JvmView v = JvmView.of("HotSpot", avx1, true, OptionalInt.of(128));
        assertTrue(v.has("jvm.vector128"));
        assertTrue(v.has("jvm.vector256_float"), "AVX1 has 256-bit float and double instructions");
        assertFalse(v.has("jvm.vector256"), "but not 256-bit integer ones");
        assertEquals("the JIT compiles byte, short, int and long vectors up to 128 bits (by UseSSE=4, UseAVX=1,"
                + " MaxVectorSize=32); jvm.vector256 needs 256 bits for byte, short, int, long, float and double",
                v.reasons("jvm.vector256").get(0).detail());
        assertEquals("MaxVectorSize=32: the JIT compiles vectors up to 256 bits", v.reasons("jvm.vector512_float").get(0)
                .detail());
        assertEquals(OptionalInt.of(256), v.derivedVectorBits(LaneType.DOUBLE));
        assertEquals(OptionalInt.of(128), v.largestVectorBits(LaneType.INT), "what the gates read: the flags decide it");
        assertEquals("C2 compiles Vector API code at least 256 bits wide for float and double",
                v.meaning("jvm.vector256_float"));
        assertEquals(OptionalInt.of(128), v.derivedVectorBits(), "the preferred size is the least lane's");
    }

    @Test
    void avx512fWithoutBwGivesByteAndShort256BitsAndTheOthers512() {
        Map<String, String> avx3 = flags(3, 64);
        for (LaneType lane : LaneType.ALL) {
            boolean narrow = lane == LaneType.BYTE || lane == LaneType.SHORT;
            assertEquals(narrow ? 256 : 512, bits(avx3, lane, avx512bw(false)), "without BW: " + lane.javaName());
            assertEquals(512, bits(avx3, lane, avx512bw(true)), "with BW: " + lane.javaName());
        }
        assertEquals(OptionalInt.of(256), JvmView.deriveVectorBits("amd64", avx3, f -> false));
        assertEquals(OptionalInt.of(512), JvmView.deriveVectorBits("amd64", avx3, "avx512bw"::equals));
        assertEquals(OptionalInt.of(512), JvmView.deriveVectorBits("amd64", avx3, LaneType.INT, f -> {
            throw new AssertionError("int lanes do not depend on AVX-512BW");
        }));
        assertEquals(OptionalInt.of(256), JvmView.deriveVectorBits("amd64", avx3, LaneType.SHORT, f -> false));
    }

    @Test
    void maxVectorSizeCapsEveryLaneAndUseAvx2GivesEveryLane256Bits() {
        for (LaneType lane : LaneType.ALL) {
            assertEquals(256, bits(flags(2, 32), lane, avx512bw(true)), lane.javaName());
            assertEquals(256, bits(flags(3, 32), lane, avx512bw(true)), lane.javaName());
            assertEquals(128, bits(flags(1, 16), lane, avx512bw(true)), lane.javaName());
            assertEquals(128, bits(flags(0, 16), lane, avx512bw(true)), lane.javaName());
        }
        JvmView avx2 = JvmView.of("HotSpot", flags(2, 32), true, OptionalInt.of(256));
        assertTrue(avx2.has("jvm.vector256") && avx2.has("jvm.vector256_float"));
        assertFalse(avx2.has("jvm.vector512") || avx2.has("jvm.vector512_float"));
    }
}
