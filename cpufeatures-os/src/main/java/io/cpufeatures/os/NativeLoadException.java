package io.cpufeatures.os;

import java.util.Objects;

/**
 * Why a bundled native library was not placed for loading ({@link NativeLibraries#place}): one line naming the file
 * or directory, what is wrong and the fix. {@link #everyLibrary()} tells a cause no other library of this process
 * would escape (the cache's own: a directory others can write, a {@code noexec} mount, a disk refusing writes).
 */
public final class NativeLoadException extends Exception {

    private static final long serialVersionUID = 1L;

    /** Whether the cause is the cache's own. */
    private final boolean everyLibrary;

    NativeLoadException(String message, boolean everyLibrary) {
        super(Objects.requireNonNull(message, "message"));
        this.everyLibrary = everyLibrary;
    }

    /** {@return whether the cause is the cache's own, so that no library would be placed there} */
    public boolean everyLibrary() {
        return everyLibrary;
    }
}
