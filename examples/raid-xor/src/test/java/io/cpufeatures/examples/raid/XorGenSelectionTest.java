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
        assertTrue(reasons(s, "vector512").contains("avx512f"), reasons(s, "vector512"));
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

    /** Without AVX both vector kernels are out; an emulated choice cannot calibrate, so priority picks the scalar one. */
    @Test
    void preAvxCpuGetsAScalarKernel() {
        for (EmulatedCpu.Builder cpu : List.of(ReferenceCpus.core2(), ReferenceCpus.skylakePentium())) {
            Choice s = select(cpu, 16);
            assertTrue(s.name().startsWith("scalar"), s.explain().source() + ": " + s.name());
            assertTrue(reasons(s, "vector256").contains("avx2"), s.explain().source() + ": " + reasons(s, "vector256"));
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
        Logger logger = (Logger) LoggerFactory.getLogger("io.cpufeatures.dispatch.Instantiation");
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        events.start();
        logger.addAppender(events);
        logger.setLevel(Level.INFO);
        try {
            Selection<XorKernel> s = XorGen.POINT.selectForTest(
                    CpuFeatures.current().without(List.of("avx2", "avx512f")), DispatchOverrides.none());
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
