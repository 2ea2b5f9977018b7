package io.cpufeatures.os;

import java.io.IOException;
import java.util.Objects;

/**
 * Why the native cache will not give a library to load: one line that names the directory or file, what is wrong
 * with it, and the fix. {@link #everyLibrary()} tells a cause of the cache itself (a directory others can write, a
 * {@code noexec} mount, a disk that refuses writes), which no other library would escape: a caller passes every
 * library over with it, says it once, and unpacks nothing more.
 */
public final class NativeCacheException extends IOException {

    private static final long serialVersionUID = 1L;

    /** What kind of cause it is. */
    public enum Kind {
        /** The cache's directory is not configured usably: a relative path, a home directory that is not one. */
        CONFIGURATION,
        /** A directory or file on the way can be changed by another user, or is a symbolic link. */
        UNSAFE,
        /** The cache lies on a file system mounted {@code noexec}. */
        NOEXEC,
        /** The file system refused a write (read-only, full, over quota, permission). */
        WRITE,
        /**
         * A cached file was changed since it was written (other bytes, a link, a file others can write), or the file
         * placed for loading is not the library's bytes: it is not loaded.
         */
        DAMAGED
    }

    /** What kind of cause it is. */
    private final Kind kind;
    /** Whether the cause is the cache's own. */
    private final boolean everyLibrary;

    NativeCacheException(Kind kind, boolean everyLibrary, String message) {
        super(Objects.requireNonNull(message, "message"));
        this.kind = Objects.requireNonNull(kind, "kind");
        this.everyLibrary = everyLibrary;
    }

    /** {@return the kind of cause} */
    public Kind kind() {
        return kind;
    }

    /** {@return whether the cause is the cache's own, so that no library would load from it} */
    public boolean everyLibrary() {
        return everyLibrary;
    }
}
