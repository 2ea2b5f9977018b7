package io.cpufeatures.dispatch;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.FeatureName;
import io.cpufeatures.dispatch.jfr.DispatchHistory;
import io.cpufeatures.dispatch.jfr.NativeLoadRecord;
import io.cpufeatures.os.ElfIsaNeeded;
import io.cpufeatures.os.NativeAccessDenial;
import io.cpufeatures.os.NativeCache;
import io.cpufeatures.os.NativeCacheException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The steps between choosing a native variant and using it: the platform is this process's, the bytes (read from
 * the class path, at most {@link NativeCache#MAX_BYTES}) hash to the manifest's SHA-256, an x86-64 ELF file's ISA
 * note needs nothing its declaration does not require, the cache ({@link NativeCache}) places the bytes where
 * nobody else can change them, and the library's loader binds that file. A step that fails throws
 * {@link NativeVariantException} with the reason, which passes the variant over. A cause that no variant of this
 * process escapes (a cache that is unsafe, on a {@code noexec} mount or refusing writes; native access denied) is
 * kept: every later variant is passed over with it and nothing more is unpacked.
 */
final class NativeLoading {

    /** Causes no variant escapes, by cache directory, and the denial of native access. */
    private static final Map<String, String> DEAD = new ConcurrentHashMap<>();
    /** The process-wide causes already said in a WARN line. */
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();
    private static final String DENIED = "native access";

    private NativeLoading() {
    }

    static <T> T load(NativeVariants bundle, NativeVariant v, NativeVariants.Loader<? extends T> loader) {
        long start = System.nanoTime();
        String here = NativePlatform.current();
        if (!v.platform().equals(here)) {
            throw new NativeVariantException("built for " + v.platform() + "; this process is " + here);
        }
        if (v.unusable().isPresent()) {
            throw new NativeVariantException(v.unusable().get());
        }
        String denied = DEAD.get(DENIED);
        if (denied != null) {
            throw new NativeVariantException(denied, true);
        }
        NativeCache cache = NativeCache.forUser(System.getenv());
        // a configuration that gives no directory is refused at once, with nothing written: no need to keep it
        String key = cache.directory() == null ? null : cache.directory().toString();
        String dead = key == null ? null : DEAD.get(key);
        if (dead != null) {
            throw new NativeVariantException(dead, true);
        }
        byte[] bytes = read(bundle, v);
        if (NativePlatform.carriesIsaNote(v.platform())) {
            checkNote(v, bytes);
        }
        NativeCache.Prepared library;
        try {
            library = cache.prepare(v.sha256(), v.file(), bytes);
        } catch (NativeCacheException e) {
            if (e.everyLibrary() && key != null) {
                DEAD.putIfAbsent(key, e.getMessage());
            }
            throw new NativeVariantException(e.getMessage(), e.everyLibrary());
        }
        try {
            T made = loader.load(v, library.path());
            if (made == null) {
                throw new NativeVariantException("its loader returned null for " + library.path());
            }
            DispatchHistory.loaded(new NativeLoadRecord(v.platform(), v.name(), library.path().toString(), v.sha256(),
                    NativePlatform.carriesIsaNote(v.platform()) ? "SHA-256, ISA note" : "SHA-256", library.written(),
                    System.nanoTime() - start, System.currentTimeMillis()));
            return made;
        } catch (NativeVariantException e) {
            throw e;
        } catch (Exception | LinkageError e) {
            io.cpufeatures.core.internal.Once.rethrowIfMomentary(e);
            String denial = deniedNativeAccess(e);
            if (denial != null) {
                DEAD.putIfAbsent(DENIED, denial);
                throw new NativeVariantException(denial, true);
            }
            throw new NativeVariantException("failed to load " + library.path() + ": " + Construction.describe(e));
        } finally {
            library.close();
        }
    }

    /** The reason with the fix where {@code t} is this JVM denying native access ({@link NativeAccessDenial}), or null. */
    private static String deniedNativeAccess(Throwable t) {
        if (!NativeAccessDenial.isDenial(t)) {
            return null;
        }
        return "this JVM denies native access (" + Construction.describe(t) + "): start it with"
                + " --enable-native-access=ALL-UNNAMED on the class path, or =MODULE for the module that loads the"
                + " library on the module path";
    }

    /** The variant's bytes from the class path, no more than the cache hands out, checked against the manifest. */
    private static byte[] read(NativeVariants bundle, NativeVariant v) {
        byte[] bytes;
        try (InputStream in = bundle.open(v)) {
            if (in == null) {
                throw new NativeVariantException(v.path() + " is not on the class path beside " + bundle.manifest());
            }
            bytes = in.readNBytes(NativeCache.MAX_BYTES + 1);
        } catch (IOException e) {
            throw new NativeVariantException(v.path() + " cannot be read from the class path: " + e.getMessage());
        }
        if (bytes.length > NativeCache.MAX_BYTES) {
            throw new NativeVariantException(v.path() + " is larger than " + (NativeCache.MAX_BYTES >> 20)
                    + " MiB; a native library is not");
        }
        String actual = sha256(bytes);
        if (!actual.equals(v.sha256())) {
            throw new NativeVariantException(v.path() + ": its SHA-256 is " + actual + ", the manifest says "
                    + v.sha256() + "; not loaded (a damaged jar, or a file replaced on the class path)");
        }
        return bytes;
    }

    /**
     * Whether {@code e} should be said in a WARN line now: a variant's own cause always, a process-wide one once.
     */
    static boolean warnNow(NativeVariantException e) {
        return !e.everyVariant() || WARNED.add(e.getMessage());
    }

    /** Refuses a file whose ISA note needs a level whose features its declared requirements do not all include. */
    static void checkNote(NativeVariant v, byte[] library) {
        OptionalInt bits;
        try {
            bits = ElfIsaNeeded.read(ByteBuffer.wrap(library), v.path());
        } catch (IOException e) {
            throw new NativeVariantException("its ELF headers do not hold together: " + e.getMessage());
        }
        if (bits.isEmpty()) {
            return;
        }
        for (String level : ElfIsaNeeded.levelsAboveBaseline(bits.getAsInt())) {
            FeatureName group = CpuFeatures.resolve(level, "the ELF note of " + v.path());
            List<String> missing = group.members().stream().filter(m -> !v.requirements().required().contains(m)).toList();
            if (!missing.isEmpty()) {
                throw new NativeVariantException("its ELF note says it needs " + level + ", and its declared needs ("
                        + (v.requirements().declared().isEmpty() ? "none" : String.join(", ", v.requirements().declared()))
                        + ") lack " + String.join(", ", missing) + "; not loaded");
            }
        }
    }

    /** The SHA-256 of {@code bytes}, in lower-case hexadecimal. */
    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
