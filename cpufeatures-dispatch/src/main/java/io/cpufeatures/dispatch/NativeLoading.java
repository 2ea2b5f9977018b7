package io.cpufeatures.dispatch;

import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.jvm.NativeAccess;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.FeatureName;
import io.cpufeatures.dispatch.jfr.DispatchHistory;
import io.cpufeatures.dispatch.jfr.NativeLoadRecord;
import io.cpufeatures.os.ElfIsaNeeded;
import io.cpufeatures.os.Jna;
import io.cpufeatures.os.NativeAccessDenial;
import io.cpufeatures.os.NativeCache;
import io.cpufeatures.os.NativeLibraries;
import io.cpufeatures.os.NativeLoadException;
import io.cpufeatures.os.NativePlatform;
import io.cpufeatures.os.NativeRefusals;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A chosen native variant made usable: the os module's steps ({@link NativeLibraries#place}: this process's platform,
 * the bytes read from the class path and hashed against the manifest's SHA-256, the per-user {@link NativeCache}),
 * with dispatch's own check between them (an x86-64 ELF file's ISA note needs nothing its declaration does not
 * require), then the variant's loader binds the placed file. A step that fails throws {@link NativeVariantException}
 * with the reason, which passes the variant over. A cause that no variant of this process escapes (a cache that is
 * unsafe, on a {@code noexec} mount or refusing writes, kept by the os module; native access denied, kept here)
 * passes every later variant over with it, and nothing more is unpacked.
 */
final class NativeLoading {

    /** The denial of native access, once met: no later variant is unpacked. */
    private static final AtomicReference<String> DENIED = new AtomicReference<>();

    private NativeLoading() {
    }

    static <T> T load(NativeVariants bundle, NativeVariant v, NativeVariants.Loader<? extends T> loader) {
        long start = System.nanoTime();
        if (v.unusable().isPresent() && v.platform().equals(NativePlatform.current())) {
            throw new NativeVariantException(v.unusable().get());
        }
        String denied = DENIED.get();
        if (denied != null) {
            throw new NativeVariantException(denied, true);
        }
        String rule = passedOverByRule(loader.getClass().getModule());
        if (rule != null) {
            throw NativeVariantException.byRule(rule);
        }
        NativeCache.Prepared library;
        try {
            library = NativeLibraries.place(v.entry(), bundle.manifest(), new Bytes(bundle, v), true,
                    NativePlatform.carriesIsaNote(v.platform()) ? new Note(v) : null);
        } catch (NativeLoadException e) {
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
            String noJna = missingJna(e);
            if (noJna != null) {
                // a loader that binds through JNA without asking first (NativeVariants.requireJna), where JNA is absent
                throw new NativeVariantException(noJna, true);
            }
            String denial = deniedNativeAccess(e);
            if (denial != null) {
                DENIED.compareAndSet(null, denial);
                throw new NativeVariantException(denial, true);
            }
            throw new NativeVariantException("failed to load " + library.path() + ": " + Construction.describe(e));
        } finally {
            library.close();
        }
    }

    /**
     * Why no native variant is loaded in this process, by rule rather than for a fault: the running CPU's features
     * came from the kernel's text, not from CPUID and XGETBV (native code runs only where the CPU's own answers have
     * confirmed what it needs), or the JVM would warn about the load or refuse it ({@link NativeAccess}). Null when
     * neither holds.
     *
     * @param loader the module of the variant's loader, whose code loads the library
     */
    static String passedOverByRule(Module loader) {
        ProbeSource live = CpuFeatures.current().source();
        if (live.kind() == SourceKind.PROC_CPUINFO) {
            return "the CPU's features are the kernel's word (" + live.detail() + "), not read by its own instructions;"
                    + " native code is loaded only where they confirm what it needs";
        }
        String refusal = NativeAccess.refusal(loader);
        return refusal == null ? null : "no native code is loaded where the JVM would warn about it: " + refusal;
    }

    /** A variant's bytes on the class path, beside its manifest. */
    private static final class Bytes implements NativeLibraries.Resource {
        private final NativeVariants bundle;
        private final NativeVariant variant;

        Bytes(NativeVariants bundle, NativeVariant variant) {
            this.bundle = bundle;
            this.variant = variant;
        }

        @Override
        public InputStream open() {
            return bundle.open(variant);
        }
    }

    /** The ISA note's check of an x86-64 ELF variant ({@link #noteRefusal}). */
    private static final class Note implements NativeLibraries.Check {
        private final NativeVariant variant;

        Note(NativeVariant variant) {
            this.variant = variant;
        }

        @Override
        public String refusal(byte[] bytes) {
            return noteRefusal(variant, bytes);
        }
    }

    /**
     * JNA's refusal ({@link Jna#refusal()}, naming the dependency to add) where {@code t} is a class
     * of JNA missing from a process without JNA, or null.
     */
    static String missingJna(Throwable t) {
        Throwable c = t;
        for (int depth = 0; c != null && depth < 16; depth++, c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof NoClassDefFoundError && String.valueOf(c.getMessage()).startsWith("com/sun/jna/")) {
                return Jna.absent() ? Jna.refusal() : null;
            }
        }
        return null;
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

    /**
     * Whether {@code e} should be said in a WARN line now: a variant's own cause always, a process-wide one once,
     * whichever module said it ({@link NativeRefusals}: the CPU probe's WARN may have said the cache's cause).
     */
    static boolean warnNow(NativeVariantException e) {
        return !e.everyVariant() || NativeRefusals.sayNow(e.getMessage());
    }

    /** Why a file whose ISA note needs a level whose features its declared requirements do not all include is refused. */
    static String noteRefusal(NativeVariant v, byte[] library) {
        OptionalInt bits;
        try {
            bits = ElfIsaNeeded.read(ByteBuffer.wrap(library), v.path());
        } catch (IOException e) {
            return "its ELF headers do not hold together: " + e.getMessage();
        }
        if (bits.isEmpty()) {
            return null;
        }
        for (String level : ElfIsaNeeded.levelsAboveBaseline(bits.getAsInt())) {
            FeatureName group = CpuFeatures.resolve(level, "the ELF note of " + v.path());
            List<String> missing = group.members().stream().filter(m -> !v.requirements().required().contains(m)).toList();
            if (!missing.isEmpty()) {
                return "its ELF note says it needs " + level + ", and its declared needs ("
                        + (v.requirements().declared().isEmpty() ? "none" : String.join(", ", v.requirements().declared()))
                        + ") lack " + String.join(", ", missing) + "; not loaded";
            }
        }
        return null;
    }

    /** The SHA-256 of {@code bytes}, in lower-case hexadecimal. */
    static String sha256(byte[] bytes) {
        return NativeLibraries.sha256(bytes);
    }
}
