package io.cpufeatures.x86.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.FeatureName;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import io.cpufeatures.x86.emulation.ReferenceCpus;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code avx512-narrow-lanes}: what 512-bit Vector API code of byte, short or char lanes needs on x86, which
 * {@code avx512f} and {@code jvm.vector512} are not (a Knights Landing has both, and C2 gives its byte vectors 256
 * bits). Checked against the module's own width rule and against the running JIT's.
 */
class NarrowLanesGroupTest {

    private static final Map<String, String> AVX512_FLAGS = Map.of("UseAVX", "3", "UseSSE", "4", "MaxVectorSize", "64",
            "UseCompiler", "true");

    private static JvmView avx512Jvm() {
        return JvmView.of("test", AVX512_FLAGS, true, OptionalInt.of(512));
    }

    /** A Knights Landing (6/0x57): AVX-512F and CD, no BW, DQ nor VL. */
    private static CpuFeatures knightsLanding() {
        return EmulatedCpu.intel(6, 0x57, 1).features("x86-64-v3", "osxsave", "avx512f", "avx512cd").decode()
                .withJvm(avx512Jvm());
    }

    @Test
    void theGroupIsAvx512bwAndTheJitsWidth() {
        FeatureName group = CpuFeatures.resolve("AVX512-narrow-lanes", "test");
        assertEquals(FeatureName.Kind.GROUP, group.kind());
        assertEquals("avx512-narrow-lanes", group.canonical());
        assertEquals(List.of("avx512bw", "jvm.vector512"), group.members());
        assertEquals(List.of("x86_64"), group.architectures());
    }

    @Test
    void itHoldsExactlyWhereTheModulesRuleGivesNarrowLanes512Bits() {
        CpuFeatures knl = knightsLanding();
        CpuFeatures skx = ReferenceCpus.skylakeSp().decode().withJvm(avx512Jvm());
        // a view made from flags, with no CPU to ask, takes the preferred size it is given (512) for the byte lanes:
        // the recipe the README once gave for 512-bit byte vectors holds for this pairing of Knights Landing...
        assertTrue(knl.has("avx512f") && knl.has("jvm.vector512"));
        // ...where C2 compiles them 256 bits wide: under UseAVX=3 the narrow lanes decide the preferred size
        assertEquals(256, JvmView.deriveVectorBits("amd64", AVX512_FLAGS, knl::has).getAsInt());
        assertFalse(knl.has("avx512-narrow-lanes"));
        assertEquals("avx512bw: the CPU does not report it (CPUID.(0x7,0):EBX[30] is 0)",
                knl.reasons("avx512-narrow-lanes").get(0).detail());
        assertEquals(512, JvmView.deriveVectorBits("amd64", AVX512_FLAGS, skx::has).getAsInt());
        assertTrue(skx.has("avx512-narrow-lanes"));
        JvmView ymm = JvmView.of("test", Map.of("UseAVX", "3", "UseSSE", "4", "MaxVectorSize", "32", "UseCompiler", "true"),
                true, OptionalInt.of(256));
        assertFalse(skx.withJvm(ymm).has("avx512-narrow-lanes"), "MaxVectorSize=32 caps every lane at 256 bits");
    }

    /** Guest side: whether the group holds here, and C2's widest byte and short vectors, as the Vector API says. */
    public static final class Guest {
        public static void main(String[] args) throws Exception {
            Class<?> species = Class.forName("jdk.incubator.vector.VectorSpecies");
            StringBuilder sb = new StringBuilder("group=" + CpuFeatures.current().has("avx512-narrow-lanes"));
            for (Class<?> lane : List.of(byte.class, short.class)) {
                Object largest = species.getMethod("ofLargestShape", Class.class).invoke(null, lane);
                sb.append(' ').append(lane).append('=').append(species.getMethod("vectorBitSize").invoke(largest));
            }
            System.out.println(sb);
        }
    }

    @Test
    void onThisMachineItHoldsExactlyWhereTheJitCompiles512BitByteAndShortVectors() throws Exception {
        List<String> differ = new ArrayList<>();
        for (List<String> setting : List.of(List.<String>of(), List.of("-XX:MaxVectorSize=32"), List.of("-XX:UseAVX=2"))) {
            List<String> cmd = new ArrayList<>(List.of(System.getProperty("java.home") + "/bin/java", "--add-modules",
                    "jdk.incubator.vector"));
            cmd.addAll(setting);
            cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Guest.class.getName()));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), cmd + " did not finish");
            assertEquals(0, p.exitValue(), cmd + ": " + out);
            String line = out.lines().filter(l -> l.startsWith("group=")).findFirst().orElseThrow(() -> new AssertionError(out));
            boolean group = line.startsWith("group=true");
            boolean wide = line.endsWith("byte=512 short=512");
            if (group != wide) {
                differ.add(setting + ": " + line);
            }
        }
        assertEquals(List.of(), differ, "the group must hold exactly where C2 gives byte and short vectors 512 bits");
    }
}
