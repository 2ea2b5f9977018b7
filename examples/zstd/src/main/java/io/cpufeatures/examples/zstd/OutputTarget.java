package io.cpufeatures.examples.zstd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;

/**
 * What an output name designates once its symbolic links are followed, and so how {@code zstd-java}
 * writes it, as {@code zstd} does: a regular file (or a name nothing is at yet, a dangling link's
 * target included) is replaced whole; a FIFO or a character device is written into; anything else
 * is refused. Renaming a file over the name itself would turn a link, a FIFO or {@code /dev/null}
 * into a regular file.
 *
 * @param path    the name after its links are followed: where the output goes
 * @param kind    how it is written
 * @param refusal why nothing may be written there; empty when it may
 */
record OutputTarget(Path path, Kind kind, Optional<String> refusal) {

    /** Links followed before the name is refused, as Linux's {@code MAXSYMLINKS} (40). */
    static final int MAX_LINKS = 40;

    /** How an output is written. */
    enum Kind {
        /** Nothing there yet: a new file, through a temporary file beside it. */
        NEW,
        /** A regular file: replaced through a temporary file beside it, keeping its permissions. */
        REGULAR,
        /** A FIFO or a character device: written into directly. */
        STREAM,
        /** A directory, a block device, a socket, or a kind this file system cannot name: refused. */
        REFUSED
    }

    /** File type bits of a POSIX {@code st_mode} ({@code S_IFMT}) and the types written into. */
    private static final int S_IFMT = 0170000;
    private static final int S_IFIFO = 0010000;
    private static final int S_IFCHR = 0020000;
    private static final int S_IFBLK = 0060000;
    private static final int S_IFSOCK = 0140000;

    /**
     * What {@code out} designates.
     *
     * @throws IOException if a link cannot be read, or the target's attributes
     */
    static OutputTarget of(Path out) throws IOException {
        Path p = out.toAbsolutePath();
        for (int links = 0; Files.isSymbolicLink(p); links++) {
            if (links == MAX_LINKS) {
                return refused(p, "too many levels of symbolic links (more than " + MAX_LINKS + ")");
            }
            p = p.getParent().resolve(Files.readSymbolicLink(p));
        }
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return new OutputTarget(p, Kind.NEW, Optional.empty());
        }
        if (a.isRegularFile()) {
            return new OutputTarget(p, Kind.REGULAR, Optional.empty());
        }
        if (a.isDirectory()) {
            return refused(p, "is a directory");
        }
        int type = mode(p) & S_IFMT;
        return switch (type) {
            case S_IFIFO, S_IFCHR -> new OutputTarget(p, Kind.STREAM, Optional.empty());
            case S_IFBLK -> refused(p, "is a block device; zstd-java writes a regular file, a FIFO or a character"
                    + " device");
            case S_IFSOCK -> refused(p, "is a socket; zstd-java writes a regular file, a FIFO or a character device");
            default -> refused(p, "is neither a regular file, a FIFO nor a character device; refusing to replace it");
        };
    }

    /** The POSIX mode of {@code p}, or 0 where the file system has none. */
    private static int mode(Path p) throws IOException {
        try {
            return (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return 0;
        }
    }

    private static OutputTarget refused(Path p, String why) {
        return new OutputTarget(p, Kind.REFUSED, Optional.of(why));
    }
}
