package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.dispatch.CandidateReport;
import io.cpufeatures.dispatch.Choice;
import io.cpufeatures.x86.emulation.ReferenceCpus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code zstd.copy} choice: from the JVM's view on a reference CPU, on this machine, and in a
 * child JVM started without the Vector API module, where the point must still choose, explain
 * the refusal, and decode the same bytes.
 */
class CopyKernelSelectionTest {

    @TempDir
    static Path dir;

    /** A C2 JVM whose Vector API is readable or not, with C2's preferred vector width. */
    private static JvmView jvm(boolean vectorApi, int bits) {
        return JvmView.of("test", Map.of("UseCompiler", "true", "UseAVX", "2", "MaxVectorSize", "32"), vectorApi,
                OptionalInt.of(bits));
    }

    private static Choice select(JvmView jvm) {
        return CopyKernels.POINT.choiceFor(ReferenceCpus.haswell().decode().withJvm(jvm));
    }

    private static String reasons(Choice c) {
        return String.join("; ", c.explain().candidate("vector128").map(CandidateReport::reasons).orElseThrow());
    }

    @Test
    void aJvmCompiling128BitVectorsGetsTheVectorKernel() {
        assertEquals("vector128", select(jvm(true, 256)).name());
    }

    /** The CPU has SSE and AVX2 either way: what refuses the kernel is the JVM. */
    @Test
    void withoutTheVectorModuleTheGenericKernelIsChosenAndTheReasonNamesTheGate() {
        Choice c = select(jvm(false, 256));
        assertEquals("generic", c.name());
        assertTrue(reasons(c).contains("jvm.vector128"), reasons(c));
    }

    @Test
    void thisMachineSelectsWhatItsJvmSaysAndContextsReuseTheChoice() {
        boolean vector = CpuFeatures.current().has("jvm.vector128");
        assertEquals(vector ? "vector128" : "generic", CopyKernels.POINT.selection().name());
        assertSame(CopyKernels.selected(), CopyKernels.selected());
        assertTrue(CopyKernels.POINT.selection().candidate().type().orElseThrow().isInstance(CopyKernels.selected()));
    }

    /**
     * The same frame in a child JVM with and without {@code --add-modules jdk.incubator.vector}:
     * without it the vector kernel is refused with its reason (and never linked), the generic one
     * decodes; both give the content this JVM's kernels give.
     */
    @Test
    void aJvmWithoutTheVectorModuleDecodesWithTheGenericKernel() throws Exception {
        byte[] data = TestData.text(300_000, 11);
        Path f = dir.resolve("text.zst");
        Files.write(f, ZstdCli.compress(dir, data, "-3"));
        String expected = data.length + " " + Arrays.hashCode(data);

        ChildJvm.Result without = ChildJvm.run(dir, List.of(), CopyKernelMain.class, f.toString());
        assertEquals(0, without.exit(), without.toString());
        assertEquals("generic " + expected, without.out().lines().findFirst().orElseThrow(), without.toString());
        assertTrue(without.out().contains("jvm.vector128"), without.toString());

        ChildJvm.Result with = ChildJvm.run(dir, List.of("--add-modules", "jdk.incubator.vector"),
                CopyKernelMain.class, f.toString());
        assertEquals(0, with.exit(), with.toString());
        String name = CpuFeatures.current().has("jvm.vector128") ? "vector128" : "generic";
        assertEquals(name + " " + expected, with.out().lines().findFirst().orElseThrow(), with.toString());
    }
}
