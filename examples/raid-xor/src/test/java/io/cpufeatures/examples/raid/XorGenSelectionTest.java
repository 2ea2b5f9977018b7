package io.cpufeatures.examples.raid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.cpufeatures.aarch64.emulation.EmulatedArmCpu;
import io.cpufeatures.aarch64.emulation.ReferenceArmCpus;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.dispatch.CandidateReport;
import io.cpufeatures.dispatch.Choice;
import io.cpufeatures.dispatch.DispatchOverrides;
import io.cpufeatures.dispatch.Selection;
import io.cpufeatures.dispatch.testing.RequiresFeatureScanner;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import io.cpufeatures.x86.emulation.ReferenceCpus;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The kernel-style choice on real parts (the emulation API's reference CPUs) and on this machine. */
class XorGenSelectionTest {

    /** A C2 JVM that compiles vectors up to {@code maxVectorBytes}, with the Vector API readable. */
    private static JvmView jvm(int maxVectorBytes) {
        return JvmView.of("test", Map.of("UseAVX", "3", "MaxVectorSize", Integer.toString(maxVectorBytes),
                "UseCompiler", "true"), true, OptionalInt.of(maxVectorBytes * 8));
    }

    private static Choice select(EmulatedCpu.Builder cpu, int maxVectorBytes) {
        return XorGen.POINT.choiceFor(cpu.decode().withJvm(jvm(maxVectorBytes)));
    }

    private static String reasons(Choice s, String candidate) {
        return String.join("; ", s.explain().candidate(candidate).map(CandidateReport::reasons).orElseThrow());
    }

    @Test
    void skylakeSpPrefersYmmSoItGetsVector256() {
        Choice s = select(ReferenceCpus.skylakeSp(), 64);
        assertEquals("vector256", s.name());
        assertTrue(reasons(s, "vector512").contains("prefer_ymm"), reasons(s, "vector512"));
    }

    @Test
    void zen4GetsVector512() {
        assertEquals("vector512", select(ReferenceCpus.zen4(), 64).name());
    }

    @Test
    void haswellGetsVector256() {
        Choice s = select(ReferenceCpus.haswell(), 32);
        assertEquals("vector256", s.name());
        assertTrue(reasons(s, "vector512").contains("avx512bw"), reasons(s, "vector512"));
    }

    /** Knights Landing: AVX-512F without BW, where C2 compiles 512-bit byte vectors as Java code. */
    @Test
    void avx512fWithoutBwGetsVector256() {
        Choice s = select(EmulatedCpu.intel(6, 0x57, 1).features("x86-64-v3", "osxsave", "avx512f", "avx512cd"), 64);
        assertEquals("vector256", s.name());
        assertTrue(reasons(s, "vector512").startsWith("avx512bw: absent: the CPU does not report it"),
                reasons(s, "vector512"));
    }

    /** The check the AVX-512 patch's review asked for: the OS must have enabled the ZMM state. */
    @Test
    void avx512WithXcr0OfOnlyYmmStateGetsVector256() {
        Choice s = select(ReferenceCpus.zen4().osEnabled(0x7), 64);
        assertEquals("vector256", s.name());
        assertTrue(reasons(s, "vector512").contains("OPMASK|ZMM_Hi256|Hi16_ZMM"), reasons(s, "vector512"));
    }

    /** A JIT that compiles only 256-bit vectors would run a 512-bit species in Java code, about 100 times slower. */
    @Test
    void zen4WithMaxVectorSize32GetsVector256() {
        Choice s = select(ReferenceCpus.zen4(), 32);
        assertEquals("vector256", s.name());
        assertTrue(reasons(s, "vector512").contains("jvm.vector512"), reasons(s, "vector512"));
    }

    /**
     * Without AVX both vector kernels are out; an emulated choice cannot calibrate, so priority picks the native
     * xor over the scalar ones (on the machine itself, calibration decides among the three).
     */
    @Test
    void preAvxCpuGetsTheNativeOrAScalarKernel() {
        for (EmulatedCpu.Builder cpu : List.of(ReferenceCpus.core2(), ReferenceCpus.skylakePentium())) {
            Choice s = select(cpu, 16);
            assertEquals("native", s.name(), s.explain().format());
            assertTrue(reasons(s, "scalar-unrolled").contains("lower priority than native"), reasons(s, "scalar-unrolled"));
            assertTrue(reasons(s, "vector256").contains("avx2"), s.explain().source() + ": " + reasons(s, "vector256"));
        }
    }

    /**
     * The native xor's variant, as glibc-hwcaps would pick a directory, but by what is usable and preferred: the
     * v4 build is refused where the OS has not enabled the ZMM state or 512-bit registers downclock.
     */
    @Test
    void eachCpuGetsTheBestNativeVariantItCanRun() {
        record Case(EmulatedCpu.Builder cpu, String variant, String v4Reason) {
        }
        List<Case> cases = List.of(new Case(ReferenceCpus.zen4(), "x86_64.x86-64-v4", null),
                new Case(ReferenceCpus.zen4().osEnabled(0x7), "x86_64.x86-64-v3", "OPMASK|ZMM_Hi256|Hi16_ZMM"),
                new Case(ReferenceCpus.skylakeSp(), "x86_64.x86-64-v3", "prefer_ymm"),
                new Case(ReferenceCpus.haswell(), "x86_64.x86-64-v3", "avx512"),
                new Case(ReferenceCpus.skylakePentium(), "x86_64.x86-64-v2", "avx512"),
                new Case(ReferenceCpus.core2(), "x86_64.baseline", "avx512"));
        for (Case c : cases) {
            Choice s = XorGen.NATIVE.choiceFor(c.cpu().decode());
            assertEquals(c.variant(), s.name(), s.explain().format());
            if (c.v4Reason() != null) {
                assertTrue(reasons(s, "x86_64.x86-64-v4").contains(c.v4Reason()), reasons(s, "x86_64.x86-64-v4"));
            }
            assertTrue(reasons(s, "aarch64.sve").startsWith("a native library for linux-aarch64; this CPU is x86_64"),
                    reasons(s, "aarch64.sve"));
        }
    }

    /** Arm cores: SVE's build where the kernel grants SVE, the baseline elsewhere. */
    @Test
    void eachArmCoreGetsTheBestNativeVariantItCanRun() {
        assertEquals("aarch64.sve", XorGen.NATIVE.choiceFor(ReferenceArmCpus.a64fx().decode()).name());
        Choice n1 = XorGen.NATIVE.choiceFor(ReferenceArmCpus.neoverseN1().decode());
        assertEquals("aarch64.baseline", n1.name(), n1.explain().format());
        assertTrue(reasons(n1, "aarch64.sve").startsWith("sve"), reasons(n1, "aarch64.sve"));
        assertTrue(reasons(n1, "x86_64.x86-64-v3").startsWith("a native library for linux-x86_64; this CPU is aarch64"),
                reasons(n1, "x86_64.x86-64-v3"));
    }

    /** An aarch64 C2 JVM: {@code UseSVE} and {@code MaxVectorSize} as HotSpot sets them from the CPU. */
    private static JvmView armJvm(int useSve, int maxVectorBytes) {
        return JvmView.of("test", Map.of("UseSVE", Integer.toString(useSve), "MaxVectorSize", Integer.toString(maxVectorBytes),
                "UseCompiler", "true"), true, OptionalInt.of(maxVectorBytes * 8));
    }

    private static Choice selectArm(EmulatedArmCpu.Builder cpu, int useSve, int maxVectorBytes) {
        return XorGen.POINT.choiceFor(cpu.decode().withJvm(armJvm(useSve, maxVectorBytes)));
    }

    /** Graviton2's core has NEON and no SVE: 128-bit vectors, as Linux's arm64 xor uses. */
    @Test
    void neoverseN1GetsNeonAndTheX86KernelsSayTheirFeaturesAreNotThere() {
        Choice s = selectArm(ReferenceArmCpus.neoverseN1(), 0, 16);
        assertEquals("neon", s.name());
        assertTrue(reasons(s, "sve").startsWith("sve: absent: the CPU does not have it"), reasons(s, "sve"));
        assertTrue(reasons(s, "vector512").startsWith("avx512bw: absent: 'avx512bw' is not an aarch64 feature"),
                reasons(s, "vector512"));
    }

    /** A64FX: SVE at 512 bits, and HotSpot's UseSVE=1 with MaxVectorSize=64. */
    @Test
    void a64fxGetsTheSveKernel() {
        assertEquals("sve", selectArm(ReferenceArmCpus.a64fx(), 1, 64).name());
        assertEquals("sve", selectArm(EmulatedArmCpu.arm(0xd40, 1, 1).features("fp", "asimd", "fphp", "asimdhp", "sve")
                .sveVectorBits(256), 1, 32).name(), "Neoverse V1, Graviton3: 256-bit SVE");
    }

    /** SVE in the CPU is not enough: a JVM run with -XX:UseSVE=0 emits none, and NEON is taken. */
    @Test
    void sveWithAJitThatDoesNotUseItGetsNeon() {
        Choice s = selectArm(ReferenceArmCpus.a64fx(), 0, 16);
        assertEquals("neon", s.name());
        assertTrue(reasons(s, "sve").contains("jvm.sve: jvm: UseSVE=0"), reasons(s, "sve"));
    }

    /** At a 128-bit SVE length the SVE kernel is NEON's width: NEON is taken. */
    @Test
    void a128BitSveLengthGetsNeon() {
        Choice s = selectArm(ReferenceArmCpus.a64fx().sveVectorBits(128), 1, 16);
        assertEquals("neon", s.name());
        assertTrue(reasons(s, "sve").contains("jvm.vector256: jvm: MaxVectorSize=16"), reasons(s, "sve"));
    }

    /** A kernel that hides SVE (the ID registers show it) leaves NEON. */
    @Test
    void sveTheKernelDoesNotAllowGetsNeonWithTheKernelsReason() {
        Choice s = selectArm(ReferenceArmCpus.a64fx().hiddenByKernel("sve"), 1, 64);
        assertEquals("neon", s.name());
        assertTrue(reasons(s, "sve").contains("the kernel does not set HWCAP_SVE"), reasons(s, "sve"));
    }

    @Test
    void thisMachineSelectsWhatItsFeaturesSay() {
        CpuFeatures here = CpuFeatures.current();
        String expected = here.has("avx512bw") && here.has("jvm.vector512") && !here.has("prefer_ymm") ? "vector512"
                : here.has("avx2") && here.has("jvm.vector256") ? "vector256"
                : here.has("sve") && here.has("jvm.sve") && here.has("jvm.vector256") ? "sve"
                : here.has("asimd") && here.has("jvm.vector128") ? "neon" : null;
        String chosen = XorGen.POINT.selection().name();
        if (expected != null) {
            assertEquals(expected, chosen);
        } else {
            assertTrue(chosen.startsWith("scalar"), chosen);
        }
        assertEquals(chosen, XorGen.POINT.candidates().stream()
                .filter(c -> c.type().orElseThrow().isInstance(XorGen.kernel())).findFirst().orElseThrow().name());
    }

    /** With neither vector kernel eligible the scalar ones are timed, and the winner logged as Linux does. */
    @Test
    void withoutVectorKernelsTheScalarOnesAreCalibratedAndTheWinnerLogged() {
        Logger logger = (Logger) LoggerFactory.getLogger("io.cpufeatures.dispatch.Instantiation");
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        events.start();
        logger.addAppender(events);
        logger.setLevel(Level.INFO);
        try {
            Selection<XorKernel> s = XorGen.POINT.selectForTest(
                    CpuFeatures.current().without(List.of("avx2", "avx512f")), DispatchOverrides.none());
            // both scalar kernels are timed and the calibration's winner is taken: where a native build loads it is
            // timed too (on arrays it pays a JNA copy and usually loses, but the clock decides, not this test)
            List<CandidateReport> timed = s.explain().candidates().stream().filter(c -> c.speed().isPresent()).toList();
            assertTrue(timed.stream().map(CandidateReport::name).toList().containsAll(List.of("scalar", "scalar-unrolled")),
                    timed.toString());
            for (CandidateReport c : timed) {
                assertTrue(c.name().equals(s.name()) ? c.reasons().contains("fastest in calibration")
                        : c.reasons().stream().anyMatch(r -> r.contains("in calibration") && r.contains(s.name())),
                        c.toString());
            }
            double mbps = s.explain().candidate(s.name()).orElseThrow().speed().orElseThrow();
            assertTrue(mbps > 0, "MB/s " + mbps);
            List<String> lines = events.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
            assertTrue(lines.contains("raid.xor: using function: " + s.name() + " (" + Math.round(mbps) + " MB/s)"),
                    lines.toString());
            assertTrue(lines.stream().anyMatch(l -> l.matches("raid\\.xor: scalar \\d+ MB/s")), lines.toString());
        } finally {
            logger.detachAppender(events);
            logger.setLevel(null);
        }
    }

    /** Without --add-modules the Vector API kernels are reported with the hint, and never linked. */
    @Test
    void withoutTheVectorModuleTheExplanationSaysHowToAddIt() throws Exception {
        String out = PrintXorSelection.runInFreshJvm();
        assertTrue(out.contains("raid.xor: using scalar"), out);
        assertTrue(out.contains("start the JVM with --add-modules jdk.incubator.vector"), out);
        assertTrue(out.contains("xor of [1, 2] = 3"), out);
    }

    @Test
    void everyRequiresFeatureOnTheClassPathIsValid() {
        RequiresFeatureScanner.assertValid();
    }
}
