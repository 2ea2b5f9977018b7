package io.cpufeatures.dispatch;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.FeatureName;
import io.cpufeatures.os.ElfIsaNeeded;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

/**
 * The steps between choosing a native variant and using it: the platform is this process's, the bytes hash to
 * the manifest's SHA-256, an x86-64 ELF file's ISA note needs nothing its declaration does not require, the file
 * is unpacked once to the content-addressed cache, and the library's loader binds it. A step that fails throws
 * {@link NativeVariantException} with the reason, which passes the variant over.
 */
final class NativeLoading {

    private NativeLoading() {
    }

    static <T> T load(NativeVariants bundle, NativeVariant v, NativeVariants.Loader<? extends T> loader) {
        String here = NativePlatform.current();
        if (!v.platform().equals(here)) {
            throw new NativeVariantException("built for " + v.platform() + "; this process is " + here);
        }
        if (v.unusable().isPresent()) {
            throw new NativeVariantException(v.unusable().get());
        }
        Path dir;
        try {
            dir = NativePlatform.cacheDirectory(System.getenv());
        } catch (IllegalArgumentException e) {
            throw new NativeVariantException(e.getMessage());
        }
        Path library;
        try (InputStream in = bundle.open(v)) {
            if (in == null) {
                throw new NativeVariantException(v.path() + " is not on the class path beside " + bundle.manifest());
            }
            library = new NativeCache(dir).unpack(in, v.file(), v.sha256(), v.path());
        } catch (IOException e) {
            throw new NativeVariantException("cannot be unpacked: " + e.getMessage());
        }
        if (NativePlatform.carriesIsaNote(v.platform())) {
            checkNote(v, library);
        }
        try {
            T made = loader.load(v, library);
            if (made == null) {
                throw new NativeVariantException("its loader returned null for " + library);
            }
            return made;
        } catch (NativeVariantException e) {
            throw e;
        } catch (Exception | LinkageError e) {
            io.cpufeatures.core.internal.Once.rethrowIfMomentary(e);
            throw new NativeVariantException("failed to load " + library + ": " + Construction.describe(e));
        }
    }

    /** Refuses a file whose ISA note needs a level whose features its declared requirements do not all include. */
    static void checkNote(NativeVariant v, Path library) {
        OptionalInt bits;
        try {
            bits = ElfIsaNeeded.read(library);
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
}
