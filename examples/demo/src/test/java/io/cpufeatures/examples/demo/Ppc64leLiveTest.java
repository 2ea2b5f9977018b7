package io.cpufeatures.examples.demo;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.ppc64le.Ppc64leFeature;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The whole library live on ppc64le: Debian's ppc64el JVM under {@code qemu-ppc64le -cpu MODEL} runs
 * {@link Ppc64leLiveCheck} on this test class path, once per model, and every answer is checked against what
 * the emulated kernel gives the process:
 * <ul>
 *   <li>the native probe is used (getauxval through JNA), not the fallback;</li>
 *   <li>its HWCAP words are those the ppc64el dynamic loader prints for the same process ({@code LD_SHOW_AUXV=1},
 *       set in the guest with qemu's {@code -E}): glibc 2.36 prints names, which the feature table turns into
 *       bits (an independent check of its names and bits), a newer glibc hex;</li>
 *   <li>the forced fallback reads the same words from {@code /proc/self/auxv};</li>
 *   <li>usable is every bit's feature (qemu sets every dependency), and the generation is named;</li>
 *   <li>every command works there on one model: report (text, {@code --json}, {@code --raw} read back here and
 *       there), explain, dispatch, and fleet over the ppc64le dump and an x86 one.</li>
 * </ul>
 * Skipped, with the reason, when {@code qemu-ppc64le} or the ppc64el JDK is missing (install {@code qemu-user}
 * and {@code openjdk-17-jre-headless:ppc64el}, as {@code .ci/run} does), except under {@code CI=true}, where that
 * fails. The ppc64el java is {@code -Dcpufeatures.ppc64le.java} or {@code CPUFEATURES_PPC64LE_JAVA}, by default
 * Debian's path. Two models run at a time.
 */
class Ppc64leLiveTest {

    /** A qemu model, the generation it must be named, and whether the commands run on it. */
    record Model(String cpu, String processor, boolean commands) {
    }

    static final List<Model> MODELS = List.of(new Model("power8", "POWER8", false), new Model("power9", "POWER9", true),
            new Model("power10", "POWER10", false));

    private static final long TIMEOUT_SECONDS = 300;
    private static final Map<String, String> OUTPUTS = new LinkedHashMap<>();
    private static final Path WORK = Path.of("target", "ppc64le-live");

    @BeforeAll
    static void runEveryModel() throws Exception {
        String qemu = HostTools.command("qemu-ppc64le", "qemu-user").toString();
        String java = QemuGuest.foreignJava("ppc64el", "cpufeatures.ppc64le.java", "CPUFEATURES_PPC64LE_JAVA").toString();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(2, Runtime.getRuntime().availableProcessors()));
        Map<String, Future<String>> runs = new LinkedHashMap<>();
        for (Model m : MODELS) {
            runs.put(m.cpu(), pool.submit(() -> run(qemu, java, m)));
        }
        pool.shutdown();
        for (Map.Entry<String, Future<String>> e : runs.entrySet()) {
            OUTPUTS.put(e.getKey(), e.getValue().get());
        }
    }

    private static String run(String qemu, String java, Model model) throws Exception {
        Path modelDir = WORK.resolve(model.cpu());
        Path dir = Files.createDirectories(modelDir.resolve("fleet"));
        Path outFile = modelDir.resolve("out.txt");
        List<String> args = new ArrayList<>(List.of(dir.toString()));
        if (model.commands()) {
            args.add("commands");
        }
        return QemuGuest.run(qemu, model.cpu(), java, Ppc64leLiveCheck.class, args, outFile, TIMEOUT_SECONDS);
    }

    @TestFactory
    Stream<DynamicTest> eachModel() {
        return MODELS.stream().map(m -> DynamicTest.dynamicTest(m.cpu(), () -> check(m, OUTPUTS.get(m.cpu()))));
    }

    private static void check(Model m, String out) throws Exception {
        Map<String, String> v = QemuGuest.values(out);
        assertTrue(v.containsKey("total.ms"), m.cpu() + " did not run to the end:\n" + out);
        long hwcap = auxv(out, "AT_HWCAP", 1);
        long hwcap2 = auxv(out, "AT_HWCAP2", 2);
        assertAll(m.cpu(),
                () -> assertEquals("ppc64le", v.get("architecture")),
                () -> assertEquals("", v.get("firstAnswer.disagrees"), "the first answer is the full decode's"),
                () -> assertTrue(Integer.parseInt(v.get("firstAnswer.usable")) > 3, "features the first answer found usable"),
                () -> assertEquals("native", v.get("source.kind"), v.get("source")),
                () -> assertEquals(Long.toHexString(hwcap), v.get("hwcap"), "AT_HWCAP as ld.so shows it"),
                () -> assertEquals(Long.toHexString(hwcap2), v.get("hwcap2"), "AT_HWCAP2 as ld.so shows it"),
                () -> assertEquals("proc-cpuinfo", v.get("fallback.source"), "the forced fallback: /proc/self/auxv"),
                () -> assertEquals(v.get("hwcap"), v.get("fallback.hwcap")),
                () -> assertEquals(v.get("hwcap2"), v.get("fallback.hwcap2")),
                () -> assertEquals(names(hwcap, hwcap2), new LinkedHashSet<>(QemuGuest.list(v.get("present")))),
                () -> assertEquals(QemuGuest.list(v.get("present")), QemuGuest.list(v.get("usable")), "qemu sets every dependency"),
                () -> assertEquals(m.processor(), v.get("processor")),
                () -> assertEquals("isa-level", v.get("basis"), "qemu gives neither a PVR nor AT_PLATFORM"),
                () -> assertEquals(Boolean.parseBoolean(v.get("SuperwordUseVSX")), Boolean.parseBoolean(v.get("jvm.vsx"))),
                () -> assertEquals(v.get("jvm.vector128").equals("true") ? "vector128" : "generic", v.get("zstd.copy")),
                () -> assertTrue(Set.of("scalar", "scalar-unrolled").contains(v.get("raid.xor")), "raid.xor has no ppc64le"
                        + " candidate (docs/raid-xor.md): calibration picks a scalar one, not " + v.get("raid.xor")),
                () -> {
                    if (m.commands()) {
                        checkCommands(m, v, out);
                    }
                });
    }

    private static void checkCommands(Model m, Map<String, String> v, String out) throws Exception {
        Map<String, String> commands = QemuGuest.commands(out);
        for (Map.Entry<String, String> c : commands.entrySet()) {
            assertTrue(c.getKey().endsWith(" exit=0"), c.getKey() + "\n" + c.getValue());
        }
        assertTrue(commands.get("report exit=0").contains("cpu                 " + m.processor() + " (ISA "),
                commands.get("report exit=0"));
        JsonNode json = new ObjectMapper().readTree(commands.get("report --json exit=0"));
        assertEquals(m.processor(), json.path("cpus").path(0).path("processor").asText());
        assertEquals("0x" + v.get("hwcap2"), json.path("cpus").path(0).path("hwcap2").asText());
        CpuFeatures back = CpuDumps.parse(m.cpu(), commands.get("report --raw exit=0"), Map.of()).kinds().get(0).cpu();
        assertEquals(new LinkedHashSet<>(QemuGuest.list(v.get("usable"))), back.usable(), "the --raw dump read on this x86 host");
        assertEquals("true", v.get("raw.rereads"));
        assertTrue(commands.get("explain mma exit=0").contains("verdict           not usable: the kernel does not report it")
                || m.cpu().equals("power10"), commands.get("explain mma exit=0"));
        assertTrue(commands.get("dispatch exit=0").contains("zstd.copy"), commands.get("dispatch exit=0"));
        String fleet = commands.keySet().stream().filter(k -> k.startsWith("fleet ")).findFirst().map(commands::get).orElseThrow();
        assertTrue(fleet.contains("ppc64le.txt") && fleet.contains(m.processor() + "  ISA "), fleet);
        assertTrue(fleet.contains("zen4.txt") && fleet.contains("Zen 4"), "an x86 dump read on ppc64le: " + fleet);
    }

    /**
     * A word as the ppc64el ld.so prints it: glibc 2.36 its bits' names ({@code AT_HWCAP: vsx arch_2_06 dfp fpu
     * altivec ppc64}), turned into bits with the feature table; glibc 2.42 and later hex.
     */
    private static long auxv(String out, String name, int word) {
        for (String line : out.split("\n")) {
            if (line.startsWith(name + ":")) {
                String value = line.substring(name.length() + 1).trim();
                if (value.startsWith("0x")) {
                    return Long.parseUnsignedLong(value.substring(2), 16);
                }
                long bits = 0;
                for (String n : value.split("\\s+")) {
                    Ppc64leFeature f = Arrays.stream(Ppc64leFeature.values()).filter(x -> x.word() == word
                            && (x.canonicalName().equals(n.replace('-', '_')) || x.aliases().contains(n))).findFirst()
                            .orElseThrow(() -> new AssertionError("ld.so names '" + n + "', which the table does not have"));
                    bits |= 1L << f.bit();
                }
                return bits;
            }
        }
        throw new AssertionError("LD_SHOW_AUXV printed no " + name + ":\n" + out);
    }

    private static Set<String> names(long hwcap, long hwcap2) {
        Set<String> s = new LinkedHashSet<>();
        for (Ppc64leFeature f : Ppc64leFeature.values()) {
            if (((f.word() == 1 ? hwcap : hwcap2) >>> f.bit() & 1) != 0) {
                s.add(f.canonicalName());
            }
        }
        return s;
    }

}
