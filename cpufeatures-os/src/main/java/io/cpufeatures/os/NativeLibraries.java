package io.cpufeatures.os;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The steps between a manifest's entry ({@link NativeManifest}) and a file a loader may bind, the same for the x86
 * probe library and dispatch's native variants: the entry is built for this process's platform, its bytes are read
 * from the class path (at most {@link NativeCache#MAX_BYTES}), hash to the manifest's SHA-256 where asked, pass the
 * caller's own check, and are placed by the per-user {@link NativeCache} where nobody else can change them. Binding
 * the file ({@code System.load}, JNA, the FFM linker) is the caller's: a restricted method is the caller module's to
 * call, so that enabling native access for that module is enough.
 *
 * <p>A cause no library escapes (the cache directory unsafe, on a {@code noexec} mount, refusing writes) is kept by
 * directory: every later library of the process is refused with it, and nothing more is read or written there. A
 * {@code noexec} mount is found before a library is written there, or, for a library the cache held already, from the
 * load's failure ({@link #unmappable}), and kept the same way.
 */
public final class NativeLibraries {

    /** Causes no library escapes, by cache directory. */
    private static final Map<String, String> DEAD = new ConcurrentHashMap<>();

    private NativeLibraries() {
    }

    /** Opens a library's bytes on the class path. */
    public interface Resource {

        /**
         * Opens the bytes.
         *
         * @return the stream, or null when the file is not on the class path
         * @throws IOException when it cannot be opened
         */
        InputStream open() throws IOException;
    }

    /** A further check of a library's bytes before they are placed (dispatch: its ELF note against its needs). */
    public interface Check {

        /**
         * Checks {@code bytes}.
         *
         * @param bytes the library's bytes, verified against the manifest where asked
         * @return why they are refused, in one line, or null
         */
        String refusal(byte[] bytes);
    }

    /**
     * Places the library of {@code entry} for loading.
     *
     * @param entry    the manifest's entry; not null
     * @param manifest the manifest's name, for messages; not null
     * @param resource opens the library's bytes; not null
     * @param hash     whether to compute the bytes' SHA-256 and compare it with the manifest's ({@code false} where the
     *                 bytes and the manifest are one jar's own resources, and the first answer must not initialise
     *                 {@code java.security}: the cache still compares the placed file with these bytes)
     * @param check    a further check of the bytes, or null
     * @return the file to bind: the cache's entry, compared with the bytes; closing it releases nothing
     * @throws NativeLoadException why it is not placed, in one line
     */
    public static NativeCache.Prepared place(NativeManifest.Entry entry, String manifest, Resource resource,
            boolean hash, Check check) throws NativeLoadException {
        return place(entry, manifest, null, null, Objects.requireNonNull(resource, "resource"), hash, check);
    }

    /**
     * Places the library of {@code entry}, read as {@code owner}'s resource {@code name}, for loading: as
     * {@link #place(NativeManifest.Entry, String, Resource, boolean, Check)}, with no object to open it (the x86
     * first answer's way: one class fewer on a cold JVM's path).
     *
     * @param entry    the manifest's entry; not null
     * @param manifest the manifest's name, for messages; not null
     * @param owner    the class whose {@link Class#getResourceAsStream} finds the library; not null
     * @param name     the library's resource name, absolute ({@code /io/...}); not null
     * @param hash     whether to compare the bytes' SHA-256 with the manifest's
     * @param check    a further check of the bytes, or null
     * @return the file to bind: the cache's entry, compared with the bytes; closing it releases nothing
     * @throws NativeLoadException why it is not placed, in one line
     */
    public static NativeCache.Prepared place(NativeManifest.Entry entry, String manifest, Class<?> owner, String name,
            boolean hash, Check check) throws NativeLoadException {
        return place(entry, manifest, Objects.requireNonNull(owner, "owner"), Objects.requireNonNull(name, "name"), null,
                hash, check);
    }

    private static NativeCache.Prepared place(NativeManifest.Entry entry, String manifest, Class<?> owner, String name,
            Resource resource, boolean hash, Check check) throws NativeLoadException {
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(manifest, "manifest");
        String here = NativePlatform.current();
        if (!entry.platform().equals(here)) {
            throw new NativeLoadException("built for " + entry.platform() + "; this process is " + here, false);
        }
        NativeCache cache = NativeCache.forUser(System.getenv());
        refuseIfDead(cache);
        byte[] bytes = read(entry, manifest, owner, name, resource);
        if (hash) {
            String actual = Digest.sha256(bytes);
            if (!actual.equals(entry.sha256())) {
                throw new NativeLoadException(entry.path() + ": its SHA-256 is " + actual + ", the manifest says "
                        + entry.sha256() + "; not loaded (a damaged jar, or a file replaced on the class path)", false);
            }
        }
        if (check != null) {
            String refusal = check.refusal(bytes);
            if (refusal != null) {
                throw new NativeLoadException(refusal, false);
            }
        }
        return prepare(cache, entry.sha256(), entry.file(), bytes);
    }

    /**
     * Places {@code bytes}, a library another jar of this process's class path carries (JNA's own, {@link Jna}), for
     * loading as {@code fileName}: no manifest names them, so they are named in the cache by their SHA-256, computed
     * here; the cache compares the placed file with them.
     *
     * @param fileName the file's name, as the loader will look for it; a plain name
     * @param bytes    the library's bytes, at most {@link NativeCache#MAX_BYTES}
     * @return the file to bind: the cache's entry, compared with the bytes; closing it releases nothing
     * @throws NativeLoadException why it is not placed, in one line
     */
    public static NativeCache.Prepared place(String fileName, byte[] bytes) throws NativeLoadException {
        NativeCache cache = NativeCache.forUser(System.getenv());
        refuseIfDead(cache);
        return prepare(cache, Digest.sha256(bytes), fileName, bytes);
    }

    /**
     * Why binding a placed library failed, where the cause is the cache's (its directory now on a {@code noexec}
     * mount, which the cache learns from the failure, not from reading the mount table on every load): the refusal a
     * cache found on that mount gives, kept for every later library of the process like one met before placing.
     *
     * @param placed  what {@code place} gave; not null
     * @param failure the loader's error ({@code System.load}'s {@link UnsatisfiedLinkError}, JNA's); not null
     * @return the refusal, or null when the failure is not the cache's (the caller says it as the library's own)
     */
    public static NativeLoadException unmappable(NativeCache.Prepared placed, Throwable failure) {
        Objects.requireNonNull(placed, "placed");
        Throwable t = failure;
        for (int depth = 0; t != null && depth < 16; depth++, t = t.getCause()) {
            NativeCacheException e = placed.unmappable(t.getMessage());
            if (e != null) {
                NativeRefusals.met(e.getMessage());
                DEAD.putIfAbsent(placed.cacheDirectory().toString(), e.getMessage());
                return new NativeLoadException(e.getMessage(), true);
            }
        }
        return null;
    }

    /** Refuses at once where {@code cache}'s directory met a cause no library escapes. */
    private static void refuseIfDead(NativeCache cache) throws NativeLoadException {
        // a configuration that gives no directory is refused at once, with nothing written: no need to keep it
        String dead = cache.directory() == null ? null : DEAD.get(cache.directory().toString());
        if (dead != null) {
            throw new NativeLoadException(dead, true);
        }
    }

    private static NativeCache.Prepared prepare(NativeCache cache, String sha256, String fileName, byte[] bytes)
            throws NativeLoadException {
        try {
            return cache.prepare(sha256, fileName, bytes);
        } catch (NativeCacheException e) {
            if (e.everyLibrary()) {
                NativeRefusals.met(e.getMessage());
                if (cache.directory() != null) {
                    DEAD.putIfAbsent(cache.directory().toString(), e.getMessage());
                }
            }
            throw new NativeLoadException(e.getMessage(), e.everyLibrary());
        }
    }

    /** The library's bytes from the class path, no more than the cache hands out. */
    private static byte[] read(NativeManifest.Entry entry, String manifest, Class<?> owner, String name,
            Resource resource) throws NativeLoadException {
        byte[] bytes;
        try {
            if (resource != null) {
                try (InputStream in = resource.open()) {
                    bytes = in == null ? null : in.readNBytes(NativeCache.MAX_BYTES + 1);
                }
            } else {
                bytes = ownResource(owner, name, NativeCache.MAX_BYTES);
            }
            if (bytes == null) {
                throw new NativeLoadException(entry.path() + " is not on the class path beside " + manifest, false);
            }
        } catch (IOException e) {
            throw new NativeLoadException(entry.path() + " cannot be read from the class path: " + e.getMessage(), false);
        }
        if (bytes.length > NativeCache.MAX_BYTES) {
            throw new NativeLoadException(entry.path() + " is larger than " + (NativeCache.MAX_BYTES >> 20)
                    + " MiB; a native library is not", false);
        }
        return bytes;
    }

    /**
     * {@code owner}'s resource {@code name}, read from the jar or directory {@code owner} was loaded from: the same
     * bytes {@link Class#getResourceAsStream} gives where no earlier entry of the class path shadows them, through
     * {@link ZipFile}, whose open jar the class loader already shares, rather than a {@code jar:} URL's connection (a
     * dozen classes more on a cold JVM, and most of a resource lookup's 4-12 ms there). Where {@code owner} came from
     * neither (a runtime image, a loader of its own), or its code source has no such file, as
     * {@link Class#getResourceAsStream}.
     *
     * @param owner the class whose jar or directory holds the resource; not null
     * @param name  the resource's absolute name ({@code /io/...}); not null
     * @param max   the most bytes wanted: one more is read, so that the caller can tell a larger resource
     * @return at most {@code max + 1} bytes, or null when there is no such resource
     * @throws IOException when it cannot be read
     */
    public static byte[] ownResource(Class<?> owner, String name, int max) throws IOException {
        Objects.requireNonNull(owner, "owner");
        if (!Objects.requireNonNull(name, "name").startsWith("/")) {
            throw new IllegalArgumentException("'" + name + "' is not an absolute resource name");
        }
        Path from = codeSource(owner);
        if (from != null) {
            String entry = name.substring(1);
            if (Files.isDirectory(from)) {
                Path file = from.resolve(entry);
                if (Files.isRegularFile(file)) {
                    try (InputStream in = new FileInputStream(file.toString())) {
                        return in.readNBytes(max + 1);
                    }
                }
            } else if (Files.isRegularFile(from)) {
                try (ZipFile jar = new ZipFile(from.toString())) {
                    ZipEntry e = jar.getEntry(entry);
                    if (e != null && !e.isDirectory()) {
                        try (InputStream in = jar.getInputStream(e)) {
                            return in.readNBytes(max + 1);
                        }
                    }
                }
            }
        }
        try (InputStream in = owner.getResourceAsStream(name)) {
            return in == null ? null : in.readNBytes(max + 1);
        }
    }

    /** The jar or directory {@code owner} was loaded from, where that is a file of this machine; else null. */
    private static Path codeSource(Class<?> owner) {
        try {
            java.security.CodeSource cs = owner.getProtectionDomain().getCodeSource();
            URL at = cs == null ? null : cs.getLocation();
            if (at == null || !"file".equals(at.getProtocol())) {
                return null;
            }
            // URI.create, not URL.toURI: no checked exception, whose class a cold JVM would load to verify this one
            return Path.of(URI.create(at.toString()));
        } catch (RuntimeException e) {
            // a security manager's refusal, a location that is no path
            return null;
        }
    }

    /**
     * The SHA-256 of {@code bytes}.
     *
     * @param bytes the bytes; not null
     * @return the digest in lower-case hexadecimal
     */
    public static String sha256(byte[] bytes) {
        return Digest.sha256(bytes);
    }

    /**
     * The digest, in a class of its own: its {@code java.security} exceptions are loaded when this class is, and the
     * first answer's path, which does not hash, must not load them.
     */
    private static final class Digest {

        static String sha256(byte[] bytes) {
            try {
                byte[] d = MessageDigest.getInstance("SHA-256").digest(bytes);
                StringBuilder sb = new StringBuilder(64);
                for (byte b : d) {
                    sb.append(Character.forDigit(b >>> 4 & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
                }
                return sb.toString();
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every Java platform has SHA-256", e);
            }
        }
    }
}
