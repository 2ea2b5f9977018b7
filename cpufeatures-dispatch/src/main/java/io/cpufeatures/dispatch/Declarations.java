package io.cpufeatures.dispatch;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A candidate class's {@link Implementation} and {@link RequiresFeature} declarations, as {@link Class#getAnnotation}
 * gives them. {@link #read} reads them from the class file (JVMS 4.7.16, {@code RuntimeVisibleAnnotations}):
 * reflection makes a proxy class per annotation type, and with it the method-handle and proxy machinery, tens of
 * milliseconds in a cold JVM on the way of a point's first call, where the class file gives the same values with none
 * of that. Where it cannot be read (no class loader resource, an unknown constant, anything malformed) it answers null
 * and {@link #reflected} gives them by reflection; a test compares both on every candidate class of the dispatch
 * tests.
 */
final class Declarations {

    private static final String IMPLEMENTATION = "Lio/cpufeatures/dispatch/Implementation;";
    private static final String REQUIRES = "Lio/cpufeatures/dispatch/RequiresFeature;";
    private static final String REQUIRES_ALL = "Lio/cpufeatures/dispatch/RequiresFeatures;";
    /** A class file read here is a candidate's or an annotation type's: kilobytes. */
    private static final int MAX_BYTES = 1 << 20;

    private Declarations() {
    }

    /**
     * One {@link RequiresFeature}: its three lists as written.
     *
     * @param value  {@link RequiresFeature#value()}
     * @param anyOf  {@link RequiresFeature#anyOf()}
     * @param absent {@link RequiresFeature#absent()}
     */
    record Requires(List<String> value, List<String> anyOf, List<String> absent) {
    }

    /**
     * What a class declares.
     *
     * @param implementation   whether it carries {@link Implementation}
     * @param name             {@link Implementation#name()}, or null without one
     * @param description      {@link Implementation#description()}
     * @param priority         {@link Implementation#priority()}
     * @param bestWhenEligible {@link Implementation#bestWhenEligible()}
     * @param requires         its {@link RequiresFeature}s, direct or repeated first, then those each of its other
     *                         annotation types carries, in the class file's order (as {@link Requirements#of(Class)}
     *                         collects them)
     */
    record Declared(boolean implementation, String name, String description, int priority, boolean bestWhenEligible,
            List<Requires> requires) {
    }

    /**
     * What {@code type} declares, by reflection: for a class whose file {@link #read} cannot read, and for
     * {@link Requirements#of(Class)}'s public contract.
     *
     * @param type the class; not null
     * @return its declarations, {@link Declared#implementation()} false without {@link Implementation}
     */
    static Declared reflected(Class<?> type) {
        List<RequiresFeature> found = new ArrayList<>(List.of(type.getAnnotationsByType(RequiresFeature.class)));
        for (java.lang.annotation.Annotation a : type.getAnnotations()) {
            Class<? extends java.lang.annotation.Annotation> at = a.annotationType();
            if (at != RequiresFeature.class && at != RequiresFeatures.class) {
                found.addAll(List.of(at.getAnnotationsByType(RequiresFeature.class)));
            }
        }
        List<Requires> requires = new ArrayList<>();
        for (RequiresFeature r : found) {
            requires.add(new Requires(List.of(r.value()), List.of(r.anyOf()), List.of(r.absent())));
        }
        Implementation impl = type.getAnnotation(Implementation.class);
        return impl == null ? new Declared(false, null, "", 0, false, List.copyOf(requires))
                : new Declared(true, impl.name(), impl.description(), impl.priority(), impl.bestWhenEligible(),
                        List.copyOf(requires));
    }

    /** {@return what {@code type} declares, or null when its class file cannot be read here ({@link #reflected})} */
    static Declared read(Class<?> type) {
        try {
            ClassFile cf = ClassFile.of(type, type.getName());
            if (cf == null) {
                return null;
            }
            Declared d = new Declared(false, null, "", 0, false, List.of());
            List<Requires> direct = new ArrayList<>();
            List<Requires> meta = new ArrayList<>();
            for (Annotation a : cf.annotations()) {
                switch (a.type) {
                    case IMPLEMENTATION -> d = new Declared(true, a.string("name", null), a.string("description", ""),
                            a.integer("priority", 0), a.bool("bestWhenEligible", false), List.of());
                    case REQUIRES -> direct.add(a.requires());
                    case REQUIRES_ALL -> {
                        for (Annotation r : a.annotations("value")) {
                            direct.add(r.requires());
                        }
                    }
                    default -> {
                        String at = a.type.substring(1, a.type.length() - 1).replace('/', '.');
                        if (at.startsWith("java.") || at.startsWith("jdk.") || at.startsWith("javax.")) {
                            continue;
                        }
                        ClassFile annotationType = ClassFile.of(type, at);
                        if (annotationType == null) {
                            return null;
                        }
                        for (Annotation m : annotationType.annotations()) {
                            if (m.type.equals(REQUIRES)) {
                                meta.add(m.requires());
                            } else if (m.type.equals(REQUIRES_ALL)) {
                                for (Annotation r : m.annotations("value")) {
                                    meta.add(r.requires());
                                }
                            }
                        }
                    }
                }
            }
            if (d.implementation() && d.name() == null) {
                return null;
            }
            direct.addAll(meta);
            return new Declared(d.implementation(), d.name(), d.description(), d.priority(), d.bestWhenEligible(),
                    List.copyOf(direct));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** An annotation: its type descriptor and its element values, as read. */
    private static final class Annotation {
        final String type;
        final List<String> names = new ArrayList<>();
        final List<Object> values = new ArrayList<>();

        Annotation(String type) {
            this.type = type;
        }

        private Object get(String name) {
            int i = names.indexOf(name);
            return i < 0 ? null : values.get(i);
        }

        String string(String name, String otherwise) {
            Object v = get(name);
            return v == null ? otherwise : (String) v;
        }

        int integer(String name, int otherwise) {
            Object v = get(name);
            return v == null ? otherwise : (Integer) v;
        }

        boolean bool(String name, boolean otherwise) {
            Object v = get(name);
            return v == null ? otherwise : (Integer) v != 0;
        }

        List<String> strings(String name) {
            Object v = get(name);
            if (v == null) {
                return List.of();
            }
            List<String> out = new ArrayList<>();
            for (Object o : (List<?>) v) {
                out.add((String) o);
            }
            return List.copyOf(out);
        }

        List<Annotation> annotations(String name) {
            Object v = get(name);
            List<Annotation> out = new ArrayList<>();
            if (v != null) {
                for (Object o : (List<?>) v) {
                    out.add((Annotation) o);
                }
            }
            return out;
        }

        Requires requires() {
            return new Requires(strings("value"), strings("anyOf"), strings("absent"));
        }
    }

    /** The constant pool and the class's runtime-visible annotations of one class file. */
    private static final class ClassFile {
        private final Object[] pool;
        private final List<Annotation> annotations = new ArrayList<>();

        private ClassFile(DataInputStream in) throws IOException {
            if (in.readInt() != 0xCAFEBABE) {
                throw new IOException("not a class file");
            }
            in.readUnsignedShort();
            in.readUnsignedShort();
            int count = in.readUnsignedShort();
            pool = new Object[count];
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> pool[i] = in.readUTF();
                    case 3 -> pool[i] = in.readInt();
                    case 4 -> pool[i] = in.readFloat();
                    case 5, 6 -> {
                        in.readLong();
                        i++;
                    }
                    case 7, 8, 16, 19, 20 -> in.readUnsignedShort();
                    case 9, 10, 11, 12, 17, 18 -> in.readInt();
                    case 15 -> {
                        in.readUnsignedByte();
                        in.readUnsignedShort();
                    }
                    default -> throw new IOException("constant tag " + tag);
                }
            }
            in.readUnsignedShort();
            in.readUnsignedShort();
            in.readUnsignedShort();
            skip(in, 2 * in.readUnsignedShort());
            for (int members = 0; members < 2; members++) {
                int n = in.readUnsignedShort();
                for (int i = 0; i < n; i++) {
                    skip(in, 6);
                    skipAttributes(in);
                }
            }
            int attributes = in.readUnsignedShort();
            for (int i = 0; i < attributes; i++) {
                String name = (String) pool[in.readUnsignedShort()];
                int length = in.readInt();
                if ("RuntimeVisibleAnnotations".equals(name)) {
                    int n = in.readUnsignedShort();
                    for (int a = 0; a < n; a++) {
                        annotations.add(annotation(in));
                    }
                } else {
                    skip(in, length);
                }
            }
        }

        /** The class file of {@code name}, found as {@code type}'s loader finds classes, or null. */
        static ClassFile of(Class<?> type, String name) throws IOException {
            ClassLoader loader = type.getClassLoader();
            if (loader == null) {
                return null;
            }
            byte[] bytes;
            try (InputStream in = loader.getResourceAsStream(name.replace('.', '/') + ".class")) {
                if (in == null) {
                    return null;
                }
                bytes = in.readNBytes(MAX_BYTES + 1);
            }
            if (bytes.length > MAX_BYTES) {
                return null;
            }
            return new ClassFile(new DataInputStream(new ByteArrayInputStream(bytes)));
        }

        List<Annotation> annotations() {
            return annotations;
        }

        private Annotation annotation(DataInputStream in) throws IOException {
            Annotation a = new Annotation((String) pool[in.readUnsignedShort()]);
            int pairs = in.readUnsignedShort();
            for (int i = 0; i < pairs; i++) {
                a.names.add((String) pool[in.readUnsignedShort()]);
                a.values.add(value(in));
            }
            return a;
        }

        private Object value(DataInputStream in) throws IOException {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 'B', 'C', 'I', 'S', 'Z', 's', 'F' -> {
                    return pool[in.readUnsignedShort()];
                }
                case 'D', 'J', 'c' -> {
                    in.readUnsignedShort();
                    return tag;
                }
                case 'e' -> {
                    in.readInt();
                    return tag;
                }
                case '@' -> {
                    return annotation(in);
                }
                case '[' -> {
                    int n = in.readUnsignedShort();
                    List<Object> values = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        values.add(value(in));
                    }
                    return values;
                }
                default -> throw new IOException("element value tag " + tag);
            }
        }

        private static void skipAttributes(DataInputStream in) throws IOException {
            int n = in.readUnsignedShort();
            for (int i = 0; i < n; i++) {
                in.readUnsignedShort();
                skip(in, in.readInt());
            }
        }

        private static void skip(DataInputStream in, int n) throws IOException {
            if (n < 0 || in.skipBytes(n) != n) {
                throw new IOException("truncated");
            }
        }
    }
}
