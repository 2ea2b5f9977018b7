package io.cpufeatures.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A symbolic link on the configured cache path, flipped between a directory of this user's and one others can write
 * while caches are made: the path the cache checked is the path it uses. It is resolved once; the cache never lands in
 * the directory others can write, whatever the link says by the time a library is placed.
 */
class NativeCacheLinkTest {

    private static final int ATTEMPTS = 3000;
    private static final byte[] LIB = "the bytes of a library".getBytes();
    private static final String HASH = NativeCacheTest.sha(LIB);

    @TempDir
    Path tmp;

    @BeforeEach
    void posixOnly() throws IOException {
        org.junit.jupiter.api.Assumptions.assumeTrue(PathSafety.forThisProcess().posix(), "POSIX file owners");
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwx------"));
    }

    private Path dir(String name, String mode) throws IOException {
        Path d = Files.createDirectory(tmp.resolve(name));
        Files.setPosixFilePermissions(d, PosixFilePermissions.fromString(mode));
        return d;
    }

    /** Points {@code link} at {@code target} in one step (a rename over it), as an attacker's loop would. */
    private static void point(Path link, Path target) throws IOException {
        Path next = link.resolveSibling(link.getFileName() + ".next");
        Files.deleteIfExists(next);
        Files.createSymbolicLink(next, target);
        Files.move(next, link, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    @Test
    void aLinkFlippedWhileTheCacheIsMadeNeverMovesItOutsideTheCheckedPath() throws Exception {
        Path safe = dir("safe", "rwx------").toRealPath();
        Path open = dir("open", "rwxrwxrwx").toRealPath();
        // the cache's own directory already in both places, as a shared machine would have them
        Files.setPosixFilePermissions(Files.createDirectory(safe.resolve("cache")),
                PosixFilePermissions.fromString("rwx------"));
        Files.setPosixFilePermissions(Files.createDirectory(open.resolve("cache")),
                PosixFilePermissions.fromString("rwx------"));
        Path link = tmp.resolve("link");
        point(link, safe);
        Path configured = link.resolve("cache");

        AtomicBoolean stop = new AtomicBoolean();
        Thread flipper = new Thread(() -> {
            try {
                for (boolean toOpen = true; !stop.get(); toOpen = !toOpen) {
                    point(link, toOpen ? open : safe);
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }, "link-flipper");
        flipper.start();
        int placed = 0;
        int refused = 0;
        List<String> outside = new ArrayList<>();
        try {
            for (int i = 0; i < ATTEMPTS; i++) {
                NativeCache cache = NativeCache.at(configured, PathSafety.forThisProcess(), MountOptions.of(""));
                try (NativeCache.Prepared p = cache.prepare(HASH, "libx.so", LIB)) {
                    placed++;
                    if (!p.path().startsWith(safe)) {
                        outside.add(p.path().toString());
                    }
                } catch (NativeCacheException e) {
                    refused++;
                    assertTrue(e.getMessage().contains(open + " is writable by its group and others"),
                            e.getMessage());
                }
            }
        } finally {
            stop.set(true);
            flipper.join();
        }
        assertEquals(List.of(), outside.subList(0, Math.min(5, outside.size())), outside.size() + " of " + ATTEMPTS
                + " caches were placed outside the checked " + safe);
        assertTrue(placed > 0 && refused > 0, "the flips were met both ways: placed " + placed + ", refused " + refused);
    }
}
