package io.cpufeatures.dispatch.jfr;

import java.util.Objects;

/**
 * One native variant loaded, as its event tells it.
 *
 * @param platform  the platform it was built for ({@code linux-x86_64})
 * @param variant   its name there ({@code x86-64-v3})
 * @param file      the file handed to the loader
 * @param sha256    the file's SHA-256, as its manifest gives it and its bytes hashed to
 * @param verified  what was checked before it was loaded: {@code SHA-256}, and {@code ISA note} where the
 *                  platform's files carry the x86-64 ISA note
 * @param written   whether the cache's file was written by this process (false: found there, holding those bytes)
 * @param loadNanos how long verifying, unpacking and loading took
 * @param loadedAt  when it was loaded, in milliseconds since the epoch
 */
public record NativeLoadRecord(String platform, String variant, String file, String sha256, String verified,
        boolean written, long loadNanos, long loadedAt) {

    /**
     * Checks that no part is null.
     *
     * @param platform  not null
     * @param variant   not null
     * @param file      not null
     * @param sha256    not null
     * @param verified  not null
     * @param written   whether this process wrote the cache's file
     * @param loadNanos how long it took
     * @param loadedAt  when it was loaded
     */
    public NativeLoadRecord {
        Objects.requireNonNull(platform, "platform");
        Objects.requireNonNull(variant, "variant");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(sha256, "the SHA-256");
        Objects.requireNonNull(verified, "verified");
    }
}
