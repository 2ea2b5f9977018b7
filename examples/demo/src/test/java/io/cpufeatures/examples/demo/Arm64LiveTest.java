package io.cpufeatures.examples.demo;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.aarch64.HwcapWord;
import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.core.CpuDump;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The whole library live on arm64: an arm64 JVM under {@code qemu-aarch64 -cpu MODEL} runs
 * {@link Arm64LiveCheck} on this test class path, once per model, and every answer is checked
 * against what the emulated kernel really gives the process:
 * <ul>
 *   <li>the native probe is used (getauxval, MRS, prctl), not the fallback;</li>
 *   <li>its HWCAP words equal those the arm64 dynamic loader prints for the same process
 *       ({@code LD_SHOW_AUXV=1}, set in the guest with qemu's {@code -E});</li>
 *   <li>usable is exactly the features of those HWCAP bits, and present goes beyond them only by
 *       the HWCAPs qemu 7.2 omits although its ID registers imply them (SSBS on neoverse-n1; DIT,
 *       SSBS, DGH, MTE3 on max), which a real kernel cannot do: it derives both from the registers;</li>
 *   <li>MIDR names the model's core; the SVE length is the one the model was given;</li>
 *   <li>raid.xor picks {@code sve} where the JIT uses SVE at more than 128 bits ({@code UseSVE >= 1},
 *       {@code MaxVectorSize >= 32}) and {@code neon} elsewhere, and the kernel picked agrees with the
 *       scalar one on 1 to 16 sources and 1 byte to 1 MiB;</li>
 *   <li>every command works there: report (text, {@code --json}, {@code --raw} read back here and
 *       there), explain, dispatch, and fleet over the arm64 dump and an x86 one.</li>
 * </ul>
 * Skipped, with the reason, when {@code qemu-aarch64} or the arm64 JDK is missing (install
 * {@code qemu-user} and {@code openjdk-17-jre-headless:arm64}, as {@code .ci/run} does), except under
 * {@code CI=true}, where that fails. The arm64 java is {@code -Dcpufeatures.arm64.java} or
 * {@code CPUFEATURES_ARM64_JAVA}, by default Debian's path. Two models run at a time.
 */
class Arm64LiveTest {

    /**
     * A qemu model, what it must give, and which of the slower parts run on it: the kernel agreement
     * (on one NEON model and on SVE at 512 and 256 bits) and the commands (on one model without SVE,
     * one with). Each part costs tens of seconds under qemu; every model runs the probe and selection.
     */
    record Model(String cpu, String core, String sveBits, String xor, Set<String> qemuOmits, boolean agreement,
            boolean commands) {
    }

    private static final Set<String> MAX_OMITS = Set.of("dit", "ssbs", "dgh", "mte3");

    /** qemu's {@code max} has a 512-bit SVE length unless told otherwise. */
    static final List<Model> MODELS = List.of(
            new Model("cortex-a53", "Cortex-A53", "none", "neon", Set.of(), false, false),
            new Model("cortex-a72", "Cortex-A72", "none", "neon", Set.of(), false, false),
            new Model("neoverse-n1", "Neoverse N1", "none", "neon", Set.of("ssbs"), true, true),
            new Model("a64fx", "A64FX", "512", "sve", Set.of(), true, false),
            new Model("max", "QEMU max", "512", "sve", MAX_OMITS, false, true),
            new Model("max,sve-default-vector-length=32", "QEMU max", "256", "sve", MAX_OMITS, true, false));

    private static final long TIMEOUT_SECONDS = 300;
    private static final Map<String, String> OUTPUTS = new LinkedHashMap<>();
    private static final Map<String, Long> SECONDS = new LinkedHashMap<>();

    /** Where each model's output is kept, for a failure's diagnosis: the module's {@code target/arm64-live}. */
    private static final Path WORK = Path.of("target", "arm64-live");

    @BeforeAll
    static void runEveryModel() throws Exception {
        String qemu = HostTools.command("qemu-aarch64", "qemu-user").toString();
        String java = QemuGuest.foreignJava("arm64", "cpufeatures.arm64.java", "CPUFEATURES_ARM64_JAVA").toString();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(2, Runtime.getRuntime().availableProcessors()));
        Map<String, Future<String>> runs = new LinkedHashMap<>();
        List<Model> longestFirst = new ArrayList<>(models());
        longestFirst.sort(Comparator.comparingInt((Model m) -> (m.agreement() ? 1 : 0) + (m.commands() ? 1 : 0)).reversed());
        for (Model m : longestFirst) {
            runs.put(m.cpu(), pool.submit(() -> run(qemu, java, m)));
        }
        pool.shutdown();
        for (Map.Entry<String, Future<String>> e : runs.entrySet()) {
            OUTPUTS.put(e.getKey(), e.getValue().get());
        }
    }

    private static String run(String qemu, String java, Model model) throws Exception {
        Path modelDir = WORK.resolve(model.cpu().replaceAll("[^a-z0-9]", "_"));
        Path dir = Files.createDirectories(modelDir.resolve("fleet"));
        Path outFile = modelDir.resolve("out.txt");
        List<String> args = new ArrayList<>(List.of(dir.toString()));
        if (model.agreement()) {
            args.add("agreement");
        }
        if (model.commands()) {
            args.add("commands");
        }
        long start = System.nanoTime();
        String out = QemuGuest.run(qemu, model.cpu(), java, Arm64LiveCheck.class, args, outFile, TIMEOUT_SECONDS);
        synchronized (SECONDS) {
            SECONDS.put(model.cpu(), (System.nanoTime() - start) / 1_000_000_000);
        }
        return out;
    }

    /** The models to run: all, or those {@code -Dcpufeatures.arm64.models=a,b} names (to run one while working on it). */
    private static List<Model> models() {
        String only = System.getProperty("cpufeatures.arm64.models", "");
        return only.isEmpty() ? MODELS : MODELS.stream().filter(m -> List.of(only.split(";")).contains(m.cpu())).toList();
    }

    @TestFactory
    Stream<DynamicTest> eachModel() {
        return models().stream().map(m -> DynamicTest.dynamicTest(m.cpu() + " (" + SECONDS.get(m.cpu()) + " s)",
                () -> check(m, OUTPUTS.get(m.cpu()))));
    }

    private static void check(Model m, String out) throws Exception {
        Map<String, String> v = QemuGuest.values(out);
        assertTrue(v.containsKey("total.ms"), m.cpu() + " did not run to the end:\n" + out);
        Set<String> hwcapNames = names(auxv(out, "AT_HWCAP"), auxv(out, "AT_HWCAP2"));
        Set<String> extra = new LinkedHashSet<>(QemuGuest.list(v.get("present")));
        extra.removeAll(hwcapNames);
        boolean jitUsesSve = Integer.parseInt(v.get("UseSVE")) >= 1 && Integer.parseInt(v.get("MaxVectorSize")) >= 32;
        assertAll(m.cpu(),
                () -> assertEquals("aarch64", v.get("architecture")),
                () -> assertEquals("", v.get("firstAnswer.disagrees"), "the first answer is the full decode's"),
                () -> assertTrue(Integer.parseInt(v.get("firstAnswer.usable")) > 3, "features the first answer found usable"),
                () -> assertEquals("native", v.get("source.kind"), v.get("source")),
                () -> assertEquals("mrs", v.get("idRegisters"), "MRS of the ID registers, HWCAP_CPUID being set"),
                () -> assertEquals(Long.toHexString(auxv(out, "AT_HWCAP")), v.get("hwcap"), "AT_HWCAP as ld.so shows it"),
                () -> assertEquals(Long.toHexString(auxv(out, "AT_HWCAP2")), v.get("hwcap2"), "AT_HWCAP2 as ld.so shows it"),
                () -> assertEquals("absent", v.get("hwcap3"), "qemu 7.2 puts no AT_HWCAP3 in the auxiliary vector"),
                () -> assertEquals(hwcapNames, new LinkedHashSet<>(QemuGuest.list(v.get("usable"))), "usable is what the kernel allows"),
                () -> assertEquals(m.qemuOmits(), extra, "present beyond the HWCAPs"),
                () -> assertEquals(m.core(), v.get("core")),
                () -> assertEquals("jvm", v.get("fallback.source"), "the forced /proc/cpuinfo fallback fails: the JVM's view"),
                () -> assertTrue(hwcapNames.containsAll(QemuGuest.list(v.get("fallback.usable"))),
                        "the floor claims nothing the kernel does not grant: " + v.get("fallback.usable")),
                () -> assertTrue(QemuGuest.list(v.get("fallback.usable")).containsAll(List.of("fp", "asimd")),
                        "the baseline: " + v.get("fallback.usable")),
                () -> assertEquals(!"0".equals(v.get("UseSVE")), QemuGuest.list(v.get("fallback.usable")).contains("sve"),
                        "sve on the floor exactly when HotSpot uses it (UseSVE=" + v.get("UseSVE") + ")"),
                () -> assertEquals("true".equals(v.get("UseLSE")), QemuGuest.list(v.get("fallback.usable")).contains("atomics"),
                        "atomics on the floor exactly when HotSpot uses LSE (UseLSE=" + v.get("UseLSE") + ")"),
                () -> assertTrue(v.get("fallback.failure").startsWith("/proc/cpuinfo has no 'Features' line, so it is not an"
                        + " arm64 kernel's (it has x86's 'vendor_id' and 'flags'"), v.get("fallback.failure")),
                () -> assertDisabledAsimdTakesItsDependents(hwcapNames, QemuGuest.list(v.get("disabled.usable"))),
                () -> assertEquals(m.sveBits(), v.get("sveBits")),
                () -> assertEquals(v.get("vector.preferred"), v.get("vector.derived"),
                        "the Vector API's preferred species derived from UseSVE and MaxVectorSize"),
                () -> assertTrue(v.get("vector.preferred").startsWith("OptionalInt["), "the guest read the Vector API"),
                () -> assertEquals(jitUsesSve ? "sve" : "neon", v.get("raid.xor"), "UseSVE=" + v.get("UseSVE")
                        + " MaxVectorSize=" + v.get("MaxVectorSize")),
                () -> assertEquals(m.xor(), v.get("raid.xor")),
                () -> assertEquals(m.agreement() ? "yes" : null, v.get("xor.agrees")),
                () -> assertEquals(m.commands() ? "true" : null, v.get("raw.rereads"), "report --raw read back there"),
                () -> {
                    if (m.commands()) {
                        checkCommands(m, v, out);
                    }
                });
    }

    /** {@code cpufeatures.disable=neon}: asimd and everything that depends on it (AES, SVE...) fall; fp stays. */
    private static void assertDisabledAsimdTakesItsDependents(Set<String> hwcaps, List<String> usable) {
        assertTrue(usable.contains("fp") && !usable.contains("asimd") && !usable.contains("aes"), usable.toString());
        assertTrue(!usable.contains("sve") && usable.contains("crc32") && usable.contains("cpuid"), usable.toString());
        assertTrue(hwcaps.containsAll(usable), usable.toString());
    }

    private static void checkCommands(Model m, Map<String, String> v, String out) throws Exception {
        Map<String, String> commands = QemuGuest.commands(out);
        for (Map.Entry<String, String> c : commands.entrySet()) {
            assertTrue(c.getKey().endsWith(" exit=0"), c.getKey() + "\n" + c.getValue());
        }
        String report = commands.get("report exit=0");
        assertTrue(Pattern.compile("(?m)^uarch +" + Pattern.quote(m.core())).matcher(report).find(), report);
        assertTrue(Pattern.compile("(?m)^  raid\\.xor +" + m.xor() + ";").matcher(report).find(), report);
        JsonNode json = new ObjectMapper().readTree(commands.get("report --json exit=0"));
        assertEquals(m.core(), json.path("cpus").path(0).path("microarchitecture").asText());
        assertEquals("native", json.path("source").path("kind").asText());
        assertEquals(m.xor(), json.path("dispatch").path("raid.xor").path("selected").asText());
        String raw = commands.get("report --raw exit=0");
        CpuDump here = CpuDumps.parse(m.cpu(), raw, Map.of());
        CpuFeatures back = here.kinds().get(0).cpu();
        assertEquals(new LinkedHashSet<>(QemuGuest.list(v.get("usable"))), back.usable(), "the --raw dump read on this x86 host");
        String explain = commands.get("explain sve exit=0");
        assertTrue(explain.contains("HWCAP") && explain.contains("verdict"), explain);
        assertTrue(commands.get("explain neon exit=0").contains("feature           asimd (also neon, advsimd, simd)"),
                commands.get("explain neon exit=0"));
        assertTrue(commands.get("dispatch exit=0").contains("raid.xor"), commands.get("dispatch exit=0"));
        String fleet = commands.keySet().stream().filter(k -> k.startsWith("fleet ")).findFirst().map(commands::get).orElseThrow();
        assertTrue(fleet.contains("arm64.txt") && fleet.contains(m.core()) && fleet.contains("raid.xor=" + m.xor()), fleet);
        assertTrue(fleet.contains("zen4.txt") && fleet.contains("Zen 4"), "an x86 dump read on arm64: " + fleet);
    }

    /** A word as the arm64 ld.so prints it ({@code AT_HWCAP:  ecfffffb}, {@code AT_HWCAP2: 0x7f877fff}). */
    private static long auxv(String out, String name) {
        for (String line : out.split("\n")) {
            if (line.startsWith(name + ":")) {
                String hex = line.substring(name.length() + 1).trim();
                return Long.parseUnsignedLong(hex.startsWith("0x") ? hex.substring(2) : hex, 16);
            }
        }
        throw new AssertionError("LD_SHOW_AUXV printed no " + name + ":\n" + out);
    }

    private static Set<String> names(long hwcap, long hwcap2) {
        Set<String> s = new LinkedHashSet<>();
        for (AArch64Feature f : AArch64Feature.values()) {
            long word = f.word() == HwcapWord.HWCAP ? hwcap : f.word() == HwcapWord.HWCAP2 ? hwcap2 : 0;
            if ((word >>> f.bit() & 1) != 0) {
                s.add(f.canonicalName());
            }
        }
        return s;
    }

}
