package io.cpufeatures.dispatch;

import io.cpufeatures.core.UnknownFeatureException;
import io.cpufeatures.os.ElfIsaNeeded;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

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

    /** The manifest's first line. */
    public static final String HEADER = "# cpufeatures native variants 1";
    /** The largest manifest read. */
    static final int MAX_MANIFEST_BYTES = 64 << 10;
    /** The most variants one manifest lists. */
    static final int MAX_VARIANTS = 256;
    /** The bytes of a file read for its ELF note when the manifest is read (linkers place the note in the first page). */
    static final int NOTE_PREFIX_BYTES = 64 << 10;

    private static final Pattern PLATFORM = Pattern.compile("(linux|macos|windows|freebsd)-(x86_64|aarch64|ppc64le)");
    private static final Pattern FILE = Pattern.compile("[A-Za-z0-9_+-][A-Za-z0-9._+-]*");
    private static final Pattern HASH = Pattern.compile("[0-9a-f]{64}");

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
        byte[] bytes;
        try (InputStream in = resources.apply(own)) {
            if (in == null) {
                throw new IllegalArgumentException("native variants manifest " + manifest + " is not on the class path");
            }
            bytes = in.readNBytes(MAX_MANIFEST_BYTES + 1);
        } catch (IOException e) {
            throw new UncheckedIOException("native variants manifest " + manifest + ": " + e.getMessage(), e);
        }
        if (bytes.length > MAX_MANIFEST_BYTES) {
            throw new IllegalArgumentException("native variants manifest " + manifest + " is larger than "
                    + (MAX_MANIFEST_BYTES >> 10) + " KiB; a manifest lists at most " + MAX_VARIANTS + " variants");
        }
        List<String> lines = new String(bytes, StandardCharsets.UTF_8).lines().toList();
        if (lines.isEmpty() || !lines.get(0).strip().equals(HEADER)) {
            throw new IllegalArgumentException("native variants manifest " + manifest + ":1: the first line must be '"
                    + HEADER + "'");
        }
        List<NativeVariant> variants = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = "native variants manifest " + manifest + ":" + (i + 1);
            if (variants.size() == MAX_VARIANTS) {
                throw new IllegalArgumentException(where + ": more than " + MAX_VARIANTS + " variants");
            }
            NativeVariant v = variant(line, where, resources);
            if (!seen.add(v.platform() + "/" + v.name())) {
                throw new IllegalArgumentException(where + ": variant " + v.platform() + "/" + v.name() + " is listed twice");
            }
            variants.add(v);
        }
        return new NativeVariants(manifest, variants, resources);
    }

    private static NativeVariant variant(String line, String where, Function<String, InputStream> resources) {
        String[] f = line.split("\\s+");
        if (f.length != 3) {
            throw new IllegalArgumentException(where + ": '" + line + "' has " + f.length + " fields; a variant is"
                    + " PLATFORM/VARIANT/FILE SHA-256 NEEDS");
        }
        String[] path = f[0].split("/", -1);
        if (path.length != 3) {
            throw new IllegalArgumentException(where + ": '" + f[0] + "' is not PLATFORM/VARIANT/FILE");
        }
        if (!PLATFORM.matcher(path[0]).matches()) {
            throw new IllegalArgumentException(where + ": unknown platform '" + path[0] + "'; a platform is OS-ARCH with"
                    + " OS linux, macos, windows or freebsd and ARCH x86_64, aarch64 or ppc64le");
        }
        if (!Names.valid(path[1])) {
            throw new IllegalArgumentException(where + ": variant name '" + path[1] + "' must be lower-case letters and"
                    + " digits, separated by '.', '_' or '-'");
        }
        if (!FILE.matcher(path[2]).matches()) {
            throw new IllegalArgumentException(where + ": '" + path[2] + "' is not a plain file name");
        }
        String hash = f[1].toLowerCase(Locale.ROOT);
        if (!HASH.matcher(hash).matches()) {
            throw new IllegalArgumentException(where + ": '" + f[1] + "' is not a SHA-256 (64 hexadecimal digits)");
        }
        String needs = f[2];
        String arch = NativePlatform.architectureOf(path[0]);
        if (needs.equals("elf-note")) {
            if (!NativePlatform.carriesIsaNote(path[0])) {
                throw new IllegalArgumentException(where + ": elf-note is read only from x86-64 ELF files (linux-x86_64,"
                        + " freebsd-x86_64); give " + path[0] + "'s needs as names");
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
        } catch (UnknownFeatureException e) {
            if (arch.equals(NativePlatform.architecture())) {
                throw e;
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
     * Binds a verified, unpacked variant: loads the library ({@code Native.register}, {@code System.load}, the FFM
     * linker) and returns the implementation that calls it.
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
