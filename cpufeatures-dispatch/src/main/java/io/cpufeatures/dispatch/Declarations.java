package io.cpufeatures.dispatch;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;

/**
 * A candidate class's {@link Implementation} and {@link RequiresFeature} declarations (direct, repeated, and those of
 * its annotation types that carry {@link RequiresFeature}), read from the class file of the class that was defined
 * (JVMS 4.7.16, {@code RuntimeVisibleAnnotations}). It is the one reader of them: no annotation is read by reflection,
 * which would make a proxy class per annotation type, and with it the method-handle and proxy machinery, tens of
 * milliseconds in a cold JVM on the way of a point's first call.
 *
 * <p>The bytes read must be the defined class's own.
 * <ul>
 * <li>Where: the file is read from the code source the class was defined from
 * ({@code getProtectionDomain().getCodeSource()}, as its loader declared it): its directory, its archive (the entry
 * this JVM defines from, a multi-release archive's version too), its run-time image module. Not the first copy its
 * loader's resource lookup finds, which searches the parent loaders first (the JDK's image among them) and so finds
 * another copy first under a child-first loader. Only where the code source is none of these (a loader whose URLs
 * read archives as directories) is the file its module or loader finds ({@link Class#getResource}) read, and only if
 * it lies in that code source.</li>
 * <li>What: the file's class name, super class, interfaces and kind (class, interface, annotation, enum) must be the
 * defined class's, so a file changed since the class was loaded, or another class's bytes, is refused. Its fields and
 * methods are not compared: an agent may add some to the defined class (JaCoCo does), and listing them would link
 * their types (a Vector API class's, which may not link).</li>
 * </ul>
 *
 * <p>Any other outcome is an {@link IllegalArgumentException} of one line naming the class, what is wrong and what to
 * do: a hidden class; a class defined without a code source location, or from bytes its code source does not hold
 * (generated, defined in memory); a file that is not the defined class's; one larger than 1 MiB; a malformed one (an
 * unknown constant, an index to the wrong constant, an element of the wrong type, bytes missing); annotation values
 * nested more than {@value #MAX_DEPTH} deep (the parse counts its depth, and so never runs out of stack). Such a
 * candidate is declared in code instead, with
 * {@link Candidate#of(String, String, int, Requirements, java.util.function.Supplier)}. A class of the boot loader
 * declares nothing: it cannot see this library's annotation types. An annotation type that cannot be loaded is not
 * there, as for reflection. Not detected: a file rewritten in place after its class was loaded that keeps its name,
 * super class, interfaces and kind and changes only annotation values.
 *
 * <p>Written for a cold JVM: no lambda, stream, regular expression, reflection beyond {@link Class}'s getters, or
 * formatting. An instance is one parse of one class file.
 */
final class Declarations {

    private static final String IMPLEMENTATION = "Lio/cpufeatures/dispatch/Implementation;";
    private static final String REQUIRES = "Lio/cpufeatures/dispatch/RequiresFeature;";
    private static final String REQUIRES_ALL = "Lio/cpufeatures/dispatch/RequiresFeatures;";
    private static final String ANNOTATIONS = "RuntimeVisibleAnnotations";
    /** A class file read here is a candidate's or an annotation type's: kilobytes. */
    static final int MAX_BYTES = 1 << 20;
    /** How deep element values may nest; the annotations read here nest four levels. */
    static final int MAX_DEPTH = 32;
    /** The access flags that say what kind of type a class is: ACC_INTERFACE, ACC_ANNOTATION, ACC_ENUM. */
    private static final int KIND = 0x0200 | 0x2000 | 0x4000;
    private static final String DECLARE_IN_CODE = "declare it in code with Candidate.of(name, description, priority,"
            + " requirements, factory)";
    private static final Declared NOTHING = new Declared(false, null, "", 0, false, List.of());

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
     *                         annotation types carries, in the class file's order
     */
    record Declared(boolean implementation, String name, String description, int priority, boolean bestWhenEligible,
            List<Requires> requires) {
    }

    private final byte[] bytes;
    /** The class's name and the file's URL, for messages. */
    private final String subject;
    private final String where;
    private int pos;
    /** Each constant pool entry's tag, and where its contents begin; 0 for an index that is no entry. */
    private byte[] tags;
    private int[] offsets;

    private boolean implementation;
    private String name;
    private String description = "";
    private int priority;
    private boolean best;
    private final List<Requires> requires = new ArrayList<>();
    /** The other annotation types on the class, by binary name, but the JDK's. */
    private final List<String> others = new ArrayList<>();

    private Declarations(byte[] bytes, String subject, String where) {
        this.bytes = bytes;
        this.subject = subject;
        this.where = where;
    }

    /**
     * What {@code type} declares, read from its own class file.
     *
     * @param type the class; not null
     * @return its declarations, {@link Declared#implementation()} false without {@link Implementation}
     * @throws IllegalArgumentException in one line, when its class file or an annotation type's cannot be read as the
     *                                  defined class's own, or is malformed
     */
    static Declared read(Class<?> type) {
        Declarations d = of(type);
        if (d == null) {
            return NOTHING;
        }
        if (d.implementation && d.name == null) {
            throw new IllegalArgumentException(d.subject + ": its class file " + d.where + " has an @Implementation"
                    + " without a name, which javac does not write");
        }
        List<Requires> all = new ArrayList<>(d.requires);
        for (String other : d.others) {
            Class<?> at = annotationType(other, type.getClassLoader());
            Declarations meta;
            try {
                meta = at == null ? null : of(at);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(type.getName() + ": its annotation type " + e.getMessage(), e);
            }
            if (meta != null) {
                all.addAll(meta.requires);
            }
        }
        return new Declared(d.implementation, d.name, d.description, d.priority, d.best, List.copyOf(all));
    }

    /** The annotation type {@code name} as {@code loader} loads it (not initialised), or null where it is not there. */
    private static Class<?> annotationType(String name, ClassLoader loader) {
        try {
            Class<?> c = Class.forName(name, false, loader);
            return c.isAnnotation() ? c : null;
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    /** {@code type}'s class file, checked to be its own and parsed; null for a class of the boot loader. */
    private static Declarations of(Class<?> type) {
        String subject = type.getName();
        if (type.isHidden()) {
            throw new IllegalArgumentException(subject + ": a hidden class has no class file to read its @Implementation"
                    + " and @RequiresFeature from; " + DECLARE_IN_CODE);
        }
        ClassLoader loader = type.getClassLoader();
        if (loader == null) {
            if (Implementation.class.getClassLoader() != null) {
                return null;
            }
            throw new IllegalArgumentException(subject + ": a class of the boot loader, whose class files have no code"
                    + " source to be checked against; " + DECLARE_IN_CODE);
        }
        CodeSource source = type.getProtectionDomain().getCodeSource();
        URL location = source == null ? null : source.getLocation();
        if (location == null) {
            throw new IllegalArgumentException(subject + ": its loader (" + loader.getClass().getName() + ") defined it"
                    + " without a code source location, so no class file can be known to be the one it was defined"
                    + " from; define it with a ProtectionDomain whose CodeSource names where its bytes came from, or "
                    + DECLARE_IN_CODE);
        }
        String path = subject.replace('.', '/') + ".class";
        String root = normal(location.toString());
        URL url = null;
        byte[] bytes = null;
        IOException failed = null;
        try {
            url = new URL(inside(root, path));
            bytes = readAll(url);
        } catch (IOException e) {
            failed = e;
        }
        if (bytes == null) {
            // a code source that is no directory, archive or image module: the file its loader finds there
            URL found = type.getResource("/" + path);
            if (found == null || !lies(normal(found.toString()), root, path)) {
                throw new IllegalArgumentException(subject + ": " + location + ", where it was defined from, holds no "
                        + path + " (" + failed + ")" + (found == null ? ", nor does its loader find one"
                        : ", and its loader finds one outside it, at " + found) + "; a class defined from bytes of its"
                        + " own has no class file: " + DECLARE_IN_CODE);
            }
            url = found;
            try {
                bytes = readAll(url);
            } catch (IOException e) {
                throw new IllegalArgumentException(subject + ": its class file " + url + " cannot be read: " + e);
            }
        }
        String where = url.toString();
        if (where.endsWith("#runtime")) {
            where = where.substring(0, where.length() - "#runtime".length());
        }
        if (bytes.length > MAX_BYTES) {
            throw new IllegalArgumentException(subject + ": its class file " + where + " is larger than 1 MiB, which no"
                    + " candidate's is; it is not a class file as javac writes it");
        }
        Declarations d = new Declarations(bytes, subject, where);
        d.header(type);
        d.body();
        return d;
    }

    /** At most {@link #MAX_BYTES} and one more of what {@code url} holds. */
    private static byte[] readAll(URL url) throws IOException {
        try (InputStream in = url.openStream()) {
            return in.readNBytes(MAX_BYTES + 1);
        }
    }

    /** {@code url} with {@code file:///} written {@code file:/}: a class path's URLs have one form, a module's the other. */
    private static String normal(String url) {
        if (url.startsWith("file:///")) {
            return "file:/" + url.substring("file:///".length());
        }
        if (url.startsWith("jar:file:///")) {
            return "jar:file:/" + url.substring("jar:file:///".length());
        }
        return url;
    }

    /** Where the files of the code source at {@code root} begin: a directory's, an archive's or an image module's. */
    private static String base(String root) {
        if (root.endsWith("/")) {
            return root;
        }
        return root.startsWith("jrt:") ? root + "/" : "jar:" + root + "!/";
    }

    /**
     * The URL of {@code path} in the code source at {@code root}; in an archive, the entry this JVM defines classes
     * from ({@code #runtime}: a multi-release archive's version for this JVM, as the class path reads it).
     */
    private static String inside(String root, String path) {
        String base = base(root);
        return root.endsWith("/") || root.startsWith("jrt:") ? base + path : base + path + "#runtime";
    }

    /**
     * Whether {@code found} is {@code path} in the code source at {@code root}, in a multi-release archive's version
     * directory too, or below {@code root} as below a directory (a loader whose archives read as directories).
     */
    private static boolean lies(String found, String root, String path) {
        if (found.equals(root + "/" + path)) {
            return true;
        }
        String base = base(root);
        if (!found.startsWith(base) || !found.endsWith(path)) {
            return false;
        }
        int end = found.length() - path.length();
        if (end == base.length()) {
            return true;
        }
        String versions = "META-INF/versions/";
        if (!found.startsWith(versions, base.length()) || found.charAt(end - 1) != '/') {
            return false;
        }
        int digits = base.length() + versions.length();
        if (digits >= end - 1) {
            return false;
        }
        for (int i = digits; i < end - 1; i++) {
            if (found.charAt(i) < '0' || found.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** Reads up to the interfaces and checks them against {@code type}, the class that was defined. */
    private void header(Class<?> type) {
        if (bytes.length < 4 || u4() != 0xCAFEBABE) {
            throw malformed(0, "it does not begin with 0xCAFEBABE");
        }
        skip(4);
        int count = u2();
        tags = new byte[count];
        offsets = new int[count];
        for (int i = 1; i < count; i++) {
            int at = pos;
            int tag = u1();
            tags[i] = (byte) tag;
            offsets[i] = pos;
            switch (tag) {
                case 1 -> skip(u2());
                case 7, 8, 16, 19, 20 -> skip(2);
                case 15 -> skip(3);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> skip(4);
                case 5, 6 -> {
                    if (i + 1 >= count) {
                        throw malformed(at, "its last constant pool entry, " + i + ", is 8 bytes wide and has no second"
                                + " slot");
                    }
                    skip(8);
                    i++;
                }
                default -> throw malformed(at, "constant pool entry " + i + " has the unknown tag " + tag);
            }
        }
        int access = u2();
        String self = className(u2());
        String defined = type.getName().replace('.', '/');
        if (!self.equals(defined)) {
            throw notDefined("it holds the class " + self.replace('/', '.'));
        }
        int superIndex = u2();
        String sup = superIndex == 0 ? null : className(superIndex);
        Class<?> definedSuper = type.getSuperclass();
        String expected = type.isInterface() ? "java/lang/Object"
                : definedSuper == null ? null : definedSuper.getName().replace('.', '/');
        if (sup == null ? expected != null : !sup.equals(expected)) {
            throw notDefined("its super class is " + dotted(sup) + ", the defined class's is " + dotted(expected));
        }
        int n = u2();
        String[] interfaces = new String[n];
        Class<?>[] own = type.getInterfaces();
        boolean same = n == own.length;
        for (int i = 0; i < n; i++) {
            interfaces[i] = className(u2());
            same = same && interfaces[i].equals(own[i].getName().replace('.', '/'));
        }
        if (!same) {
            StringBuilder ours = new StringBuilder();
            for (Class<?> c : own) {
                ours.append(ours.length() == 0 ? "" : ", ").append(c.getName());
            }
            StringBuilder theirs = new StringBuilder();
            for (String s : interfaces) {
                theirs.append(theirs.length() == 0 ? "" : ", ").append(dotted(s));
            }
            throw notDefined("its interfaces are [" + theirs + "], the defined class's are [" + ours + "]");
        }
        if ((access & KIND) != (type.getModifiers() & KIND)) {
            throw notDefined("it is " + kind(access) + ", the defined class is " + kind(type.getModifiers()));
        }
    }

    private static String dotted(String internal) {
        return internal == null ? "none" : internal.replace('/', '.');
    }

    private static String kind(int flags) {
        return (flags & 0x2000) != 0 ? "an annotation type" : (flags & 0x0200) != 0 ? "an interface"
                : (flags & 0x4000) != 0 ? "an enum" : "a class";
    }

    /** Skips the fields and methods and reads the class's {@code RuntimeVisibleAnnotations}. */
    private void body() {
        for (int members = 0; members < 2; members++) {
            int n = u2();
            for (int i = 0; i < n; i++) {
                skip(6);
                int attributes = u2();
                for (int a = 0; a < attributes; a++) {
                    skip(2);
                    skip(length());
                }
            }
        }
        int attributes = u2();
        for (int a = 0; a < attributes; a++) {
            int nameIndex = u2();
            int length = length();
            int end = pos + length;
            if (is(nameIndex, ANNOTATIONS)) {
                int n = u2();
                for (int i = 0; i < n; i++) {
                    annotation();
                }
                if (pos != end) {
                    throw malformed("its " + ANNOTATIONS + " attribute says " + length + " bytes and holds "
                            + (pos - end + length));
                }
            } else {
                skip(length);
            }
        }
    }

    /** One annotation on the class: this library's are read, the others' types noted and their values skipped. */
    private void annotation() {
        int type = u2();
        if (is(type, IMPLEMENTATION)) {
            implementation();
        } else if (is(type, REQUIRES)) {
            requires.add(requiresFeature(1));
        } else if (is(type, REQUIRES_ALL)) {
            int pairs = u2();
            for (int i = 0; i < pairs; i++) {
                if (is(u2(), "value")) {
                    int n = arrayOf("@RequiresFeatures's value");
                    for (int k = 0; k < n; k++) {
                        int at = pos;
                        if (u1() != '@' || !is(u2(), REQUIRES)) {
                            throw malformed(at, "@RequiresFeatures's value holds something else than @RequiresFeature");
                        }
                        requires.add(requiresFeature(3));
                    }
                } else {
                    skipValue(1);
                }
            }
        } else {
            String descriptor = utf8(type);
            if (descriptor.length() < 3 || descriptor.charAt(0) != 'L' || descriptor.charAt(descriptor.length() - 1) != ';') {
                throw malformed("an annotation's type is '" + descriptor + "', not a class type");
            }
            String binary = descriptor.substring(1, descriptor.length() - 1).replace('/', '.');
            if (!binary.startsWith("java.") && !binary.startsWith("jdk.") && !binary.startsWith("javax.")) {
                others.add(binary);
            }
            skipPairs(1);
        }
    }

    private void implementation() {
        implementation = true;
        int pairs = u2();
        for (int i = 0; i < pairs; i++) {
            int element = u2();
            if (is(element, "name")) {
                name = string("@Implementation's name");
            } else if (is(element, "description")) {
                description = string("@Implementation's description");
            } else if (is(element, "priority")) {
                priority = integer('I', "@Implementation's priority", "an int");
            } else if (is(element, "bestWhenEligible")) {
                best = integer('Z', "@Implementation's bestWhenEligible", "a boolean") != 0;
            } else {
                skipValue(1);
            }
        }
    }

    /** A {@link RequiresFeature}'s element-value pairs, its type read, the values at {@code depth}. */
    private Requires requiresFeature(int depth) {
        List<String> value = List.of();
        List<String> anyOf = List.of();
        List<String> absent = List.of();
        int pairs = u2();
        for (int i = 0; i < pairs; i++) {
            int element = u2();
            if (is(element, "value")) {
                value = strings("@RequiresFeature's value");
            } else if (is(element, "anyOf")) {
                anyOf = strings("@RequiresFeature's anyOf");
            } else if (is(element, "absent")) {
                absent = strings("@RequiresFeature's absent");
            } else {
                skipValue(depth);
            }
        }
        return new Requires(value, anyOf, absent);
    }

    private String string(String what) {
        int at = pos;
        int tag = u1();
        if (tag != 's') {
            throw malformed(at, what + " is not a string (element value tag " + tag(tag) + ")");
        }
        return utf8(u2());
    }

    private int integer(int expected, String what, String type) {
        int at = pos;
        int tag = u1();
        int index = u2();
        if (tag != expected || !entry(index, 3)) {
            throw malformed(at, what + " is not " + type + " (element value tag " + tag(tag) + ", constant " + index + ")");
        }
        int o = offsets[index];
        return (bytes[o] & 0xff) << 24 | (bytes[o + 1] & 0xff) << 16 | (bytes[o + 2] & 0xff) << 8 | bytes[o + 3] & 0xff;
    }

    private List<String> strings(String what) {
        int n = arrayOf(what);
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(string(what + "[" + i + "]"));
        }
        return List.copyOf(out);
    }

    /** Reads an array's tag and length. */
    private int arrayOf(String what) {
        int at = pos;
        int tag = u1();
        if (tag != '[') {
            throw malformed(at, what + " is not an array (element value tag " + tag(tag) + ")");
        }
        return u2();
    }

    /** Skips an annotation's element-value pairs, its type read, the values at {@code depth}. */
    private void skipPairs(int depth) {
        int pairs = u2();
        for (int i = 0; i < pairs; i++) {
            utf8(u2());
            skipValue(depth);
        }
    }

    /** Skips one element value nested {@code depth} deep, refusing one deeper than {@link #MAX_DEPTH}. */
    private void skipValue(int depth) {
        int at = pos;
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException(subject + ": its class file " + where + " nests annotation values more"
                    + " than " + MAX_DEPTH + " deep (at byte " + at + "), which no class file javac writes does; it is"
                    + " not read further");
        }
        int tag = u1();
        switch (tag) {
            case 'B', 'C', 'I', 'S', 'Z', 'F', 'D', 'J', 's', 'c' -> constant(u2(), at);
            case 'e' -> {
                constant(u2(), at);
                constant(u2(), at);
            }
            case '@' -> {
                utf8(u2());
                skipPairs(depth + 1);
            }
            case '[' -> {
                int n = u2();
                for (int i = 0; i < n; i++) {
                    skipValue(depth + 1);
                }
            }
            default -> throw malformed(at, "an element value has the unknown tag " + tag(tag));
        }
    }

    /** An element value's tag as JVMS 4.7.16.1 writes it ({@code 's'}), or its number where it is no printable one. */
    private static String tag(int tag) {
        return tag > ' ' && tag < 0x7f ? "'" + (char) tag + "'" : Integer.toString(tag);
    }

    /** Checks that {@code index} names a constant pool entry. */
    private void constant(int index, int at) {
        if (index <= 0 || index >= tags.length || tags[index] == 0) {
            throw malformed(at, "an element value names constant " + index + ", which is no constant pool entry");
        }
    }

    private boolean entry(int index, int tag) {
        return index > 0 && index < tags.length && tags[index] == tag;
    }

    /** The class name (internal form) of the CONSTANT_Class at {@code index}. */
    private String className(int index) {
        if (!entry(index, 7)) {
            throw malformed("constant " + index + " is not a class");
        }
        int o = offsets[index];
        return utf8((bytes[o] & 0xff) << 8 | bytes[o + 1] & 0xff);
    }

    /** Whether the CONSTANT_Utf8 at {@code index} is {@code ascii}, compared byte by byte. */
    private boolean is(int index, String ascii) {
        if (!entry(index, 1)) {
            throw malformed("constant " + index + " is not a UTF-8 constant");
        }
        int o = offsets[index];
        int length = (bytes[o] & 0xff) << 8 | bytes[o + 1] & 0xff;
        if (length != ascii.length()) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (bytes[o + 2 + i] != ascii.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The CONSTANT_Utf8 at {@code index}, decoded (JVMS 4.4.7's modified UTF-8). */
    private String utf8(int index) {
        if (!entry(index, 1)) {
            throw malformed("constant " + index + " is not a UTF-8 constant");
        }
        int o = offsets[index];
        int end = o + 2 + ((bytes[o] & 0xff) << 8 | bytes[o + 1] & 0xff);
        char[] chars = new char[end - o - 2];
        int n = 0;
        for (int i = o + 2; i < end; i++) {
            int b = bytes[i] & 0xff;
            if (b >= 0x01 && b < 0x80) {
                chars[n++] = (char) b;
            } else if ((b & 0xe0) == 0xc0 && i + 1 < end && (bytes[i + 1] & 0xc0) == 0x80) {
                chars[n++] = (char) ((b & 0x1f) << 6 | bytes[++i] & 0x3f);
            } else if ((b & 0xf0) == 0xe0 && i + 2 < end && (bytes[i + 1] & 0xc0) == 0x80
                    && (bytes[i + 2] & 0xc0) == 0x80) {
                chars[n++] = (char) ((b & 0x0f) << 12 | (bytes[i + 1] & 0x3f) << 6 | bytes[i + 2] & 0x3f);
                i += 2;
            } else {
                throw malformed(i, "constant " + index + " is not modified UTF-8");
            }
        }
        return new String(chars, 0, n);
    }

    private int u1() {
        need(1);
        return bytes[pos++] & 0xff;
    }

    private int u2() {
        need(2);
        int v = (bytes[pos] & 0xff) << 8 | bytes[pos + 1] & 0xff;
        pos += 2;
        return v;
    }

    private int u4() {
        need(4);
        int v = (bytes[pos] & 0xff) << 24 | (bytes[pos + 1] & 0xff) << 16 | (bytes[pos + 2] & 0xff) << 8
                | bytes[pos + 3] & 0xff;
        pos += 4;
        return v;
    }

    /** An attribute's length, which must fit in what is left. */
    private int length() {
        int at = pos;
        int length = u4();
        if (length < 0 || length > bytes.length - pos) {
            throw malformed(at, "an attribute says it is " + Integer.toUnsignedString(length) + " bytes long, and "
                    + (bytes.length - pos) + " are left");
        }
        return length;
    }

    private void skip(int n) {
        need(n);
        pos += n;
    }

    private void need(int n) {
        if (n > bytes.length - pos) {
            throw malformed("it ends at byte " + bytes.length + ", where " + n + " more were expected");
        }
    }

    private IllegalArgumentException malformed(String what) {
        return malformed(pos, what);
    }

    private IllegalArgumentException malformed(int at, String what) {
        return new IllegalArgumentException(subject + ": its class file " + where + " is malformed at byte " + at + ": "
                + what + "; a class file as javac writes it is read");
    }

    private IllegalArgumentException notDefined(String what) {
        return new IllegalArgumentException(subject + ": its class file " + where + " is not the class that was"
                + " defined: " + what + "; it changed after the class was loaded (restart the JVM), or its loader finds"
                + " another class's file (fix the loader, or " + DECLARE_IN_CODE + ")");
    }
}
