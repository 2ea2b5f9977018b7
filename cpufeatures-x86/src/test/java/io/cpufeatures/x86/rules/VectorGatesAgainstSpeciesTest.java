package io.cpufeatures.x86.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.jvm.LaneType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The {@code jvm.vectorN} gates against the Vector API in the same JVM: fresh JVMs of this JDK and of JDK 25 (where
 * installed), with {@code --add-modules jdk.incubator.vector}, every {@code UseAVX} this CPU allows and
 * {@code MaxVectorSize} 16, 32 and 64, each print C2's widest species per lane type
 * ({@code VectorSpecies.ofLargestShape(type).vectorBitSize()}), the module's derivation of each from the JVM's flags,
 * and every core vector gate's answer. A gate must hold exactly where every one of its lane types reaches its width,
 * and the derivation must equal the species.
 */
class VectorGatesAgainstSpeciesTest {

    /** Guest side: {@code api.LANE=BITS derived.LANE=BITS|none ... gate.NAME=true|false ...} on one line. */
    public static final class Guest {
        public static void main(String[] args) throws Exception {
            Class<?> species = Class.forName("jdk.incubator.vector.VectorSpecies");
            CpuFeatures cpu = CpuFeatures.current();
            StringBuilder sb = new StringBuilder("widths");
            for (LaneType lane : LaneType.ALL) {
                Object largest = species.getMethod("ofLargestShape", Class.class).invoke(null, lane.type());
                sb.append(" api.").append(lane.javaName()).append('=')
                        .append(species.getMethod("vectorBitSize").invoke(largest));
            }
            JvmView jvm = cpu.jvm();
            for (LaneType lane : LaneType.ALL) {
                java.util.OptionalInt d = jvm.derivedVectorBits(lane);
                sb.append(" derived.").append(lane.javaName()).append('=')
                        .append(d.isPresent() ? String.valueOf(d.getAsInt()) : "none");
            }
            for (JvmGate g : JvmGate.CORE) {
                if (g.rule() instanceof JvmGate.VectorBits) {
                    sb.append(" gate.").append(g.name()).append('=').append(cpu.has(g.name()));
                }
            }
            System.out.println(sb);
        }
    }

    /** The {@code UseAVX} values this CPU allows, by the kernel's flags (HotSpot lowers a value above them). */
    private static List<Integer> useAvxValues() throws Exception {
        Set<String> flags = new java.util.HashSet<>();
        for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
            if (line.startsWith("flags")) {
                flags.addAll(List.of(line.substring(line.indexOf(':') + 1).trim().split(" ")));
                break;
            }
        }
        List<Integer> values = new ArrayList<>(List.of(0));
        String[] needs = {"avx", "avx2", "avx512f"};
        for (int i = 0; i < needs.length && flags.contains(needs[i]); i++) {
            values.add(i + 1);
        }
        return values;
    }

    @Test
    void everyVectorGateHoldsExactlyWhereTheSpeciesOfEachOfItsLaneTypesIsThatWide() throws Exception {
        Assumptions.assumeTrue(System.getProperty("os.arch").equals("amd64")
                && System.getProperty("os.name").equals("Linux"), "x86-64 Linux: the UseAVX settings and /proc/cpuinfo");
        Set<String> javas = new LinkedHashSet<>();
        javas.add(Path.of(System.getProperty("java.home"), "bin", "java").toRealPath().toString());
        Optional<Path> jdk25 = HostTools.jdk25("the vector gates against the species on JDK 25");
        if (jdk25.isPresent()) {
            javas.add(jdk25.get().toRealPath().toString());
        }
        List<List<String>> settings = new ArrayList<>();
        for (int avx : useAvxValues()) {
            for (int max : new int[] {16, 32, 64}) {
                settings.add(List.of("-XX:UseAVX=" + avx, "-XX:MaxVectorSize=" + max));
            }
        }
        // two JVMs at a time: each spends most of its start waiting on class loading and C2's first compiles
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Map<String, Future<Map<String, String>>> runs = new LinkedHashMap<>();
        try {
            for (String java : javas) {
                for (List<String> setting : settings) {
                    runs.put(java + " " + setting, pool.submit(() -> guest(java, setting)));
                }
            }
            List<String> differ = new ArrayList<>();
            int compared = 0;
            int floatOnly = 0;
            for (Map.Entry<String, Future<Map<String, String>>> run : runs.entrySet()) {
                Map<String, String> out = run.getValue().get(120, TimeUnit.SECONDS);
                for (LaneType lane : LaneType.ALL) {
                    String api = out.get("api." + lane.javaName());
                    if (!api.equals(out.get("derived." + lane.javaName()))) {
                        differ.add(run.getKey() + ": " + lane.javaName() + " species " + api + " bits, derived "
                                + out.get("derived." + lane.javaName()));
                    }
                }
                for (JvmGate g : JvmGate.CORE) {
                    if (g.rule() instanceof JvmGate.VectorBits v) {
                        boolean wide = true;
                        for (LaneType lane : v.lanes()) {
                            wide &= Integer.parseInt(out.get("api." + lane.javaName())) >= v.bits();
                        }
                        compared++;
                        if (wide != Boolean.parseBoolean(out.get("gate." + g.name()))) {
                            differ.add(run.getKey() + ": " + g.name() + "=" + out.get("gate." + g.name())
                                    + " where the species are " + out);
                        }
                    }
                }
                if (out.get("gate.jvm.vector256_float").equals("true") && out.get("gate.jvm.vector256").equals("false")) {
                    floatOnly++;
                }
            }
            assertEquals(List.of(), differ, "each gate must hold exactly where the Vector API's species are that wide");
            assertTrue(compared >= settings.size() * 5, "every setting ran: " + compared);
            if (useAvxValues().contains(1)) {
                assertTrue(floatOnly > 0, "UseAVX=1 with MaxVectorSize=32 or more gives float and double 256 bits, and"
                        + " the others 128: the settings must have met that case");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Starts a guest JVM and reads its line of {@code key=value} pairs. */
    private static Map<String, String> guest(String java, List<String> setting) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(java, "-Xshare:auto", "-XX:+UseSerialGC", "--add-modules",
                "jdk.incubator.vector"));
        cmd.addAll(setting);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Guest.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] bytes = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), cmd + " did not finish");
        String text = new String(bytes, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), cmd + ": " + text);
        for (String line : text.split("\n")) {
            if (line.startsWith("widths ")) {
                Map<String, String> m = new HashMap<>();
                for (String part : line.substring("widths ".length()).trim().split(" ")) {
                    int eq = part.indexOf('=');
                    m.put(part.substring(0, eq), part.substring(eq + 1));
                }
                return m;
            }
        }
        throw new AssertionError(cmd + " printed no widths: " + text);
    }
}
