package io.cpufeatures.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.tools.Diagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DispatchProcessorTest {

    private static final String PROVIDER_BODY = """
                @Override
                public java.util.List<io.cpufeatures.dispatch.DispatchPoint<?>> dispatchPoints() {
                    return java.util.List.of();
                }
            """;

    @TempDir
    Path dir;

    @Test
    void anUnknownFeatureNameIsAnErrorAtTheNameWithTheNearestKnownNames() throws Exception {
        Compilation c = Compilation.of(dir, Map.of("p/Typo.java", """
                package p;

                @io.cpufeatures.dispatch.RequiresFeature({"avx2", "avx512"})
                final class Typo {
                }
                """));
        assertFalse(c.success(), c.toString());
        List<String> errors = c.messages(Diagnostic.Kind.ERROR);
        assertEquals(1, errors.size(), c.toString());
        // line 3, at the string "avx512" (column 51), not at the class
        assertTrue(errors.get(0).startsWith("3:51: unknown feature 'avx512' in @RequiresFeature of p.Typo.value; did you"
                + " mean avx512f"), errors.get(0));
        assertEquals(Optional.empty(), c.services());
    }

    @Test
    void absentRepeatedAndMetaAnnotationNamesAreCheckedToo() throws Exception {
        Compilation c = Compilation.of(dir, Map.of(
                "p/Repeated.java", """
                        package p;

                        @io.cpufeatures.dispatch.RequiresFeature("sse3")
                        @io.cpufeatures.dispatch.RequiresFeature(value = "avx2", absent = "prefer_ymmm")
                        final class Repeated {
                        }
                        """,
                "p/NeedsZmm.java", """
                        package p;

                        @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
                        @io.cpufeatures.dispatch.RequiresFeature("avx512-cor")
                        @interface NeedsZmm {
                        }
                        """,
                "p/Fine.java", """
                        package p;

                        @io.cpufeatures.dispatch.Implementation(name = "fine")
                        @io.cpufeatures.dispatch.RequiresFeature(value = {"x86-64-v3", "jvm.vector256", "LZCNT"}, absent = "prefer_ymm")
                        public final class Fine {
                        }
                        """));
        List<String> errors = c.messages(Diagnostic.Kind.ERROR);
        assertEquals(2, errors.size(), c.toString());
        assertTrue(errors.stream().anyMatch(e -> e.contains("unknown feature 'prefer_ymmm' in @RequiresFeature of"
                + " p.Repeated.absent; did you mean prefer_ymm")), errors.toString());
        assertTrue(errors.stream().anyMatch(e -> e.startsWith("4:") && e.contains("unknown feature 'avx512-cor' in"
                + " @RequiresFeature of p.NeedsZmm.value; did you mean avx512-core")), errors.toString());
    }

    @Test
    void anUnknownNameInsideAnAnyOfIsAnErrorAtThatAlternative() throws Exception {
        Compilation c = Compilation.of(dir, Map.of(
                "p/Either.java", """
                        package p;

                        @io.cpufeatures.dispatch.RequiresFeature(value = "jvm.vector512", anyOf = {"avx512bw", "svee"})
                        final class Either {
                        }
                        """,
                "p/Fine.java", """
                        package p;

                        @io.cpufeatures.dispatch.RequiresFeature(value = "jvm.vector512", anyOf = {"AVX512BW", "sve"})
                        final class Fine {
                        }
                        """));
        assertFalse(c.success(), c.toString());
        List<String> errors = c.messages(Diagnostic.Kind.ERROR);
        assertEquals(1, errors.size(), c.toString());
        // line 3, at the string "svee" (column 88), not at the class nor at the known alternative
        assertTrue(errors.get(0).startsWith("3:88: unknown feature 'svee' in @RequiresFeature of p.Either.anyOf; did you"
                + " mean sve"), errors.get(0));
    }

    @Test
    void anAnyOfRequiresAVectorGateOnlyWhenEveryAlternativeIsOne() throws Exception {
        String body = """
                    private static final VectorSpecies<Byte> S = ByteVector.SPECIES_512;

                    public int apply(int x) {
                        return x;
                    }
                }
                """;
        Compilation c = Compilation.of(dir, Map.of(
                "p/Either.java", "package p;\n\nimport jdk.incubator.vector.*;\n\n"
                        + "@io.cpufeatures.dispatch.Implementation(name = \"either\")\n"
                        + "@io.cpufeatures.dispatch.RequiresFeature(anyOf = {\"avx512bw\", \"jvm.vector512\"})\n"
                        + "public final class Either {\n" + body,
                "p/Gated.java", "package p;\n\nimport jdk.incubator.vector.*;\n\n"
                        + "@io.cpufeatures.dispatch.Implementation(name = \"gated\")\n"
                        + "@io.cpufeatures.dispatch.RequiresFeature(anyOf = {\"jvm.vector512\", \"jvm.vector1024\"})\n"
                        + "public final class Gated {\n" + body), "--add-modules", "jdk.incubator.vector");
        assertTrue(c.success(), c.toString());
        List<String> warnings = c.messages(Diagnostic.Kind.WARNING).stream().filter(w -> w.contains("p.")).toList();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("5:1: p.Either uses jdk.incubator.vector"), warnings.toString());
    }

    @Test
    void providersAreListedForServiceLoaderWithoutAHandWrittenFile() throws Exception {
        Compilation c = Compilation.of(dir, Map.of(
                "p/Points.java", "package p;\n\npublic final class Points implements io.cpufeatures.dispatch.DispatchPointProvider {\n"
                        + PROVIDER_BODY + "}\n",
                "p/Outer.java", "package p;\n\npublic final class Outer {\n"
                        + "    public static final class Nested implements io.cpufeatures.dispatch.DispatchPointProvider {\n"
                        + PROVIDER_BODY + "    }\n"
                        + "    static final class Hidden implements io.cpufeatures.dispatch.DispatchPointProvider {\n"
                        + PROVIDER_BODY + "    }\n"
                        + "    public abstract static class Base implements io.cpufeatures.dispatch.DispatchPointProvider {\n"
                        + "    }\n}\n",
                "p/NoConstructor.java", "package p;\n\npublic final class NoConstructor implements"
                        + " io.cpufeatures.dispatch.DispatchPointProvider {\n    public NoConstructor(int x) {\n    }\n\n"
                        + PROVIDER_BODY + "}\n"));
        assertTrue(c.success(), c.toString());
        assertEquals(Optional.of(List.of("p.Outer$Nested", "p.Points")), c.services());
        List<String> warnings = c.messages(Diagnostic.Kind.WARNING);
        assertEquals(1, warnings.size(), c.toString());
        assertTrue(warnings.get(0).contains("p.NoConstructor implements io.cpufeatures.dispatch.DispatchPointProvider but"
                + " has no public constructor without parameters"), warnings.get(0));
    }

    @Test
    void entriesAlreadyListedAreKeptWhileTheirClassesExist() throws Exception {
        Path services = dir.resolve("classes").resolve(DispatchProcessor.SERVICES);
        Files.createDirectories(services.getParent());
        Files.writeString(services, "# by hand\n" + KeptProvider.class.getName() + "\np.Deleted\n");
        Compilation c = Compilation.of(dir, Map.of("p/Points.java", "package p;\n\npublic final class Points implements"
                + " io.cpufeatures.dispatch.DispatchPointProvider {\n" + PROVIDER_BODY + "}\n"));
        assertTrue(c.success(), c.toString());
        assertEquals(Optional.of(List.of(KeptProvider.class.getName(), "p.Points")), c.services());
    }

    @Test
    void aNamedModuleMustProvideWhatItImplements() throws Exception {
        String stub = "package io.cpufeatures.dispatch;\n\npublic interface DispatchPointProvider {\n}\n";
        String provider = "package m.p;\n\npublic final class Points implements io.cpufeatures.dispatch.DispatchPointProvider {\n}\n";
        Compilation without = Compilation.of(dir.resolve("without"), Map.of(
                "module-info.java", "module m {\n    exports io.cpufeatures.dispatch;\n}\n",
                "io/cpufeatures/dispatch/DispatchPointProvider.java", stub,
                "m/p/Points.java", provider));
        assertFalse(without.success(), without.toString());
        assertEquals(List.of("3:14: module m does not declare 'provides io.cpufeatures.dispatch.DispatchPointProvider with"
                + " m.p.Points;': in a named module ServiceLoader reads module-info, not META-INF/services/"
                + "io.cpufeatures.dispatch.DispatchPointProvider, so tools and @ForEachCandidate would not find its points"),
                without.messages(Diagnostic.Kind.ERROR));
        Compilation with = Compilation.of(dir.resolve("with"), Map.of(
                "module-info.java", "module m {\n    exports io.cpufeatures.dispatch;\n    provides"
                        + " io.cpufeatures.dispatch.DispatchPointProvider with m.p.Points;\n}\n",
                "io/cpufeatures/dispatch/DispatchPointProvider.java", stub,
                "m/p/Points.java", provider));
        assertTrue(with.success(), with.toString());
        assertEquals(Optional.of(List.of("m.p.Points")), with.services(), "listed for the class path too");
    }

    @Test
    void anImplementationMustBeAClassADispatchPointCanMake() throws Exception {
        Compilation c = Compilation.of(dir, Map.of("p/Kernels.java", """
                package p;

                import io.cpufeatures.dispatch.Implementation;

                public final class Kernels {
                    @Implementation(name = "abstract")
                    public abstract static class Abstract {
                    }

                    @Implementation(name = "inner")
                    public final class Inner {
                    }

                    @Implementation(name = "args")
                    public static final class Args {
                        public Args(int x) {
                        }
                    }

                    @Implementation(name = "Vector 512")
                    public static final class BadName {
                    }

                    @Implementation(name = "fine")
                    static final class Fine {
                        private Fine() {
                        }
                    }
                }
                """));
        List<String> errors = c.messages(Diagnostic.Kind.ERROR);
        assertEquals(4, errors.size(), c.toString());
        assertTrue(errors.get(0).startsWith("6:5: p.Kernels.Abstract is abstract;"), errors.toString());
        assertTrue(errors.get(1).startsWith("10:5: p.Kernels.Inner is an inner class:"), errors.toString());
        assertTrue(errors.get(2).startsWith("14:5: p.Kernels.Args has no constructor without parameters;"), errors.toString());
        assertTrue(errors.get(3).startsWith("20:28: candidate name 'Vector 512' of p.Kernels.BadName must be lower case"),
                errors.toString());
    }

    @Test
    void vectorApiCodeThatRequiresNoVectorGateIsAWarning() throws Exception {
        String body = """
                    private static final VectorSpecies<Integer> S = IntVector.SPECIES_256;

                    public int apply(int x) {
                        return x;
                    }
                }
                """;
        Compilation c = Compilation.of(dir, Map.of(
                "p/Ungated.java", "package p;\n\nimport jdk.incubator.vector.*;\n\n"
                        + "@io.cpufeatures.dispatch.Implementation(name = \"ungated\")\n"
                        + "@io.cpufeatures.dispatch.RequiresFeature(\"avx2\")\npublic final class Ungated {\n" + body,
                "p/Gated.java", "package p;\n\nimport jdk.incubator.vector.*;\n\n"
                        + "@io.cpufeatures.dispatch.Implementation(name = \"gated\")\n"
                        + "@io.cpufeatures.dispatch.RequiresFeature({\"avx2\", \"jvm.vector256\"})\npublic final class Gated {\n"
                        + body), "--add-modules", "jdk.incubator.vector");
        assertTrue(c.success(), c.toString());
        List<String> warnings = c.messages(Diagnostic.Kind.WARNING).stream().filter(w -> w.contains("p.")).toList();
        assertEquals(List.of("5:1: p.Ungated uses jdk.incubator.vector (field S:"
                + " jdk.incubator.vector.VectorSpecies<java.lang.Integer>) but requires no jvm.vector* feature: on a JVM"
                + " without --add-modules jdk.incubator.vector it is found eligible and then cannot be made; add"
                + " \"jvm.vector_api\", or the width it needs (\"jvm.vector256\"), to its @RequiresFeature"), warnings);
    }
}
