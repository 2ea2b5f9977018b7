package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.kit.HotSpotFeatureList;
import io.cpufeatures.core.kit.HotSpotStart;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check --target aot:MACHINE}: a JDK 25 AOT cache trained on one machine and run on another lacks what the
 * training machine's HotSpot list has and the production machine's has not; JDK 25 checks nothing, so that is a
 * possible SIGILL, with the workaround named.
 */
class CheckAotTest {

    /** Training's list less production's, without {@code ht}, as the library models both for JDK 25. */
    private static List<String> lacking(CpuFeatures training, CpuFeatures production, List<String> options) {
        HotSpotStart start = HotSpotStart.parse(25, options);
        HotSpotFeatureList t = training.hotSpotFeatures(start);
        HotSpotFeatureList p = production.hotSpotFeatures(start);
        // ht (threads per core) needs leaf 0xB, which emulated dumps lack: it is never a missing feature anyway
        assertTrue(t.unanswered().isEmpty() && p.unanswered().isEmpty(), t + " " + p);
        assertTrue(t.unsure().keySet().stream().allMatch("ht"::equals), t.toString());
        List<String> out = new ArrayList<>(t.names());
        out.removeAll(p.names());
        out.remove("ht");
        return out;
    }

    /** A Cascade Lake with what the Haswell has besides: TSC, CLFLUSH, ERMS. */
    private static io.cpufeatures.x86.emulation.EmulatedCpu.Builder clx() {
        return EmulatedDumps.cascadeLake().features("tsc", "clflush", "erms");
    }

    @Test
    void aCacheTrainedOnACascadeLakeMayCrashOnAHaswellAndNotTheOtherWayRound(@TempDir Path dir) throws Exception {
        Path clx = EmulatedDumps.write(dir, "clx.txt", clx(), 1);
        Path haswell = EmulatedDumps.write(dir, "haswell.txt", EmulatedDumps.haswell(), 1);
        List<String> lacking = lacking(clx().decode(), EmulatedDumps.haswell().decode(),
                List.of());
        assertTrue(lacking.containsAll(List.of("avx512f", "avx512bw", "avx512vl")), lacking.toString());

        CliTest.Run r = CliTest.run("check", "--jdk", "25", "--target", "aot:" + clx, haswell.toString());
        assertEquals(1, r.exit(), r.err());
        assertEquals(haswell + "  may crash (SIGILL): missing " + String.join(" ", lacking) + "; " + AotTarget.ADVICE,
                r.out().lines().findFirst().orElseThrow());
        assertTrue(AotTarget.ADVICE.contains("-XX:-AOTAdapterCaching"));

        assertTrue(lacking(EmulatedDumps.haswell().decode(), clx().decode(), List.of())
                .isEmpty());
        CliTest.Run back = CliTest.run("check", "--jdk", "25", "--target", "aot:" + haswell, clx.toString());
        assertEquals(0, back.exit(), back.out() + back.err());
        assertTrue(back.out().startsWith(clx + "  runs"), back.out());
    }

    @Test
    void theOptionsOfBothRunsAndHotSpotsOwnLimitsChangeWhatIsMissing(@TempDir Path dir) throws Exception {
        Path clx = EmulatedDumps.write(dir, "clx.txt", clx(), 1);
        Path haswell = EmulatedDumps.write(dir, "haswell.txt", EmulatedDumps.haswell(), 1);
        // with UseAVX=2 HotSpot lists no AVX-512 name on either machine: a Cascade Lake has nothing more to offer
        assertTrue(lacking(clx().decode(), EmulatedDumps.haswell().decode(),
                List.of("-XX:UseAVX=2")).isEmpty());
        CliTest.Run r = CliTest.run("check", "--jdk", "25", "--jvm-option", "-XX:UseAVX=2", "--target", "aot:" + clx,
                haswell.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        // HotSpot keeps a Skylake server before stepping 5 at UseAVX=2 of its own: its cache has ADX, not AVX-512
        Path skx = EmulatedDumps.write(dir, "skx.txt", EmulatedDumps.skylakeServer(), 1);
        List<String> lacking = lacking(EmulatedDumps.skylakeServer().decode(), EmulatedDumps.haswell().decode(),
                List.of());
        assertTrue(lacking.contains("adx") && !lacking.contains("avx512f"), lacking.toString());
        CliTest.Run json = CliTest.run("check", "--jdk", "25", "--json", "--target", "aot:" + skx, haswell.toString());
        assertEquals(1, json.exit(), json.err());
        assertTrue(json.out().lines().findFirst().orElseThrow().contains("\"missing\":[\""
                + String.join("\",\"", lacking) + "\"]"), json.out());
    }

    @Test
    void releasesWithoutAModelledAotCacheAndBadOptionsAreUsageErrors(@TempDir Path dir) throws Exception {
        Path haswell = EmulatedDumps.write(dir, "haswell.txt", EmulatedDumps.haswell(), 1);
        for (String[] bad : List.of(new String[] {"17", "aot:" + haswell, "accepted: --jdk 25"},
                new String[] {"21", "aot:" + haswell, "accepted: 17, 25"},
                new String[] {"25", "aot:", "accepted: aot:this, aot:DUMP-FILE"},
                new String[] {"25", "x86-64-v3", "model the VM of an aot: target"})) {
            CliTest.Run r = CliTest.run("check", "--jdk", bad[0], "--target", bad[1], haswell.toString());
            assertEquals(2, r.exit(), String.join(" ", bad) + ": " + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().contains(bad[2]), r.err());
        }
        CliTest.Run option = CliTest.run("check", "--jdk", "25", "--jvm-option", "UseAVX=2", "--target",
                "aot:" + haswell, haswell.toString());
        assertEquals(2, option.exit(), option.err());
    }
}
