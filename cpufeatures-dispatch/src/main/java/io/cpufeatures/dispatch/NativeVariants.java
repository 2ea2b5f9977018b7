package io.cpufeatures.dispatch;

import io.cpufeatures.core.UnknownFeatureException;
import io.cpufeatures.os.ElfIsaNeeded;
import io.cpufeatures.os.Jna;
import io.cpufeatures.os.NativeManifest;
import io.cpufeatures.os.NativePlatform;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * The variants of a native library a jar bundles, read from its manifest, as candidates of a dispatch point: the
 * best variant a CPU can run is chosen as a Java candidate is, explained, forced and excluded the same way, and
 * only then verified, placed by the native cache ({@code io.cpufeatures.os.NativeCache}) where nobody else can
 * change it, and loaded.
 *
 * <p>The manifest is a text resource; each variant's file lies below the manifest's directory at
 * {@code PLATFORM/VARIANT/FILE}:
 * <pre>
 * # cpufeatures native variants 1
 * # PLATFORM/VARIANT/FILE             SHA-256   NEEDS
 * linux-x86_64/x86-64-v4/libxor.so    3f1c...   x86-64-v4
 * linux-x86_64/x86-64-v3/libxor.so    9a0b...   elf-note
 * linux-x86_64/baseline/libxor.so     77d2...   -
 * linux-aarch64/sve/libxor.so         c4e8...   sve
 * linux-aarch64/baseline/libxor.so    0b31...   -
 * </pre>
 * The first line names the format. A platform is {@code os-architecture} ({@code linux}, {@code macos},
 * {@code windows}, {@code freebsd}; the architecture as {@link io.cpufeatures.core.CpuFeatures#architecture()}
 * names it). NEEDS is what {@link RequiresFeature} takes: names and groups joined by commas, {@code !name} for one
 * that must not hold, {@code -} for nothing, or {@code elf-note} for the x86-64 levels the file's
 * {@code GNU_PROPERTY_X86_ISA_1_NEEDED} property names (GCC writes it with {@code -mneeded}). Within a platform the
 * lines go from best to last resort.
 *
 * <p>Every variant of this process's operating system becomes a candidate named {@code PREFIX ARCH.VARIANT}
 * ({@code x86_64.x86-64-v3}); one built for another architecture is passed over with that reason, so a fleet of
 * dumps of both architectures is answered by one point. Before a chosen variant is loaded its bytes must hash to
 * the manifest's SHA-256, and an x86-64 ELF file's ISA note must need nothing its NEEDS do not require; a
 * variant that cannot be read, differs, contradicts its declaration or fails to load is passed over with the
 * reason and the next one is taken. A native variant is never loaded where its requirements fail, not even with
 * {@code cpufeatures.dispatch.unsafe=true}: an instruction the CPU lacks would stop the process.
 */
public final class NativeVariants {

    /** The manifest's first line ({@link NativeManifest#HEADER}). */
    public static final String HEADER = NativeManifest.HEADER;
    /** The bytes of a file read for its ELF note when the manifest is read (linkers place the note in the first page). */
    static final int NOTE_PREFIX_BYTES = 64 << 10;

    private final String manifest;
    private final List<NativeVariant> variants;
    private final Function<String, InputStream> resources;

    private NativeVariants(String manifest, List<NativeVariant> variants, Function<String, InputStream> resources) {
        this.manifest = manifest;
        this.variants = List.copyOf(variants);
        this.resources = resources;
    }

    /**
     * Reads the manifest {@code manifest}, a resource of {@code owner} (as {@link Class#getResourceAsStream}
     * finds it), whose variants' files lie below its directory.
     *
     * @param owner    a class of the library that bundles the variants; not null
     * @param manifest the manifest's resource name, e.g. {@code /com/example/native/xor.variants}; not null
     * @return the variants, every platform's
     * @throws IllegalArgumentException naming the manifest and line, for a manifest that is missing, too large, not
     *                                  of this format, or has a line that is not a variant
     * @throws UnknownFeatureException  for an unknown name in a variant's needs, naming the manifest and line
     */
    public static NativeVariants read(Class<?> owner, String manifest) {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(manifest, "manifest");
        String base = manifest.contains("/") ? manifest.substring(0, manifest.lastIndexOf('/') + 1) : "";
        return read(manifest, name -> owner.getResourceAsStream(base + name));
    }

    /**
     * Reads a manifest opened by {@code resources}, which also opens the variants' files by their paths below the
     * manifest's directory ({@code linux-x86_64/x86-64-v3/libxor.so}); the manifest itself is the name after the
     * last {@code /} of {@code manifest}.
     */
    static NativeVariants read(String manifest, Function<String, InputStream> resources) {
        String own = manifest.substring(manifest.lastIndexOf('/') + 1);
        NativeManifest read;
        try (InputStream in = resources.apply(own)) {
            read = NativeManifest.read(manifest, in);
        } catch (IOException e) {
            throw new UncheckedIOException("native variants manifest " + manifest + ": " + e.getMessage(), e);
        }
        List<NativeVariant> variants = new ArrayList<>();
        for (NativeManifest.Entry e : read.entries()) {
            variants.add(variant(e, resources));
        }
        return new NativeVariants(manifest, variants, resources);
    }

    /** The variant of a manifest's entry: its NEEDS read as {@link RequiresFeature} reads names, or its ELF note. */
    private static NativeVariant variant(NativeManifest.Entry e, Function<String, InputStream> resources) {
        String needs = e.needs();
        String where = e.where();
        String arch = NativePlatform.architectureOf(e.platform());
        String[] path = {e.platform(), e.variant(), e.file()};
        String hash = e.sha256();
        if (needs.equals("elf-note")) {
            if (!NativePlatform.carriesIsaNote(e.platform())) {
                throw new IllegalArgumentException(where + ": elf-note is read only from x86-64 ELF files (linux-x86_64,"
                        + " freebsd-x86_64); give " + e.platform() + "'s needs as names");
            }
            return fromNote(path, hash, where, resources);
        }
        List<String> required = new ArrayList<>();
        List<String> absent = new ArrayList<>();
        if (!needs.equals("-")) {
            for (String n : needs.split(",", -1)) {
                if (n.startsWith("!")) {
                    absent.add(n.substring(1));
                } else {
                    required.add(n);
                }
            }
        }
        try {
            return new NativeVariant(path[0], path[1], path[2], hash, Requirements.of(required, absent, where),
                    "manifest", Optional.empty());
        } catch (UnknownFeatureException x) {
            if (arch.equals(NativePlatform.architecture())) {
                throw x;
            }
            // another architecture's names, with no module for it on the class path: nothing can answer for its
            // CPUs here, and this process never loads it
            return new NativeVariant(path[0], path[1], path[2], hash, new Requirements(List.of(), List.of(),
                    List.of(needs.split(","))), "manifest", Optional.of("its needs (" + needs + ") are names no cpufeatures"
                            + " module on the class path knows; the module for " + arch + " answers for its CPUs"));
        }
    }

    /** The variant whose needs are the levels its file's ELF note names, or one that is never loaded if it has none. */
    private static NativeVariant fromNote(String[] path, String hash, String where,
            Function<String, InputStream> resources) {
        String file = String.join("/", path);
        Optional<String> unusable;
        List<String> levels = List.of();
        try (InputStream in = resources.apply(file)) {
            if (in == null) {
                unusable = Optional.of("its needs are to be read from its ELF note, and " + file + " is not on the class path");
            } else {
                OptionalInt bits = ElfIsaNeeded.read(ByteBuffer.wrap(in.readNBytes(NOTE_PREFIX_BYTES)), file);
                if (bits.isEmpty()) {
                    unusable = Optional.of("its needs are to be read from its ELF note, and " + file + " has none (build it"
                            + " with -mneeded, or give its needs in the manifest)");
                } else {
                    levels = ElfIsaNeeded.levels(bits.getAsInt());
                    unusable = Optional.empty();
                }
            }
        } catch (IOException e) {
            unusable = Optional.of("its ELF note could not be read: " + e.getMessage());
        }
        return new NativeVariant(path[0], path[1], path[2], hash, Requirements.of(levels, List.of(), where), "ELF note",
                unusable);
    }

    /**
     * Makes JNA safe to bind a variant with: a {@link Loader} that binds through JNA calls this before it touches any
     * class of JNA. JNA's own native library ({@code libjnidispatch}) is then the one in JNA's jar, placed by the
     * per-user native cache and compared with the jar's bytes, not one JNA unpacks into a directory another user may
     * write; where the user configured JNA, or it was initialised already, the directory it loads from is checked
     * instead. Done once per process; later calls answer the same.
     *
     * @throws RuntimeException why JNA is not used in this process (one line naming the directory), which passes the
     *                          variant over with that reason, said once per process
     */
    public static void requireJna() {
        String why = Jna.refusal();
        if (why != null) {
            throw new NativeVariantException(why, true);
        }
    }

    /**
     * Binds a verified, unpacked variant: loads the library ({@code Native.register}, {@code System.load}, the FFM
     * linker) and returns the implementation that calls it. A loader that binds through JNA calls
     * {@link #requireJna()} first.
     *
     * @param <T> the point's service type
     */
    @FunctionalInterface
    public interface Loader<T> {

        /**
         * Loads {@code library} and returns the implementation bound to it.
         *
         * @param variant the variant chosen, for a loader that binds each variant differently
         * @param library the unpacked file, in the content-addressed cache
         * @return the implementation; not null
         * @throws Exception whatever loading failed with: the variant is passed over with it as the reason
         */
        T load(NativeVariant variant, Path library) throws Exception;
    }

    /** {@return every variant the manifest lists, in its order} */
    public List<NativeVariant> variants() {
        return variants;
    }

    /**
     * The variants of this process's operating system as candidates of one point, in the manifest's order within
     * each platform: the first of a platform gets {@code priority} plus the number of its platform's variants
     * less one, the last {@code priority}. A chosen candidate is verified, unpacked and given to {@code loader},
     * whose result is the candidate's instance.
     *
     * @param <T>      the point's service type
     * @param prefix   put before each candidate's name, e.g. {@code "native."}, or empty; not null
     * @param priority the priority of each platform's last variant (its baseline)
     * @param loader   loads the unpacked library and returns the implementation bound to it; not null. What it
     *                 throws passes the variant over.
     * @return one candidate per variant of this operating system
     * @throws IllegalArgumentException if {@code prefix} and a variant do not make a candidate name
     */
    public <T> List<Candidate<T>> candidates(String prefix, int priority, Loader<? extends T> loader) {
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(loader, "loader");
        String os = NativePlatform.os();
        List<Candidate<T>> out = new ArrayList<>();
        Map<String, Integer> left = new HashMap<>();
        for (NativeVariant v : variants) {
            left.merge(v.platform(), 1, Integer::sum);
        }
        for (NativeVariant v : variants) {
            // the variants of its platform after this one, so the manifest's first is ranked highest
            int after = left.merge(v.platform(), -1, Integer::sum);
            if (!v.os().equals(os)) {
                continue;
            }
            String description = "native " + v.path() + (v.needsFrom().equals("ELF note") ? " (needs from its ELF note)" : "");
            out.add(Candidate.nativeVariant(prefix + v.architecture() + "." + v.name(), description,
                    priority + after, v, () -> NativeLoading.load(this, v, loader)));
        }
        return out;
    }

    /** Opens a variant's file, or null if it is not on the class path. */
    InputStream open(NativeVariant v) {
        return resources.apply(v.path());
    }

    /** {@return the manifest's resource name} */
    String manifest() {
        return manifest;
    }

    @Override
    public String toString() {
        return "NativeVariants[" + manifest + ", " + variants.size() + " variants]";
    }
}
