package io.cpufeatures.examples.raid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.dispatch.CandidateReport;
import io.cpufeatures.dispatch.DispatchSettings;
import io.cpufeatures.dispatch.Selection;
import io.cpufeatures.dispatch.testing.RequiresFeatureScanner;
import io.cpufeatures.x86.raw.CpuidSnapshot;
import io.cpufeatures.x86.raw.Xcr0Source;
import io.cpufeatures.x86.testing.BundledDumps;
import io.cpufeatures.x86.testing.JavaProcess;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The kernel-style choice on real CPUs (libcpuid dumps), emulated, and on this machine. */
class XorGenSelectionTest {

    /** A C2 JVM that compiles vectors up to {@code maxVectorBytes}, with the Vector API readable. */
    private static JvmView jvm(int maxVectorBytes) {
        return JvmView.of("test", Map.of("UseAVX", "3", "MaxVectorSize", Integer.toString(maxVectorBytes),
                "UseCompiler", "true"), true, OptionalInt.of(maxVectorBytes * 8));
    }

    private static CpuidSnapshot dump(String name) {
        return BundledDumps.load(name).groups().get(0).snapshot();
    }

    private static Selection<XorKernel> select(CpuidSnapshot cpu, int maxVectorBytes) {
        return XorGen.POINT.selectFor(CpuFeatures.of(cpu).withJvm(jvm(maxVectorBytes)));
    }

    private static String reasons(Selection<XorKernel> s, String candidate) {
        return String.join("; ", s.explain().candidate(candidate).map(CandidateReport::reasons).orElseThrow());
    }

    @Test
    void skylakeSpPrefersYmmSoItGetsVector256() {
        Selection<XorKernel> s = select(dump("intel-core-i9-9820x-cpu.test"), 64);
        assertEquals("vector256", s.name());
        assertTrue(reasons(s, "vector512").contains("prefer_ymm"), reasons(s, "vector512"));
    }

    @Test
    void zen4GetsVector512() {
        assertEquals("vector512", select(dump("amd-ryzen-7-7700x-8-core-processor.test"), 64).name());
    }

    @Test
    void haswellGetsVector256() {
        Selection<XorKernel> s = select(dump("intel-core-i7-4750hq-cpu.test"), 32);
        assertEquals("vector256", s.name());
        assertTrue(reasons(s, "vector512").contains("avx512f"), reasons(s, "vector512"));
    }

    /** The check the AVX-512 patch's review asked for: the OS must have enabled the ZMM state. */
    @Test
    void avx512WithXcr0OfOnlyYmmStateGetsVector256() {
        CpuidSnapshot zen4 = dump("amd-ryzen-7-7700x-8-core-processor.test");
        Selection<XorKernel> s = select(zen4.withXcr0(0x7, Xcr0Source.USER), 64);
        assertEquals("vector256", s.name());
        assertTrue(reasons(s, "vector512").contains("OPMASK|ZMM_Hi256|Hi16_ZMM"), reasons(s, "vector512"));
    }

    /** A JIT that compiles only 256-bit vectors would run a 512-bit species in Java code, about 100 times slower. */
    @Test
    void zen4WithMaxVectorSize32GetsVector256() {
        Selection<XorKernel> s = select(dump("amd-ryzen-7-7700x-8-core-processor.test"), 32);
        assertEquals("vector256", s.name());
        assertTrue(reasons(s, "vector512").contains("jvm.vector512"), reasons(s, "vector512"));
    }

    /** Without AVX both vector kernels are out; an emulated choice cannot calibrate, so priority picks the scalar one. */
    @Test
    void preAvxCpuGetsAScalarKernel() {
        for (String cpu : List.of("intel-core2-duo-cpu-t7500.test", "intel-pentium-cpu-g4400.test")) {
            Selection<XorKernel> s = select(dump(cpu), 16);
            assertTrue(s.name().startsWith("scalar"), cpu + ": " + s.name());
            assertTrue(reasons(s, "vector256").contains("avx2"), cpu + ": " + reasons(s, "vector256"));
        }
    }

    @Test
    void thisMachineSelectsWhatItsFeaturesSay() {
        CpuFeatures here = CpuFeatures.current();
        String expected = here.has("avx512f") && here.has("jvm.vector512") && !here.has("prefer_ymm") ? "vector512"
                : here.has("avx2") && here.has("jvm.vector256") ? "vector256" : null;
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
        Logger logger = (Logger) LoggerFactory.getLogger("io.cpufeatures.dispatch.Selector");
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        events.start();
        logger.addAppender(events);
        logger.setLevel(Level.INFO);
        try {
            Selection<XorKernel> s = XorGen.POINT.selectHere(
                    CpuFeatures.current().without(List.of("avx2", "avx512f")), DispatchSettings.none());
            assertTrue(s.name().startsWith("scalar"), s.name());
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
        String out = JavaProcess.run(PrintXorSelection.class);
        assertTrue(out.contains("raid.xor: using scalar"), out);
        assertTrue(out.contains("start the JVM with --add-modules jdk.incubator.vector"), out);
        assertTrue(out.contains("xor of [1, 2] = 3"), out);
    }

    @Test
    void everyRequiresFeatureOnTheClassPathIsValid() {
        RequiresFeatureScanner.assertValid();
    }
}
