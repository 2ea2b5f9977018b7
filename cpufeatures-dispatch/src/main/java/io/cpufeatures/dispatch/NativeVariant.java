package io.cpufeatures.dispatch;

import io.cpufeatures.os.NativeManifest;
import io.cpufeatures.os.NativePlatform;
import java.util.Objects;
import java.util.Optional;

/**
 * One build of a bundled native library, as its manifest lists it ({@link NativeVariants}): the platform it was
 * built for, its name there, its file, the SHA-256 of that file, and what a CPU needs to run it.
 *
 * @param platform     {@code os-architecture}, the architecture as {@link io.cpufeatures.core.CpuFeatures#architecture()}
 *                     names it: {@code linux-x86_64}, {@code linux-aarch64}, {@code macos-aarch64}
 * @param name         the variant's name on its platform, e.g. {@code x86-64-v3}, {@code sve}, {@code baseline}
 * @param file         the library's file name, e.g. {@code libxor.so}
 * @param sha256       the SHA-256 of the file, 64 lower-case hexadecimal digits
 * @param requirements what a CPU needs to run it, in canonical names
 * @param needsFrom    where the requirements were read: {@code "manifest"} or {@code "ELF note"}
 * @param unusable     why the variant can never be loaded, known when the manifest was read (its ELF note could
 *                     not be read); empty for a variant that may be
 */
public record NativeVariant(String platform, String name, String file, String sha256, Requirements requirements,
        String needsFrom, Optional<String> unusable) {

    /**
     * Checks that no part is null.
     *
     * @param platform     not null
     * @param name         not null
     * @param file         not null
     * @param sha256       not null
     * @param requirements not null
     * @param needsFrom    not null
     * @param unusable     not null
     */
    public NativeVariant {
        Objects.requireNonNull(platform, "platform");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(sha256, "the SHA-256");
        Objects.requireNonNull(requirements, "requirements");
        Objects.requireNonNull(needsFrom, "needsFrom");
        Objects.requireNonNull(unusable, "unusable");
    }

    /** {@return the architecture part of the platform: {@code x86_64} of {@code linux-x86_64}} */
    public String architecture() {
        return NativePlatform.architectureOf(platform);
    }

    /** {@return the operating system part of the platform: {@code linux} of {@code linux-x86_64}} */
    public String os() {
        return NativePlatform.osOf(platform);
    }

    /** {@return the manifest's entry for this variant, as the os module's loading steps take it} */
    NativeManifest.Entry entry() {
        return new NativeManifest.Entry(platform, name, file, sha256, requirements.summary(), path());
    }

    /** {@return the file's path below the manifest's directory: {@code linux-x86_64/x86-64-v3/libxor.so}} */
    public String path() {
        return platform + "/" + name + "/" + file;
    }
}
