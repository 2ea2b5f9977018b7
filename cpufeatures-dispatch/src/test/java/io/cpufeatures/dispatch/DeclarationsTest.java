package io.cpufeatures.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.annotation.Annotation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The class-file reading of candidates' declarations against reflection, on every class of this module's tests that
 * carries {@link Implementation}, {@link RequiresFeature}, {@link RequiresFeatures} or an annotation type that
 * carries them: the same name, description, priority, flag and requirements, in the same order.
 */
class DeclarationsTest {

    private static List<Class<?>> declaringClasses() throws Exception {
        Path root = Paths.get("target", "test-classes");
        List<Class<?>> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = root.relativize(p).toString().replace('/', '.').replace('\\', '.');
                Class<?> c = Class.forName(name.substring(0, name.length() - ".class".length()), false,
                        DeclarationsTest.class.getClassLoader());
                if (c.isAnnotationPresent(Implementation.class) || declaresRequirements(c)) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    private static boolean declaresRequirements(Class<?> c) {
        if (c.getAnnotationsByType(RequiresFeature.class).length > 0) {
            return true;
        }
        for (Annotation a : c.getAnnotations()) {
            if (a.annotationType().getAnnotationsByType(RequiresFeature.class).length > 0) {
                return true;
            }
        }
        return false;
    }

    @Test
    void everyDeclaringClassReadsAsReflectionSeesIt() throws Exception {
        List<Class<?>> classes = declaringClasses();
        assertTrue(classes.size() >= 8, "declaring classes found: " + classes);
        int meta = 0;
        int anyOf = 0;
        for (Class<?> c : classes) {
            Declarations.Declared d = Declarations.read(c);
            assertNotNull(d, c.getName() + ": its class file is readable here");
            Implementation impl = c.getAnnotation(Implementation.class);
            assertEquals(impl != null, d.implementation(), c.getName());
            if (impl != null) {
                assertEquals(List.of(impl.name(), impl.description(), impl.priority(), impl.bestWhenEligible()),
                        List.of(d.name(), d.description(), d.priority(), d.bestWhenEligible()), c.getName());
            }
            Requirements reflected;
            try {
                reflected = Requirements.of(c);
            } catch (RuntimeException e) {
                // an unknown name: the class-file reading must refuse it with the same words
                RuntimeException read = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
                        () -> Requirements.declared(d.requires(), c.getName()));
                assertEquals(e.getMessage(), read.getMessage(), c.getName());
                continue;
            }
            assertEquals(reflected, Requirements.declared(d.requires(), c.getName()), c.getName());
            for (Annotation a : c.getAnnotations()) {
                if (a.annotationType().getAnnotationsByType(RequiresFeature.class).length > 0) {
                    meta++;
                }
            }
            if (!reflected.anyOf().isEmpty()) {
                anyOf++;
            }
        }
        assertTrue(meta > 0, "an annotation type that carries @RequiresFeature is among them");
        assertTrue(anyOf > 0, "an any-of requirement is among them");
    }

    @Test
    void aClassOfTheBootLoaderOrWithoutAClassFileIsLeftToReflection() {
        assertNull(Declarations.read(String.class), "the boot loader gives no resource here");
        Runnable lambda = () -> { };
        assertNull(Declarations.read(lambda.getClass()), "a hidden class has no class file");
    }

    /** Defines {@code Kernels.Scalar} from its real bytes, and answers {@code resource} for its class file. */
    private static final class Serving extends ClassLoader {
        private final byte[] resource;

        Serving(byte[] resource) {
            super(DeclarationsTest.class.getClassLoader());
            this.resource = resource;
        }

        Class<?> scalar() throws Exception {
            String name = io.cpufeatures.dispatch.fixtures.Kernels.Scalar.class.getName();
            byte[] real;
            try (java.io.InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                real = in.readAllBytes();
            }
            return defineClass(name, real, 0, real.length);
        }

        @Override
        public java.io.InputStream getResourceAsStream(String name) {
            return name.endsWith("Kernels$Scalar.class") ? new java.io.ByteArrayInputStream(resource)
                    : super.getResourceAsStream(name);
        }
    }

    @Test
    void aClassFileThatCannotBeReadIsLeftToReflectionWhichDeclaresTheSame() throws Exception {
        byte[] real;
        try (java.io.InputStream in = getClass().getClassLoader().getResourceAsStream(
                "io/cpufeatures/dispatch/fixtures/Kernels$Scalar.class")) {
            real = in.readAllBytes();
        }
        byte[] badMagic = real.clone();
        badMagic[0] = 0;
        byte[] badTag = real.clone();
        badTag[10] = (byte) 99;
        List<byte[]> damaged = List.of(java.util.Arrays.copyOf(real, real.length / 2), badMagic, badTag,
                new byte[(1 << 20) + 1], new byte[0]);
        for (byte[] bytes : damaged) {
            Class<?> c = new Serving(bytes).scalar();
            assertNull(Declarations.read(c), bytes.length + " bytes: not read, left to reflection");
            Candidate<Object> candidate = Candidate.of(c.asSubclass(Object.class));
            assertEquals(List.of("scalar", "plain Java", 0), List.of(candidate.name(), candidate.description(),
                    candidate.priority()), "reflection declares it");
        }
        assertNotNull(Declarations.read(new Serving(real).scalar()), "the same loader with the real bytes reads them");
    }
}
