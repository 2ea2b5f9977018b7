package io.cpufeatures.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.dispatch.Declarations.Declared;
import io.cpufeatures.dispatch.Declarations.Requires;
import io.cpufeatures.dispatch.fixtures.FirstReadingMain;
import io.cpufeatures.dispatch.fixtures.Kernel;
import io.cpufeatures.dispatch.fixtures.Kernels;
import io.cpufeatures.dispatch.fixtures.Machines;
import io.cpufeatures.dispatch.fixtures.Sources;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.invoke.MethodHandles;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one reader of candidates' declarations: what it reads from each candidate class of these tests (literal values,
 * not another reader's), and the one-line error, never a wrong choice nor a {@link StackOverflowError}, for a class file
 * that is not the defined class's own (changed after loading, another class's bytes, another copy found first, none at
 * all), malformed, or nested thousands deep.
 */
class DeclarationsTest {

    /** Every kind of value on a class, skipped: enum, class, nested annotation, float, double, long, array. */
    @Retention(RetentionPolicy.RUNTIME)
    @interface Plain {
        RetentionPolicy e();

        Class<?> c();

        Retention n();

        float f();

        double d();

        long j();

        int[] a();
    }

    /** Two requirements on an annotation type, repeated. */
    @Retention(RetentionPolicy.RUNTIME)
    @RequiresFeature("sse2")
    @RequiresFeature(absent = "prefer_ymm")
    @interface TwoOnType {
    }

    /** A meta-annotation written before a direct one, with a foreign annotation of every value kind among them. */
    @Deprecated
    @Plain(e = RetentionPolicy.CLASS, c = String.class, n = @Retention(RetentionPolicy.SOURCE), f = 1.5f, d = 2.5, j = 7L,
            a = {1, 2})
    @TwoOnType
    @Implementation(name = "best", description = "taken outright", priority = -7, bestWhenEligible = true)
    @RequiresFeature(value = "avx2", anyOf = {"avx512f", "sve"}, absent = "prefer_ymm")
    static final class Best implements Kernel {
        @Override
        public int apply(int x) {
            return x + 1;
        }
    }

    private static Requires req(List<String> value, List<String> anyOf, List<String> absent) {
        return new Requires(value, anyOf, absent);
    }

    private static Requires req(String... value) {
        return new Requires(List.of(value), List.of(), List.of());
    }

    private static Declared impl(String name, String description, int priority, Requires... requires) {
        return new Declared(true, name, description, priority, false, List.of(requires));
    }

    private static Declared none(Requires... requires) {
        return new Declared(false, null, "", 0, false, List.of(requires));
    }

    /** What each class that declares anything in this module's tests declares, as written in its source. */
    @Test
    void everyCandidateClassOfTheseTestsReadsWhatItsSourceDeclares() {
        Requires fastZmm = req(List.of("avx512-core"), List.of(), List.of("prefer_ymm"));
        Map<Class<?>, Declared> expected = new LinkedHashMap<>();
        expected.put(Kernels.Scalar.class, impl("scalar", "plain Java", 0));
        expected.put(Kernels.Wide256.class, impl("vector256", "AVX2", 20, req("avx2", "bmi2")));
        expected.put(Kernels.VectorApi256.class, impl("vectorapi256", "Vector API, 256 bits", 30, req("avx2", "jvm.vector256")));
        expected.put(Kernels.NeedsFastZmm.class, none(fastZmm));
        expected.put(Kernels.Wide512.class, impl("vector512", "AVX-512", 30, fastZmm));
        expected.put(Kernels.Broken.class, impl("broken", "gets it wrong", 40));
        expected.put(Kernels.SlowScalar.class, impl("scalar-slow", "sleeps", 1));
        expected.put(Kernels.Unlinkable.class, impl("unlinkable", "throws as an unlinkable class does", 5));
        expected.put(Kernels.Watched.class, impl("watched", "counts its initialisation", 50, req("avx512f")));
        expected.put(Kernels.BadInit.class, impl("bad-init", "its static initialiser throws", 60));
        expected.put(Kernels.NeedsArgs.class, impl("needs-args", "its constructor takes a parameter", 70));
        expected.put(Kernels.Abstract.class, impl("abstract", "abstract", 0));
        expected.put(Kernels.hidden(), impl("hidden", "a private constructor", 80));
        expected.put(AnyOfRequirementTest.Bytes512.class, impl("bytes512", "", 30,
                req(List.of("jvm.vector512"), List.of("sve", "avx512bw"), List.of())));
        expected.put(AnyOfRequirementTest.Declared.class, none(req("bmi2"),
                req(List.of(), List.of("avx512-core", "AVX2"), List.of("prefer_ymm"))));
        expected.put(AnyOfRequirementTest.Typo.class, none(req(List.of(), List.of("avx512bw", "svee"), List.of())));
        expected.put(RequirementsTest.Typo.class, none(req("avx512")));
        expected.put(RequirementsTest.AbsentTypo.class, none(req(List.of("avx2"), List.of(), List.of("prefer_ymmm"))));
        expected.put(RequirementsTest.Repeated.class, none(req("sse3"), req("LZCNT", "jvm.bmi2")));
        expected.put(TwoOnType.class, none(req("sse2"), req(List.of(), List.of(), List.of("prefer_ymm"))));
        expected.put(Best.class, new Declared(true, "best", "taken outright", -7, true, List.of(
                req(List.of("avx2"), List.of("avx512f", "sve"), List.of("prefer_ymm")),
                req("sse2"), req(List.of(), List.of(), List.of("prefer_ymm")))));
        expected.put(Plain.class, none());
        expected.put(Kernel.class, none());
        for (Map.Entry<Class<?>, Declared> e : expected.entrySet()) {
            assertEquals(e.getValue(), Declarations.read(e.getKey()), e.getKey().getName());
        }
        assertEquals("avx2, sse2, (avx512f or sve); not prefer_ymm", Requirements.of(Best.class).summary());
    }

    /** A class of the boot loader cannot see this library's annotation types: it declares none. */
    @Test
    void aClassOfTheBootLoaderDeclaresNothing() {
        assertEquals(none(), Declarations.read(String.class));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Candidate.<Object>of(String.class));
        assertEquals("java.lang.String has no @Implementation(name = ...) annotation; a candidate registered by class is"
                + " declared by it", e.getMessage());
    }

    @TempDir
    static Path compiled;
    private static Path defined;
    private static Path changed;
    private static Path rebased;

    private static final String FAST = "decl.stale.Fast";

    /** The class as it was defined (requires AVX-512F), another class beside it, and two later versions of it. */
    @BeforeAll
    static void compile() throws IOException {
        String kernel = "io.cpufeatures.dispatch.fixtures.Kernel";
        String body = " {\n    @Override\n    public int apply(int x) {\n        return x + 1;\n    }\n";
        defined = Sources.compile(compiled.resolve("defined"), Map.of(
                "decl/stale/Fast.java", "package decl.stale;\n\n"
                        + "@io.cpufeatures.dispatch.Implementation(name = \"fast\", priority = 20)\n"
                        + "@io.cpufeatures.dispatch.RequiresFeature(\"avx512f\")\n"
                        + "public final class Fast implements " + kernel + body + "}\n",
                "decl/stale/Other.java", "package decl.stale;\n\n"
                        + "@io.cpufeatures.dispatch.Implementation(name = \"other\", priority = 30)\n"
                        + "public final class Other implements " + kernel + body + "}\n"), List.of());
        // the next version dropped the requirement and gained a self-test
        changed = Sources.compile(compiled.resolve("changed"), Map.of(
                "decl/stale/Fast.java", "package decl.stale;\n\n"
                        + "@io.cpufeatures.dispatch.Implementation(name = \"fast\", priority = 20)\n"
                        + "public final class Fast implements " + kernel + ", io.cpufeatures.dispatch.SelfTest" + body
                        + "    @Override\n    public void selfTest() {\n    }\n}\n"), List.of());
        rebased = Sources.compile(compiled.resolve("rebased"), Map.of(
                "decl/stale/Base.java", "package decl.stale;\n\npublic abstract class Base {\n}\n",
                "decl/stale/Fast.java", "package decl.stale;\n\n"
                        + "@io.cpufeatures.dispatch.Implementation(name = \"fast\", priority = 20)\n"
                        + "public final class Fast extends Base implements " + kernel + body + "}\n"), List.of());
    }

    /** A copy of the classes directory {@code from}, to be changed by one test alone. */
    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path t = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(f, t, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        return to;
    }

    private static URLClassLoader loader(Path classes, ClassLoader parent) throws IOException {
        return new URLClassLoader(new URL[] {classes.toUri().toURL()}, parent);
    }

    private static Path file(Path classes, String className) {
        return classes.resolve(className.replace('.', '/') + ".class");
    }

    private static void assertOneLine(String message) {
        assertFalse(message.contains("\n") || message.contains("\r"), "one line: " + message);
    }

    /**
     * The class file was rebuilt after its class was loaded: the later version dropped the requirement. Reading it
     * would choose {@code fast} on a CPU without AVX-512F; it is refused, in one line, when the point is built.
     */
    @Test
    void aClassFileChangedSinceItsClassWasLoadedIsRefusedNotBelieved(@TempDir Path dir) throws Exception {
        Path classes = copy(defined, dir.resolve("classes"));
        try (URLClassLoader l = loader(classes, getClass().getClassLoader())) {
            Class<? extends Kernel> fast = Class.forName(FAST, false, l).asSubclass(Kernel.class);
            assertEquals(List.of(req("avx512f")), Declarations.read(fast).requires(), "as defined");

            Files.copy(file(changed, FAST), file(classes, FAST), StandardCopyOption.REPLACE_EXISTING);
            DispatchPoint.Builder<Kernel> builder = DispatchPoint.builder("test.stale", Kernel.class)
                    .candidate(Kernels.Scalar.class).candidate(fast);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);
            assertOneLine(e.getMessage());
            assertEquals(FAST + ": its class file " + file(classes, FAST).toUri().toURL() + " is not the class that was"
                    + " defined: its interfaces are [io.cpufeatures.dispatch.fixtures.Kernel, io.cpufeatures.dispatch.SelfTest],"
                    + " the defined class's are [io.cpufeatures.dispatch.fixtures.Kernel]; it changed after the class was"
                    + " loaded (restart the JVM), or its loader finds another class's file (fix the loader, or declare it"
                    + " in code with Candidate.of(name, description, priority, requirements, factory))", e.getMessage());

            Files.copy(file(rebased, FAST), file(classes, FAST), StandardCopyOption.REPLACE_EXISTING);
            e = assertThrows(IllegalArgumentException.class, () -> Candidate.of(fast));
            assertOneLine(e.getMessage());
            assertTrue(e.getMessage().contains(" is not the class that was defined: its super class is decl.stale.Base,"
                    + " the defined class's is java.lang.Object; "), e.getMessage());

            Files.copy(file(classes, "decl.stale.Other"), file(classes, FAST), StandardCopyOption.REPLACE_EXISTING);
            e = assertThrows(IllegalArgumentException.class, () -> Requirements.of(fast));
            assertOneLine(e.getMessage());
            assertTrue(e.getMessage().contains(" is not the class that was defined: it holds the class decl.stale.Other;"),
                    e.getMessage());
        }
    }

    /** Loads {@code decl.} classes from its own directory first, and finds resources parent first, as ClassLoader does. */
    private static final class ChildFirst extends URLClassLoader {
        ChildFirst(Path classes, ClassLoader parent) throws IOException {
            super(new URL[] {classes.toUri().toURL()}, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("decl.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                return c != null ? c : findClass(name);
            }
        }
    }

    /**
     * A child-first loader whose parent holds another version of the class (as a benchmark loading two versions of a
     * library does): its resource lookup finds the parent's copy first. The copy in the code source the class was
     * defined from is read; where there is none, that is the one-line error. Before, the parent's copy was read: no
     * requirement.
     */
    @Test
    void anotherCopyFoundFirstIsNotTheOneRead(@TempDir Path dir) throws Exception {
        Path own = copy(defined, dir.resolve("own"));
        Path parentCopy = copy(changed, dir.resolve("parent"));
        try (URLClassLoader parent = loader(parentCopy, getClass().getClassLoader());
                URLClassLoader child = new ChildFirst(own, parent)) {
            Class<?> fast = Class.forName(FAST, false, child);
            assertEquals(file(parentCopy, FAST).toUri().toURL(), child.getResource(FAST.replace('.', '/') + ".class"));
            assertEquals(impl("fast", "", 20, req("avx512f")), Declarations.read(fast));
            assertEquals(List.of("avx512f"), Requirements.of(fast).required());

            Files.delete(file(own, FAST));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Declarations.read(fast));
            assertOneLine(e.getMessage());
            assertEquals(FAST + ": " + own.toUri().toURL() + ", where it was defined from, holds no decl/stale/Fast.class"
                    + " (java.io.FileNotFoundException: " + file(own, FAST) + " (No such file or directory)), and its loader"
                    + " finds one outside it, at " + file(parentCopy, FAST).toUri().toURL() + "; a class defined from bytes"
                    + " of its own has no class file: declare it in code with Candidate.of(name, description, priority,"
                    + " requirements, factory)", e.getMessage());
        }
    }

    /** A multi-release archive: the version the JVM defined is the one read, not the base entry. */
    @Test
    void aMultiReleaseArchiveReadsTheVersionThatWasDefined(@TempDir Path dir) throws Exception {
        Path base = Sources.compile(dir.resolve("base"), Map.of("decl/mr/Versioned.java", "package decl.mr;\n\n"
                + "@io.cpufeatures.dispatch.Implementation(name = \"base\", priority = 1)\npublic final class Versioned {\n}\n"),
                List.of());
        Path v17 = Sources.compile(dir.resolve("v17"), Map.of("decl/mr/Versioned.java", "package decl.mr;\n\n"
                + "@io.cpufeatures.dispatch.Implementation(name = \"v17\", priority = 17)\npublic final class Versioned {\n}\n"),
                List.of());
        Path jar = dir.resolve("mr.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Multi-Release"), "true");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.putNextEntry(new JarEntry("decl/mr/Versioned.class"));
            out.write(Files.readAllBytes(file(base, "decl.mr.Versioned")));
            out.putNextEntry(new JarEntry("META-INF/versions/17/decl/mr/Versioned.class"));
            out.write(Files.readAllBytes(file(v17, "decl.mr.Versioned")));
        }
        try (URLClassLoader l = new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader())) {
            Class<?> c = Class.forName("decl.mr.Versioned", false, l);
            assertTrue(c.getResource("Versioned.class").toString().endsWith("!/META-INF/versions/17/decl/mr/Versioned.class"));
            assertEquals(impl("v17", "", 17), Declarations.read(c));
        }
    }

    /** Writes class files by hand: a class with no members and the given annotations on it. */
    private static final class ClassBytes {
        private final ByteArrayOutputStream pool = new ByteArrayOutputStream();
        private final DataOutputStream entries = new DataOutputStream(pool);
        private final Map<String, Integer> utf8s = new HashMap<>();
        private int count = 1;

        int utf8(String s) throws IOException {
            Integer known = utf8s.get(s);
            if (known != null) {
                return known;
            }
            entries.writeByte(1);
            entries.writeUTF(s);
            utf8s.put(s, count);
            return count++;
        }

        int classConstant(String internalName) throws IOException {
            int n = utf8(internalName);
            entries.writeByte(7);
            entries.writeShort(n);
            return count++;
        }

        /** An element value: a string. */
        byte[] string(String s) throws IOException {
            int i = utf8(s);
            return new byte[] {'s', (byte) (i >> 8), (byte) i};
        }

        /** An annotation structure: its type descriptor, then element names and values. */
        byte[] annotation(String type, Object... pairs) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            DataOutputStream o = new DataOutputStream(b);
            o.writeShort(utf8(type));
            o.writeShort(pairs.length / 2);
            for (int i = 0; i < pairs.length; i += 2) {
                o.writeShort(utf8((String) pairs[i]));
                o.write((byte[]) pairs[i + 1]);
            }
            return b.toByteArray();
        }

        /**
         * An element value nested {@code depth} deep: annotations {@code @Nest(value = @Nest(value = ...))} for
         * {@code '@'}, arrays {@code {{{...}}}} for {@code '['}; an empty array innermost.
         */
        byte[] nested(int depth, char kind) throws IOException {
            int type = utf8("Ldecl/deep/Nest;");
            int value = utf8("value");
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            DataOutputStream o = new DataOutputStream(b);
            for (int i = 0; i < depth; i++) {
                o.writeByte(kind);
                if (kind == '@') {
                    o.writeShort(type);
                    o.writeShort(1);
                    o.writeShort(value);
                } else {
                    o.writeShort(1);
                }
            }
            o.writeByte('[');
            o.writeShort(0);
            return b.toByteArray();
        }

        /** The class file of {@code name} (internal form), a final class extending Object, with {@code annotations}. */
        byte[] write(String name, byte[]... annotations) throws IOException {
            int self = classConstant(name);
            int object = classConstant("java/lang/Object");
            int attribute = utf8("RuntimeVisibleAnnotations");
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            DataOutputStream o = new DataOutputStream(b);
            o.writeInt(0xCAFEBABE);
            o.writeShort(0);
            o.writeShort(61);
            o.writeShort(count);
            pool.writeTo(o);
            o.writeShort(0x0001 | 0x0010 | 0x0020);
            o.writeShort(self);
            o.writeShort(object);
            o.writeShort(0);
            o.writeShort(0);
            o.writeShort(0);
            int length = 2;
            for (byte[] a : annotations) {
                length += a.length;
            }
            o.writeShort(1);
            o.writeShort(attribute);
            o.writeInt(length);
            o.writeShort(annotations.length);
            for (byte[] a : annotations) {
                o.write(a);
            }
            return b.toByteArray();
        }
    }

    /** Loads {@code bytes} as the class {@code name} from a directory of its own, as a class path loads it. */
    private static Class<?> define(Path dir, String name, byte[] bytes, List<URLClassLoader> opened) throws Exception {
        Path classes = dir.resolve(name);
        Files.createDirectories(file(classes, name).getParent());
        Files.write(file(classes, name), bytes);
        URLClassLoader l = loader(classes, DeclarationsTest.class.getClassLoader());
        opened.add(l);
        return Class.forName(name, false, l);
    }

    /**
     * Annotations nested 5,000 deep (the JVM defines such a class; reflection overflows its stack reading it): one
     * line, whether annotations or arrays nest, from a point's build as from the reader, and no StackOverflowError.
     */
    @Test
    void annotationsNestedThousandsDeepAreOneLineNotAStackOverflow(@TempDir Path dir) throws Exception {
        List<URLClassLoader> opened = new ArrayList<>();
        try {
            for (char kind : new char[] {'@', '['}) {
                ClassBytes cb = new ClassBytes();
                byte[] bytes = cb.write("decl/deep/Deep", cb.annotation("Lio/cpufeatures/dispatch/Implementation;", "name",
                        cb.string("deep")), cb.annotation("Ldecl/deep/Nest;", "value", cb.nested(5_000, kind)));
                Class<?> deep = define(dir.resolve(kind == '@' ? "annotations" : "arrays"), "decl.deep.Deep", bytes, opened);
                DispatchPoint.Builder<Object> builder = DispatchPoint.builder("test.deep", Object.class)
                        .candidate(deep.asSubclass(Object.class));
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);
                assertOneLine(e.getMessage());
                assertTrue(e.getMessage().matches("decl\\.deep\\.Deep: its class file file:\\S+/decl/deep/Deep\\.class nests"
                        + " annotation values more than 32 deep \\(at byte \\d+\\), which no class file javac writes does;"
                        + " it is not read further"), e.getMessage());
                assertThrows(IllegalArgumentException.class, () -> Requirements.of(deep));
            }
        } finally {
            for (URLClassLoader l : opened) {
                l.close();
            }
        }
    }

    /** A file that is no class file, or a damaged one, or one with an element of the wrong type: one line each. */
    @Test
    void aMalformedClassFileIsOneLineSayingWhereAndWhat(@TempDir Path dir) throws Exception {
        Path classes = copy(defined, dir.resolve("classes"));
        try (URLClassLoader l = loader(classes, getClass().getClassLoader())) {
            Class<?> fast = Class.forName(FAST, false, l);
            byte[] real = Files.readAllBytes(file(classes, FAST));
            byte[] badMagic = real.clone();
            badMagic[0] = 0;
            byte[] badTag = real.clone();
            badTag[10] = 99;
            Map<byte[], String> damaged = new LinkedHashMap<>();
            damaged.put(Arrays.copyOf(real, real.length / 2), " is malformed at byte ");
            damaged.put(badMagic, " is malformed at byte 0: it does not begin with 0xCAFEBABE; a class file as javac"
                    + " writes it is read");
            damaged.put(badTag, " is malformed at byte 10: constant pool entry 1 has the unknown tag 99; a class file as"
                    + " javac writes it is read");
            damaged.put(new byte[0], " is malformed at byte 0: it does not begin with 0xCAFEBABE");
            damaged.put(new byte[(1 << 20) + 1], " is larger than 1 MiB, which no candidate's is; it is not a class file"
                    + " as javac writes it");
            for (Map.Entry<byte[], String> d : damaged.entrySet()) {
                Files.write(file(classes, FAST), d.getKey());
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Candidate.of(fast),
                        d.getKey().length + " bytes");
                assertOneLine(e.getMessage());
                assertTrue(e.getMessage().startsWith(FAST + ": its class file " + file(classes, FAST).toUri().toURL()
                        + d.getValue()), e.getMessage());
            }
        }
        List<URLClassLoader> opened = new ArrayList<>();
        try {
            ClassBytes cb = new ClassBytes();
            byte[] bytes = cb.write("decl/bad/Typed", cb.annotation("Lio/cpufeatures/dispatch/Implementation;",
                    "name", cb.string("typed"), "priority", cb.string("high")));
            Class<?> typed = define(dir.resolve("typed"), "decl.bad.Typed", bytes, opened);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Declarations.read(typed));
            assertTrue(e.getMessage().matches("decl\\.bad\\.Typed: its class file \\S+ is malformed at byte \\d+:"
                    + " @Implementation's priority is not an int \\(element value tag 's', constant \\d+\\); a class file as"
                    + " javac writes it is read"), e.getMessage());
        } finally {
            for (URLClassLoader l : opened) {
                l.close();
            }
        }
    }

    /** Defines classes from bytes without a protection domain, as a loader of generated code may. */
    private static final class InMemory extends ClassLoader {
        InMemory() {
            super(DeclarationsTest.class.getClassLoader());
        }

        Class<?> define(String name, byte[] bytes) {
            return defineClass(name, bytes, 0, bytes.length);
        }
    }

    /**
     * Classes without a class file of their own (hidden, defined from bytes by a lookup, defined without a code
     * source) cannot be registered by class; the message names the way to declare them.
     */
    @Test
    void aClassWithoutAClassFileOfItsOwnIsRefusedNamingTheWayToDeclareIt() throws Exception {
        Runnable lambda = () -> { };
        IllegalArgumentException hidden = assertThrows(IllegalArgumentException.class,
                () -> Declarations.read(lambda.getClass()));
        assertTrue(hidden.getMessage().startsWith(lambda.getClass().getName() + ": a hidden class has no class file to"
                + " read its @Implementation and @RequiresFeature from; declare it in code with Candidate.of(name,"
                + " description, priority, requirements, factory)"), hidden.getMessage());

        ClassBytes cb = new ClassBytes();
        Class<?> generated = MethodHandles.lookup().defineClass(cb.write("io/cpufeatures/dispatch/GeneratedCandidate",
                cb.annotation("Lio/cpufeatures/dispatch/Implementation;", "name", cb.string("generated"))));
        IllegalArgumentException noFile = assertThrows(IllegalArgumentException.class, () -> Declarations.read(generated));
        assertOneLine(noFile.getMessage());
        assertTrue(noFile.getMessage().startsWith("io.cpufeatures.dispatch.GeneratedCandidate: "
                + DeclarationsTest.class.getProtectionDomain().getCodeSource().getLocation() + ", where it was defined from,"
                + " holds no io/cpufeatures/dispatch/GeneratedCandidate.class (java.io.FileNotFoundException: "),
                noFile.getMessage());
        assertTrue(noFile.getMessage().endsWith("), nor does its loader find one; a class defined from bytes of its own has"
                + " no class file: declare it in code with Candidate.of(name, description, priority, requirements,"
                + " factory)"), noFile.getMessage());

        byte[] real = Files.readAllBytes(file(defined, FAST));
        Class<?> inMemory = new InMemory().define(FAST, real);
        IllegalArgumentException noSource = assertThrows(IllegalArgumentException.class, () -> Requirements.of(inMemory));
        assertOneLine(noSource.getMessage());
        assertEquals(FAST + ": its loader (" + InMemory.class.getName() + ") defined it without a code source location,"
                + " so no class file can be known to be the one it was defined from; define it with a ProtectionDomain"
                + " whose CodeSource names where its bytes came from, or declare it in code with Candidate.of(name,"
                + " description, priority, requirements, factory)", noSource.getMessage());

        Candidate<Kernel> inCode = Candidate.of("fast", "declared in code", 20, Requirements.of(List.of("avx512f"),
                List.of(), "test"), () -> x -> x + 1);
        assertEquals("scalar", DispatchPoint.builder("test.incode", Kernel.class).candidate(Kernels.Scalar.class)
                .candidate(inCode).build().choiceFor(Machines.core2()).name(), "what is declared in code is chosen by");
    }

    /**
     * In a fresh JVM, building a point of meta-annotated candidates, its first selection and
     * {@link Requirements#of(Class)} make no annotation proxy: no proxy class, no annotation type's reflective model,
     * no invocation handler of an annotation. (Without logback, which reads its appenders' annotations by reflection
     * when it starts.)
     */
    @Test
    void readingDeclarationsMakesNoAnnotationProxy(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("classes.log");
        List<String> classPath = new ArrayList<>();
        for (String entry : Sources.testClassPath().split(java.io.File.pathSeparator)) {
            if (!entry.contains("logback")) {
                classPath.add(entry);
            }
        }
        Sources.Result r = Sources.run(dir, List.of("-Xshare:auto", "-Xlog:class+load:file=" + log, "-cp",
                String.join(java.io.File.pathSeparator, classPath)), FirstReadingMain.class.getName());
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().contains("requires avx512f, avx512cd, avx512bw, avx512dq, avx512vl; not prefer_ymm"), r.toString());
        List<String> loaded = new ArrayList<>();
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            if (line.contains("[class,load]")) {
                loaded.add(line);
            }
        }
        assertTrue(loaded.stream().anyMatch(l -> l.contains(" " + Declarations.class.getName() + " ")), "the log names"
                + " the reader: " + loaded.size() + " lines");
        List<String> proxies = loaded.stream().filter(l -> l.contains("$Proxy") || l.contains("jdk.proxy")
                || l.contains("sun.reflect.annotation.AnnotationType ")
                || l.contains("sun.reflect.annotation.AnnotationInvocationHandler ")).toList();
        assertEquals(List.of(), proxies);
    }
}
