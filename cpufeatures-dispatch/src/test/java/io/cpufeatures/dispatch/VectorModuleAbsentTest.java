package io.cpufeatures.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.dispatch.fixtures.Sources;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Registering Vector API candidates by class, in a JVM started without {@code --add-modules
 * jdk.incubator.vector} (a child JVM: the honest way to lack the module): the point still chooses,
 * and each vector candidate is rejected with why and the option that fixes it. Before candidates
 * were registered by class, the same point written {@code .candidate(VectorUngated.class,
 * VectorUngated::new)} died in its static initialiser with {@code NoClassDefFoundError}.
 */
class VectorModuleAbsentTest {

    private static final String VECTOR_BODY = """
                private static final VectorSpecies<Integer> S = IntVector.SPECIES_128;

                @Override
                public int applyAsInt(int x) {
                    int[] a = {x, 0, 0, 0};
                    return IntVector.fromArray(S, a, 0).lanewise(VectorOperators.ADD, IntVector.broadcast(S, 1)).lane(0);
                }
            }
            """;

    private static final Map<String, String> SOURCES = Map.of(
            "novec/Scalar.java", """
                    package novec;

                    @io.cpufeatures.dispatch.Implementation(name = "scalar")
                    public final class Scalar implements java.util.function.IntUnaryOperator {
                        @Override
                        public int applyAsInt(int x) {
                            return x + 1;
                        }
                    }
                    """,
            "novec/VectorUngated.java", """
                    package novec;

                    import jdk.incubator.vector.*;

                    /** Forgot to require jvm.vector_api: found eligible without the module, then cannot be made. */
                    @io.cpufeatures.dispatch.Implementation(name = "vector-ungated", priority = 20)
                    public final class VectorUngated implements java.util.function.IntUnaryOperator {
                    """ + VECTOR_BODY,
            "novec/VectorGated.java", """
                    package novec;

                    import jdk.incubator.vector.*;

                    @io.cpufeatures.dispatch.Implementation(name = "vector-gated", priority = 10)
                    @io.cpufeatures.dispatch.RequiresFeature("jvm.vector_api")
                    public final class VectorGated implements java.util.function.IntUnaryOperator {
                    """ + VECTOR_BODY,
            "novec/Main.java", """
                    package novec;

                    import io.cpufeatures.dispatch.DispatchPoint;
                    import io.cpufeatures.dispatch.Dispatched;
                    import java.util.function.IntUnaryOperator;

                    public final class Main {
                        static final DispatchPoint<IntUnaryOperator> POINT = DispatchPoint
                                .builder("test.novector", IntUnaryOperator.class)
                                .candidate(Scalar.class)
                                .candidate(VectorUngated.class)
                                .candidate(VectorGated.class)
                                .build();
                        static final Dispatched<IntUnaryOperator> CHOSEN = POINT.dispatched();

                        public static void main(String[] args) {
                            System.out.print(POINT.selection().explain().format());
                            System.out.println("41 -> " + CHOSEN.get().applyAsInt(41));
                        }
                    }
                    """,
            "novec/VectorOnly.java", """
                    package novec;

                    import io.cpufeatures.dispatch.DispatchException;
                    import io.cpufeatures.dispatch.DispatchPoint;
                    import java.util.function.IntUnaryOperator;

                    /** A library with Vector API code only (no scalar fallback), as a Vector API library is. */
                    public final class VectorOnly {
                        static final DispatchPoint<IntUnaryOperator> POINT = DispatchPoint
                                .builder("test.vectoronly", IntUnaryOperator.class)
                                .candidate(VectorGated.class)
                                .build();

                        public static void main(String[] args) {
                            try {
                                System.out.println("chose " + POINT.selection().name());
                            } catch (DispatchException e) {
                                System.out.println(e.getMessage());
                            }
                        }
                    }
                    """);

    @TempDir
    static Path dir;
    private static String classPath;

    @BeforeAll
    static void compile() throws Exception {
        Path classes = Sources.compile(dir, SOURCES, List.of("--add-modules", "jdk.incubator.vector"));
        classPath = classes + File.pathSeparator + Sources.testClassPath();
    }

    @Test
    void withoutTheModuleThePointChoosesAndExplainsEachVectorCandidate() throws Exception {
        Sources.Result r = Sources.run(dir, List.of("-cp", classPath), "novec.Main");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().startsWith("test.novector: using scalar\n"), r.toString());
        assertTrue(r.out().contains("41 -> 42"), r.toString());
        assertTrue(r.out().contains("vector-ungated  rejected"), r.toString());
        assertTrue(r.out().contains("- could not be made: java.lang.NoClassDefFoundError: jdk/incubator/vector/"), r.toString());
        assertTrue(r.out().contains("(module jdk.incubator.vector is not resolved: start the JVM with --add-modules"
                + " jdk.incubator.vector)"), r.toString());
        assertTrue(r.out().contains("- jvm.vector_api: jvm: module jdk.incubator.vector is not readable: start the JVM"
                + " with --add-modules jdk.incubator.vector"), r.toString());
    }

    @Test
    void withoutTheModuleAPointWithNothingElseSaysItIsTheJvmNotTheCpu() throws Exception {
        Sources.Result r = Sources.run(dir, List.of("-cp", classPath), "novec.VectorOnly");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().startsWith("test.vectoronly: no candidate can run with this JVM: module jdk.incubator.vector"
                + " is not readable: start the JVM with --add-modules jdk.incubator.vector (jvm.vector_api)\n"), r.toString());
        Sources.Result with = Sources.run(dir, List.of("--add-modules", "jdk.incubator.vector", "-cp", classPath),
                "novec.VectorOnly");
        assertTrue(with.out().startsWith("chose vector-gated"), with.toString());
    }

    @Test
    void withTheModuleTheVectorCandidateIsChosen() throws Exception {
        Sources.Result r = Sources.run(dir, List.of("--add-modules", "jdk.incubator.vector", "-cp", classPath), "novec.Main");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().startsWith("test.novector: using vector-ungated\n"), r.toString());
        assertTrue(r.out().contains("41 -> 42"), r.toString());
    }
}
