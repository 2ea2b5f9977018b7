package io.cpufeatures.os;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * JNA, used only with a native library this process has verified. JNA's {@code com.sun.jna.Native} loads its own
 * library ({@code libjnidispatch}) when it is initialised, and by default unpacks it from its jar into
 * {@code $XDG_CACHE_HOME/JNA/temp} (or {@code ~/.cache/JNA/temp}) and loads it from there by path, unchecked: a
 * directory another user may be able to write ({@code XDG_CACHE_HOME=/tmp}, a world-writable {@code ~/.cache}).
 * So, before any JNA class is initialised, {@link #require()} does one of these, once per process:
 *
 * <ul>
 *   <li><b>The usual case:</b> JNA's library is read from JNA's own jar, placed by the per-user {@link NativeCache}
 *       (the checks of the probe library: a directory of this user's closed to others, the cached file compared with
 *       the jar's bytes) and loaded from the cache's entry directory through JNA's {@code jna.boot.library.path},
 *       with its unpacking and its class-path search off ({@code jna.nounpack}, {@code jna.noclasspath}; JNA's
 *       {@code Native} javadoc, "Library Loading"). The settings are put back once {@code Native} is initialised, as only its initialiser
 *       reads them.</li>
 *   <li><b>The user configured JNA</b> (any of {@link #SETTINGS} set): the directory JNA will load its library from,
 *       or unpack it to, is checked with the cache's path-safety rules ({@link PathSafety}), and JNA then loads as
 *       configured.</li>
 *   <li><b>JNA was initialised already</b> (by the application): the library it loaded ({@code jnidispatch.path}) and
 *       its directory are checked the same way.</li>
 * </ul>
 *
 * Where a check fails, or the cache refuses, JNA is not used in this process: {@link #require()} throws the reason
 * in one line naming the directory, every caller's non-JNA source answers instead, and the caller's one WARN line says
 * it. Every use of JNA in the library goes through here: {@link ProcessSymbols} refuses its lookups, and no class of
 * JNA is initialised, while JNA is refused.
 *
 * <p><b>JNA is optional</b> ({@code requires static com.sun.jna}, an optional Maven dependency): on Linux the first
 * answer loads none of it, and an application adds it only for what needs it (macOS, Windows on Arm, FreeBSD, arm64's
 * ID registers and SVE length, x86's stub page where the probe library is refused, JNA-bound native variants). Where
 * it is absent, not on the class path, or on the module path but not resolved (a static dependence does not resolve
 * it), the refusal says so and names the dependency to add ({@link #ARTIFACT}), and is found without loading any class
 * ({@link #absence}): every caller falls back to its next source, and one WARN line per process says it.
 */
public final class Jna {

    /** The class whose initialiser loads JNA's library. */
    static final String NATIVE_CLASS = "com.sun.jna.Native";
    /** The system properties through which a user configures where JNA's library comes from (JNA's Native javadoc). */
    static final String[] SETTINGS = {"jna.boot.library.path", "jna.boot.library.name", "jna.nosys",
        "jna.noclasspath", "jna.nounpack", "jna.tmpdir"};
    /** What JNA sets to the library's path just before it loads it. */
    static final String LOADED_PATH = "jnidispatch.path";
    /** The JNA release the library is built and tested with: the root pom's {@code jna.version} (a test compares). */
    public static final String VERSION = "5.19.1";
    /** The dependency to add where JNA is wanted, as Maven coordinates. */
    public static final String ARTIFACT = "net.java.dev.jna:jna:" + VERSION;
    /** JNA's module name: its jar's {@code Automatic-Module-Name}. */
    public static final String MODULE = "com.sun.jna";
    /** JNA's class file of {@link #NATIVE_CLASS}, looked up as a resource: a presence check that loads no class. */
    private static final String NATIVE_CLASS_FILE = "com/sun/jna/Native.class";

    private Jna() {
    }

    /**
     * Makes JNA usable with a verified library, on the first call of the process; later calls answer the same.
     *
     * @throws NativeProbeException why JNA is not used in this process, in one line naming the directory or the cause
     */
    public static void require() throws NativeProbeException {
        String why = Once.REFUSAL;
        if (why != null) {
            throw new NativeProbeException(why);
        }
    }

    /** {@return why JNA is not used in this process, or null when it is usable ({@link #require()})} */
    public static String refusal() {
        return Once.REFUSAL;
    }

    /** The decision, made when first asked (the class-holder idiom: once, thread-safe). */
    private static final class Once {
        static final String REFUSAL = refusal(prepare(System.getProperties(), System.getenv(),
                OperatingSystem.current(), PathSafety.forThisProcess()));

        private static String refusal(String why) {
            if (why != null) {
                NativeRefusals.met(why);
            }
            return why;
        }
    }

    /**
     * Why this process has no JNA for the library, or null when JNA's classes can be reached: found without loading or
     * initialising any class, so a caller may ask before it links code that names JNA's types.
     *
     * @param self   the module of the library's code ({@code io.cpufeatures.os} on the module path, else unnamed)
     * @param loader the loader of the library's code
     * @return the refusal naming {@link #ARTIFACT}, or null
     */
    static String absence(Module self, ClassLoader loader) {
        if (self.isNamed()) {
            ModuleLayer layer = self.getLayer();
            Optional<Module> jna = layer == null ? Optional.empty() : layer.findModule(MODULE);
            if (jna.isEmpty()) {
                return "JNA is not in the module graph: io.cpufeatures.os requires it static (optional), so add " + ARTIFACT
                        + " to the module path and resolve it (--add-modules " + MODULE + ", or requires " + MODULE
                        + " in the application's module) where JNA is wanted";
            }
            if (!self.canRead(jna.get())) {
                self.addReads(jna.get());
            }
            return null;
        }
        if (loader == null ? ClassLoader.getSystemResource(NATIVE_CLASS_FILE) == null
                : loader.getResource(NATIVE_CLASS_FILE) == null) {
            return "JNA is not on the class path: it is an optional dependency, so add " + ARTIFACT
                    + " where JNA is wanted";
        }
        return null;
    }

    /**
     * {@return whether JNA is absent from this process (not on the class path, or not resolved on the module path)}
     * Loads no class of JNA; says nothing of whether JNA would load ({@link #refusal()} does).
     */
    public static boolean absent() {
        return absence(Jna.class.getModule(), Jna.class.getClassLoader()) != null;
    }

    private static String prepare(Properties properties, Map<String, String> env, OperatingSystem os,
            PathSafety safety) {
        ClassLoader loader = Jna.class.getClassLoader();
        String absent = absence(Jna.class.getModule(), loader);
        if (absent != null) {
            return absent;
        }
        Class<?> nativeClass;
        try {
            // not initialised: that would load JNA's library
            nativeClass = Class.forName(NATIVE_CLASS, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return "JNA's classes cannot be loaded (" + e + "): add " + ARTIFACT + " where JNA is wanted";
        }
        String fileName = System.mapLibraryName("jnidispatch").replace(".dylib", ".jnilib");
        String loaded = properties.getProperty(LOADED_PATH);
        if (loaded != null || "true".equals(properties.getProperty("jna.loaded"))) {
            return loadedRefusal(loaded, properties, fileName, safety);
        }
        if (configured(properties)) {
            String why = configuredRefusal(properties, env, os, fileName, safety);
            return why != null ? why : initialise(nativeClass);
        }
        String prefix = resourcePrefix(os, JvmArch.current());
        if (prefix == null) {
            return "JNA's native library for " + OperatingSystem.osName() + " on " + JvmArch.osArch()
                    + " is not one this library places; JNA is not used";
        }
        String resource = "com/sun/jna/" + prefix + "/" + fileName;
        byte[] bytes;
        try (InputStream in = nativeClass.getClassLoader() == null ? null
                : nativeClass.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                return "JNA's jar has no " + resource + "; JNA is not used";
            }
            bytes = in.readNBytes(NativeCache.MAX_BYTES + 1);
        } catch (IOException e) {
            return "JNA's " + resource + " cannot be read from its jar: " + e.getMessage() + "; JNA is not used";
        }
        if (bytes.length > NativeCache.MAX_BYTES) {
            return "JNA's " + resource + " is larger than " + (NativeCache.MAX_BYTES >> 20) + " MiB; JNA is not used";
        }
        NativeCache.Prepared placed;
        try {
            placed = NativeLibraries.place(fileName, bytes);
        } catch (NativeLoadException e) {
            return e.getMessage();
        }
        try (NativeCache.Prepared p = placed) {
            String dir = p.path().getParent().toString();
            String[] saved = new String[SETTINGS.length];
            for (int i = 0; i < SETTINGS.length; i++) {
                saved[i] = properties.getProperty(SETTINGS[i]);
            }
            properties.setProperty("jna.boot.library.path", dir);
            properties.setProperty("jna.nosys", "true");
            properties.setProperty("jna.noclasspath", "true");
            properties.setProperty("jna.nounpack", "true");
            String why;
            try {
                Throwable failed = failure(nativeClass);
                // a cached library that cannot be mapped: the cache's noexec mount, said as the cache says it
                NativeLoadException cause = failed == null ? null : NativeLibraries.unmappable(p, failed);
                why = failed == null ? null : cause != null ? cause.getMessage()
                        : "JNA could not load: " + describe(failed);
            } finally {
                for (int i = 0; i < SETTINGS.length; i++) {
                    if (saved[i] == null) {
                        properties.remove(SETTINGS[i]);
                    } else {
                        properties.setProperty(SETTINGS[i], saved[i]);
                    }
                }
            }
            String used = properties.getProperty(LOADED_PATH);
            if (why == null && used != null && !used.equals(p.path().toString())) {
                // initialised meanwhile by another thread of the application, from elsewhere
                return loadedRefusal(used, properties, fileName, safety);
            }
            return why;
        }
    }

    /** Whether the user set any of JNA's loading settings. */
    static boolean configured(Properties properties) {
        for (String s : SETTINGS) {
            if (properties.getProperty(s) != null) {
                return true;
            }
        }
        return false;
    }

    /** Initialises JNA's {@code Native}, which loads its library; {@return why that failed, or null} */
    private static String initialise(Class<?> nativeClass) {
        Throwable e = failure(nativeClass);
        return e == null ? null : "JNA could not load: " + describe(e);
    }

    /** Initialises JNA's {@code Native}, which loads its library; {@return the failure, or null} */
    private static Throwable failure(Class<?> nativeClass) {
        try {
            Class.forName(nativeClass.getName(), true, nativeClass.getClassLoader());
            return null;
        } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
            return e;
        }
    }

    /**
     * Why the library JNA loaded before this library asked (at {@code path}, or found on {@code java.library.path}
     * when JNA gives no path) is not safe to rely on, or null.
     */
    static String loadedRefusal(String path, Properties properties, String fileName, PathSafety safety) {
        Path file = path != null ? NativeCache.absolute(path) : onLibraryPath(properties, fileName);
        if (file == null) {
            return "JNA was initialised before this library asked, from a library it cannot locate ("
                    + LOADED_PATH + "=" + path + "); JNA is not used";
        }
        String why = unsafe(file.getParent(), file, safety);
        return why == null ? null : "JNA is not used: this process loaded its native library from " + file
                + ", which others can change: " + why;
    }

    /**
     * Why the directory JNA will load its library from, or unpack it to, as the user configured it, is not safe, or
     * null. JNA's order (its {@code Native.loadNativeDispatchLibrary}): each directory of
     * {@code jna.boot.library.path} holding the file; then {@code java.library.path} unless {@code jna.nosys} is
     * true (its default); then its jar, unpacked into {@code jna.tmpdir} or its per-user default, unless
     * {@code jna.noclasspath} or {@code jna.nounpack} is true.
     */
    static String configuredRefusal(Properties properties, Map<String, String> env, OperatingSystem os,
            String fileName, PathSafety safety) {
        String name = properties.getProperty("jna.boot.library.name");
        String file = name == null ? fileName : System.mapLibraryName(name).replace(".dylib", ".jnilib");
        String boot = properties.getProperty("jna.boot.library.path");
        if (boot != null) {
            for (String d : boot.split(File.pathSeparator)) {
                Path dir = NativeCache.absolute(d);
                if (dir != null && dir.resolve(file).toFile().exists()) {
                    return configuredUnsafe(dir, dir.resolve(file), "load its native library from " + dir
                            + " (jna.boot.library.path)", safety);
                }
            }
        }
        if (!Boolean.parseBoolean(properties.getProperty("jna.nosys", "true"))) {
            Path found = onLibraryPath(properties, file);
            if (found != null) {
                return configuredUnsafe(found.getParent(), found, "load its native library from "
                        + found.getParent() + " (java.library.path, as jna.nosys=false asks)", safety);
            }
        }
        if (Boolean.parseBoolean(properties.getProperty("jna.noclasspath"))
                || Boolean.parseBoolean(properties.getProperty("jna.nounpack"))) {
            return null; // JNA fails to load, and says so: nothing is unpacked
        }
        Path unpack = unpackDirectory(properties, env, os);
        if (unpack == null) {
            return "JNA is not used: the directory it would unpack its native library to is not an absolute path"
                    + " (jna.tmpdir, XDG_CACHE_HOME or user.home); set jna.tmpdir to a directory of this user's";
        }
        return configuredUnsafe(unpack, null, "unpack its native library into " + unpack + " and load it from there ("
                + (properties.getProperty("jna.tmpdir") != null ? "jna.tmpdir" : "JNA's default") + ")", safety);
    }

    private static String configuredUnsafe(Path dir, Path file, String wouldDo, PathSafety safety) {
        String why = unsafe(dir, file, safety);
        return why == null ? null : "JNA is not used: as configured, it would " + wouldDo + ", which is not safe: "
                + why + "; configure JNA with a directory of this user's closed to others";
    }

    /** Why {@code dir} (and {@code file} in it, if not null) could be changed by another user, or null. */
    private static String unsafe(Path dir, Path file, PathSafety safety) {
        try {
            String why = safety.unsafeDirectoryChain(dir);
            if (why == null && file != null) {
                why = safety.unsafeFile(file);
            }
            return why;
        } catch (IOException e) {
            return dir + " cannot be checked: " + e.getMessage();
        }
    }

    /** JNA's unpacking directory: {@code jna.tmpdir}, else its per-user default (its {@code Native.getTempDir}). */
    static Path unpackDirectory(Properties properties, Map<String, String> env, OperatingSystem os) {
        String tmpdir = properties.getProperty("jna.tmpdir");
        if (tmpdir != null) {
            return NativeCache.absolute(tmpdir);
        }
        Path home = NativeCache.absolute(properties.getProperty("user.home", ""));
        switch (os) {
            case MACOS:
                return home == null ? null : home.resolve("Library/Caches/JNA/temp");
            case WINDOWS:
                Path tmp = NativeCache.absolute(properties.getProperty("java.io.tmpdir", ""));
                return tmp == null ? null
                        : tmp.resolve("jna-" + properties.getProperty("user.name", "").hashCode());
            default:
                String xdg = env.get("XDG_CACHE_HOME");
                Path base = xdg != null && !xdg.trim().isEmpty() ? NativeCache.absolute(xdg)
                        : home == null ? null : home.resolve(".cache");
                return base == null ? null : base.resolve("JNA/temp");
        }
    }

    /** The first {@code file} in a directory of {@code java.library.path}, or null. */
    private static Path onLibraryPath(Properties properties, String file) {
        for (String d : properties.getProperty("java.library.path", "").split(File.pathSeparator)) {
            Path dir = NativeCache.absolute(d);
            if (dir != null && dir.resolve(file).toFile().exists()) {
                return dir.resolve(file);
            }
        }
        return null;
    }

    /**
     * The directory name of JNA's library in its jar for this platform ({@code Platform.RESOURCE_PREFIX}), or null
     * for a platform this library does not place it on.
     */
    static String resourcePrefix(OperatingSystem os, String architecture) {
        String arch = switch (architecture) {
            case "x86_64" -> "x86-64";
            case "aarch64" -> "aarch64";
            case "ppc64le" -> "ppc64le";
            default -> null;
        };
        String system = switch (os) {
            case LINUX -> "linux";
            case MACOS -> "darwin";
            case WINDOWS -> "win32";
            case FREEBSD -> "freebsd";
            default -> null;
        };
        // JNA's jar has ppc64le for Linux only
        return arch == null || system == null || arch.equals("ppc64le") && os != OperatingSystem.LINUX
                ? null : system + "-" + arch;
    }

    /**
     * A failure to load native code in one line: a class whose initialiser failed hides the cause behind
     * {@code ExceptionInInitializerError} (and later {@code NoClassDefFoundError}), so the deepest cause is named,
     * with the flag to add if the JVM refused native access (JDK 24 and later, JEP 472).
     *
     * @param e the failure; not null
     * @return the description
     */
    public static String describe(Throwable e) {
        Throwable root = e;
        for (int depth = 0; root.getCause() != null && root.getCause() != root && depth < 16; depth++) {
            root = root.getCause();
        }
        String text = root == e ? e.toString() : e.getClass().getName() + " caused by " + root;
        if (NativeAccessDenial.isDenial(e)) {
            text += "; this JVM refuses native access to JNA: start it with --enable-native-access=ALL-UNNAMED"
                    + " (class path) or --enable-native-access=com.sun.jna (module path)";
        }
        return text;
    }
}
