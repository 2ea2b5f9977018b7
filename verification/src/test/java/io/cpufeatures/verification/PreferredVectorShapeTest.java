package io.cpufeatures.verification;

import io.cpufeatures.buildsupport.HostTools;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.kit.VectorLanes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The derived preferred species ({@link JvmView#deriveVectorBits}, by the x86 and AArch64 modules' rules) against the
 * real one: fresh JVMs of this JDK, and of Temurin 25 where it is
 * installed, started with {@code --add-modules jdk.incubator.vector} and a range of {@code UseAVX},
 * {@code MaxVectorSize}, {@code UseSVE} and compiler settings, each print {@code VectorShape.preferredShape()} and
 * the derivation from their own flags; every pair must be equal. (The qemu live tests do the same on emulated x86
 * and arm64 CPUs.) The rules' own properties are checked without a JVM.
 */
class PreferredVectorShapeTest {


    /** Guest side: the real preferred size, then the derived one ("none" when there is none). */
    public static final class Guest {
        public static void main(String[] args) throws Exception {
            Class<?> shape = Class.forName("jdk.incubator.vector.VectorShape");
            Object preferred = shape.getMethod("preferredShape").invoke(null);
            int real = (Integer) shape.getMethod("vectorBitSize").invoke(preferred);
            Map<String, String> flags = new java.util.HashMap<>();
            com.sun.management.HotSpotDiagnosticMXBean bean = java.lang.management.ManagementFactory
                    .getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
            for (String name : List.of("MaxVectorSize", "UseAVX", "UseSSE", "UseSVE")) {
                try {
                    flags.put(name, bean.getVMOption(name).getValue());
                } catch (IllegalArgumentException notInThisVm) {
                    // a flag of another architecture, or of a VM without C2
                }
            }
            OptionalInt derived = JvmView.deriveVectorBits(System.getProperty("os.arch"), flags,
                    f -> kernelGrants(f));
            System.out.println("real=" + real + " derived=" + (derived.isPresent() ? derived.getAsInt() : "none")
                    + " flags=" + flags);
        }
    }

    /** The kernel's word on a feature (it clears AVX-512BW when XCR0 lacks the state): enough for a test's guest. */
    static boolean kernelGrants(String feature) {
        try {
            return Files.readAllLines(Paths.get("/proc/cpuinfo")).stream()
                    .anyMatch(l -> l.startsWith("flags") && List.of(l.split("\\s+")).contains(feature));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /proc/cpuinfo", e);
        }
    }

    /** The settings each JVM is started with on {@code arch} (HotSpotFlagsDerivationTest runs them too). */
    static List<List<String>> settings(String arch) {
        List<List<String>> s = new ArrayList<>();
        s.add(List.of());
        s.add(List.of("-XX:MaxVectorSize=16"));
        s.add(List.of("-XX:MaxVectorSize=8"));
        s.add(List.of("-XX:TieredStopAtLevel=1"));
        if (arch.equals("amd64") || arch.equals("x86_64")) {
            s.add(List.of("-XX:UseAVX=2"));
            s.add(List.of("-XX:UseAVX=1"));
            s.add(List.of("-XX:UseAVX=0"));
            s.add(List.of("-XX:MaxVectorSize=32"));
            s.add(List.of("-XX:UseAVX=2", "-XX:MaxVectorSize=16"));
        } else if (arch.equals("aarch64")) {
            s.add(List.of("-XX:UseSVE=0"));
            s.add(List.of("-XX:MaxVectorSize=32"));
        }
        return s;
    }

    @Test
    void theDerivationEqualsTheVectorApisPreferredShapeOnEveryJdkAndSetting() throws Exception {
        String arch = System.getProperty("os.arch");
        Assumptions.assumeTrue(Set.of("amd64", "x86_64", "aarch64").contains(arch), "rules are known for x86-64 and AArch64");
        Set<Path> javas = new LinkedHashSet<>();
        javas.add(Paths.get(System.getProperty("java.home"), "bin", "java").toRealPath());
        java.util.Optional<Path> jdk25 = HostTools.jdk25("the preferred vector shapes on JDK 25");
        if (jdk25.isPresent()) {
            javas.add(jdk25.get().toRealPath());
        }
        List<String> differ = new ArrayList<>();
        int compared = 0;
        for (Path java : javas) {
            for (List<String> setting : settings(arch)) {
                String out = guest(java, setting);
                String real = field(out, "real");
                String derived = field(out, "derived");
                compared++;
                if (!real.equals(derived)) {
                    differ.add(java + " " + setting + ": " + out.trim());
                }
            }
        }
        assertEquals(List.of(), differ, "the derivation must equal the Vector API's preferred shape");
        assertTrue(compared >= settings(arch).size(), "every setting ran");
    }

    private static String guest(Path java, List<String> setting) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-Xshare:auto", "--add-modules",
                "jdk.incubator.vector"));
        cmd.addAll(setting);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Guest.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), cmd + " did not finish");
        String text = new String(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), cmd + ": " + text);
        return text;
    }

    private static String field(String out, String key) {
        for (String line : out.split("\n")) {
            for (String part : line.split(" ")) {
                if (part.startsWith(key + "=")) {
                    return part.substring(key.length() + 1);
                }
            }
        }
        throw new AssertionError("no " + key + " in: " + out);
    }

    @Test
    void neverWiderThanMaxVectorSizeNorNarrowerThan64Bits() {
        for (String arch : List.of("amd64", "aarch64")) {
            for (int max : new int[] {4, 8, 16, 32, 64, 128, 256}) {
                for (int avx = 0; avx <= 3; avx++) {
                    for (int sve = 0; sve <= 2; sve++) {
                        for (boolean bw : new boolean[] {false, true}) {
                            Map<String, String> flags = Map.of("MaxVectorSize", "" + max, "UseAVX", "" + avx, "UseSSE", "4",
                                    "UseSVE", "" + sve);
                            int bits = JvmView.deriveVectorBits(arch, flags, f -> bw).getAsInt();
                            assertTrue(bits >= VectorLanes.MIN_BITS, arch + " " + flags + ": " + bits);
                            assertTrue(bits <= Math.max(VectorLanes.MIN_BITS, max * 8), arch + " " + flags + ": " + bits);
                            assertEquals(0, bits & (bits - 1), "a power of two: " + bits);
                        }
                    }
                }
            }
        }
    }

    @Test
    void avx512BytesNeedAvx512bw() {
        Map<String, String> flags = Map.of("MaxVectorSize", "64", "UseAVX", "3", "UseSSE", "4");
        int with = JvmView.deriveVectorBits("amd64", flags, f -> true).getAsInt();
        int without = JvmView.deriveVectorBits("amd64", flags, f -> false).getAsInt();
        assertTrue(without < with, "AVX-512 without BW keeps byte vectors narrower: " + without + " vs " + with);
        assertEquals(with, JvmView.deriveVectorBits("amd64", Map.of("MaxVectorSize", "64", "UseAVX", "2", "UseSSE", "4"),
                f -> {
                    throw new AssertionError("AVX-512BW is asked only under UseAVX=3");
                }).getAsInt() * 2);
    }

    @Test
    void answersNothingItCannotKnow() {
        assertEquals(OptionalInt.empty(), JvmView.deriveVectorBits("amd64", Map.of(), f -> true), "flags unreadable");
        assertEquals(OptionalInt.empty(), JvmView.deriveVectorBits("ppc64le", Map.of("MaxVectorSize", "16"), f -> true),
                "rules not known");
        assertEquals(OptionalInt.empty(), JvmView.deriveVectorBits("amd64",
                Map.of("MaxVectorSize", "x", "UseAVX", "2", "UseSSE", "4"), f -> true), "malformed");
        assertEquals(OptionalInt.of(VectorLanes.MIN_BITS), JvmView.deriveVectorBits("amd64",
                Map.of("UseAVX", "2", "UseSSE", "4"), f -> true), "no C2 (MaxVectorSize is C2's flag): the 64-bit shape");
    }
}
