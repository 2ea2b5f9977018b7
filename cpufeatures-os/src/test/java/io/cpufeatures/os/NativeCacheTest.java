package io.cpufeatures.os;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.HostTools;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cache native libraries are loaded from: what it writes and where, what it refuses (each with its one line),
 * and that what it hands to a loader is the library's bytes in a directory of this process's own.
 */
class NativeCacheTest {

    @TempDir
    Path tmp;

    private Path dir;

    private static final byte[] LIB = "not really ELF, but the bytes of a library".getBytes();
    private static final String HASH = sha(LIB);

    @BeforeEach
    void posixOnly() throws IOException {
        org.junit.jupiter.api.Assumptions.assumeTrue(PathSafety.forThisProcess().posix(), "POSIX file owners");
        // the test's own directory, closed to others as a user's cache directory is
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwx------"));
        dir = tmp.resolve("cache");
    }

    static String sha(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private NativeCache cache() {
        return NativeCache.at(dir, PathSafety.forThisProcess(), MountOptions.of(""));
    }

    private List<String> files() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> !p.equals(dir)).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    private static String mode(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aLibraryIsWrittenOnceUnderItsHashAndHandedOutFromThere() throws Exception {
        NativeCache.Prepared p = cache().prepare(HASH, "libxor.so", LIB);
        Path cached = dir.resolve(HASH).resolve("libxor.so");
        assertArrayEquals(LIB, Files.readAllBytes(cached));
        assertEquals("rwx------", mode(dir));
        assertEquals("rwx------", mode(dir.resolve(HASH)));
        assertEquals("r--------", mode(cached));
        assertTrue(p.written());
        assertEquals(dir.toRealPath().resolve(HASH).resolve("libxor.so"), p.path(), "the entry itself, on the checked path");
        assertEquals(1, Files.getAttribute(cached, "unix:nlink"), "the temporary file it was linked from is gone");

        FileTime written = Files.getLastModifiedTime(cached);
        Files.setLastModifiedTime(cached, FileTime.fromMillis(written.toMillis() - 60_000));
        NativeCache.Prepared again = cache().prepare(HASH, "libxor.so", LIB);
        assertFalse(again.written());
        assertEquals(p.path(), again.path());
        again.close();
        assertEquals(written.toMillis() - 60_000, Files.getLastModifiedTime(cached).toMillis(), "reused, not rewritten");
        assertEquals(List.of(HASH, HASH + "/libxor.so"), files(), "no temporary file, no directory of a load");
    }

    @Test
    void aCachedLibraryIsReusedWithoutWritingListingOrReadingTheMountTable() throws Exception {
        cache().prepare(HASH, "libxor.so", LIB);
        long gone = 999_999_999L;
        Path staleLoad = Files.createDirectory(dir.resolve(".load-" + gone + "-3f"));
        Path staleTmp = Files.writeString(dir.resolve(HASH).resolve(".libxor.so." + gone + ".1f.tmp"), "half written");
        // a table that would refuse the cache, read only if asked
        Path table = Files.writeString(tmp.resolve("mountinfo"), "22 1 8:1 / / rw,noexec - ext4 /dev/sda1 rw\n");
        MountOptions mounts = MountOptions.fromFile(table.toString());
        NativeCache.Prepared p = NativeCache.at(dir, PathSafety.forThisProcess(), mounts).prepare(HASH, "libxor.so", LIB);
        assertFalse(p.written());
        assertFalse(mounts.read(), "the mount table is read only to write, or after a failed load");
        assertTrue(Files.exists(staleLoad) && Files.exists(staleTmp), "clean-ups are a writer's, not every start's");
        // a library written: its entry's stale temporaries and the stale load directories go
        byte[] other = "another library".getBytes();
        cache().prepare(sha(other), "other.so", other);
        assertFalse(Files.exists(staleLoad));
        assertTrue(Files.exists(staleTmp), "another entry's temporaries wait for a write there");
    }

    @Test
    void aNoexecMountAddedSinceTheEntryWasWrittenIsLearntFromTheFailedLoadAndKeptForEveryLibrary() throws Exception {
        NativeCache.Prepared written = cache().prepare(HASH, "libxor.so", LIB);
        Path real = tmp.toRealPath();
        Path table = Files.writeString(tmp.resolve("mountinfo"), "22 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw\n"
                + "45 22 0:40 / " + real.toString().replace(" ", "\\040") + " rw,nosuid,noexec - tmpfs tmpfs rw\n");
        MountOptions mounts = MountOptions.fromFile(table.toString());
        NativeCache.Prepared p = NativeCache.at(dir, PathSafety.forThisProcess(), mounts).prepare(HASH, "libxor.so", LIB);
        assertEquals(written.path(), p.path());
        assertFalse(mounts.read());
        // a failure that is not a mapping's is the library's own, and needs no table
        assertNull(NativeLibraries.unmappable(p, new UnsatisfiedLinkError(p.path() + ": undefined symbol: x")));
        assertFalse(mounts.read());
        // where the table says exec, a mapping's failure is not the cache's either
        assertNull(NativeLibraries.unmappable(cache().prepare(HASH, "libxor.so", LIB), new UnsatisfiedLinkError(p.path()
                + ": " + p.path() + ": failed to map segment from shared object")));
        // glibc's words for mmap(PROT_EXEC) refused on a noexec mount, as System.load gives them
        NativeLoadException e = NativeLibraries.unmappable(p, new UnsatisfiedLinkError(p.path() + ": " + p.path()
                + ": failed to map segment from shared object"));
        String refusal = "the native cache " + dir.toRealPath() + " is on " + real + ", mounted noexec, where no library"
                + " can be mapped executable (mmap: EPERM); set -Dcpufeatures.native.cache to a directory of this user's"
                + " on a file system that allows it";
        assertEquals(refusal, e.getMessage(), "the words of a cache found on that mount before a write");
        assertTrue(e.everyLibrary());
        assertEquals(refusal, assertThrows(NativeCacheException.class, () -> NativeCache.at(dir,
                PathSafety.forThisProcess(), MountOptions.fromFile(table.toString())).prepare(sha(new byte[1]), "x.so",
                new byte[1])).getMessage(), "a library not cached yet is refused before it is written");
        assertFalse(Files.exists(dir.resolve(sha(new byte[1]))));
        // kept by directory: the next library of the process is refused with it, its bytes unread
        String before = System.getProperty(NativeCache.DIRECTORY_PROPERTY);
        System.setProperty(NativeCache.DIRECTORY_PROPERTY, dir.toString());
        try {
            NativeLoadException later = assertThrows(NativeLoadException.class, () -> NativeLibraries.place(
                    "libjnidispatch.so", "other bytes".getBytes()));
            assertEquals(refusal, later.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty(NativeCache.DIRECTORY_PROPERTY);
            } else {
                System.setProperty(NativeCache.DIRECTORY_PROPERTY, before);
            }
        }
        assertTrue(Files.exists(p.path()), "the entry is kept: it is whole, only unmappable here");
    }

    @Test
    void aCachedFileOfOtherBytesIsRefusedNotLoadedAndKept() throws Exception {
        cache().prepare(HASH, "libxor.so", LIB);
        List<String> before = loadDirectories();
        Path cached = dir.resolve(HASH).resolve("libxor.so");
        Files.setPosixFilePermissions(cached, PosixFilePermissions.fromString("rw-------"));
        byte[] tampered = LIB.clone();
        tampered[3] ^= 1;
        Files.write(cached, tampered);
        NativeCacheException e = assertThrows(NativeCacheException.class, () -> cache().prepare(HASH, "libxor.so", LIB));
        assertEquals(NativeCacheException.Kind.DAMAGED, e.kind());
        assertFalse(e.everyLibrary(), "another library may still load");
        assertEquals("the cached " + dir.toRealPath().resolve(HASH).resolve("libxor.so") + " does not hold the library's "
                + LIB.length + " bytes: changed since it was written; not loaded: remove it to have the library written"
                + " there again", e.getMessage());
        assertArrayEquals(tampered, Files.readAllBytes(cached), "kept as it was found, to be looked into");
        assertEquals(before, loadDirectories(), "nothing placed for loading");
        Files.delete(cached);
        assertArrayEquals(LIB, Files.readAllBytes(cache().prepare(HASH, "libxor.so", LIB).path()), "written again once"
                + " removed");
    }

    @Test
    void aCachedFileOfAnotherSizeIsRefusedWithoutReadingIt() throws Exception {
        Files.createDirectories(dir.resolve(HASH));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        Files.setPosixFilePermissions(dir.resolve(HASH), PosixFilePermissions.fromString("rwx------"));
        Path cached = dir.resolve(HASH).resolve("libxor.so");
        // 3 GiB, sparse: its size differs, so not one byte of it is read (reading it whole would fail past 2 GiB)
        try (RandomAccessFile f = new RandomAccessFile(cached.toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        Files.setPosixFilePermissions(cached, PosixFilePermissions.fromString("r--------"));
        NativeCacheException e = assertThrows(NativeCacheException.class, () -> cache().prepare(HASH, "libxor.so", LIB));
        assertEquals(NativeCacheException.Kind.DAMAGED, e.kind());
        assertTrue(e.getMessage().contains(" is 3221225472 bytes, not the library's " + LIB.length + ": changed since"
                + " it was written; not loaded"), e.getMessage());
        assertEquals(3L << 30, Files.size(cached));
    }

    @Test
    void aSymbolicLinkWhereTheCachedFileGoesIsRefusedNeverFollowed() throws Exception {
        Files.createDirectories(dir.resolve(HASH));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        Files.setPosixFilePermissions(dir.resolve(HASH), PosixFilePermissions.fromString("rwx------"));
        Path elsewhere = Files.write(tmp.resolve("elsewhere.so"), LIB);
        Files.createSymbolicLink(dir.resolve(HASH).resolve("libxor.so"), elsewhere);
        NativeCacheException e = assertThrows(NativeCacheException.class, () -> cache().prepare(HASH, "libxor.so", LIB));
        assertEquals(NativeCacheException.Kind.DAMAGED, e.kind());
        assertTrue(e.getMessage().contains(" is a symbolic link, where the library's file was written; not loaded"),
                e.getMessage());
        assertTrue(Files.isSymbolicLink(dir.resolve(HASH).resolve("libxor.so")));
        assertArrayEquals(LIB, Files.readAllBytes(elsewhere), "the link's target was not written");
        assertEquals(List.of(), loadDirectories(), "nothing placed for loading, though the target holds the bytes");
    }

    @Test
    void aHardLinkWhereTheCachedFileGoesIsRefusedByItsOwnerAndMode() throws Exception {
        // the link's file is another user's: root can make one
        HostTools.require(PathSafety.forThisProcess().uid() == 0, "root (to give a file to another user)",
                "run the build as root, as CI does");
        Files.createDirectories(dir.resolve(HASH));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        Files.setPosixFilePermissions(dir.resolve(HASH), PosixFilePermissions.fromString("rwx------"));
        Path theirs = Files.write(tmp.resolve("theirs.so"), LIB);
        Files.setPosixFilePermissions(theirs, PosixFilePermissions.fromString("r--------"));
        Files.setAttribute(theirs, "unix:uid", 4321);
        Path cached = Files.createLink(dir.resolve(HASH).resolve("libxor.so"), theirs);
        // seen as user 1000, the bytes the library's: the inode is another user's, whoever links it where
        NativeCacheException e = assertThrows(NativeCacheException.class, () -> NativeCache.at(dir,
                PathSafety.forUid(1000), MountOptions.of("")).prepare(HASH, "libxor.so", LIB));
        assertEquals(NativeCacheException.Kind.DAMAGED, e.kind());
        assertTrue(e.getMessage().contains("the cached " + dir.toRealPath().resolve(HASH).resolve("libxor.so") + " is"
                + " not as it was written: "), e.getMessage());
        assertTrue(e.getMessage().contains(" belongs to uid 4321, not to this user (uid 1000) or root"), e.getMessage());
        // and one this user owns, linked from a directory others can write, that they may change
        Files.delete(cached);
        Path open = Files.createDirectory(tmp.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path writable = Files.write(open.resolve("lib.so"), LIB);
        Files.setPosixFilePermissions(writable, PosixFilePermissions.fromString("rw-rw-rw-"));
        Files.createLink(cached, writable);
        NativeCacheException w = assertThrows(NativeCacheException.class, () -> cache().prepare(HASH, "libxor.so", LIB));
        assertTrue(w.getMessage().contains(" is writable by its group and others (mode 666)"), w.getMessage());
    }

    private List<String> loadDirectories() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".load-")).toList();
        }
    }

    @Test
    void aSymbolicLinkAsTheEntryDirectoryIsRefusedAndNothingIsWrittenThere() throws Exception {
        Files.createDirectories(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        Path chosen = Files.createDirectory(tmp.resolve("chosen"));
        Files.createSymbolicLink(dir.resolve(HASH), chosen);
        NativeCacheException e = assertThrows(NativeCacheException.class, () -> cache().prepare(HASH, "libxor.so", LIB));
        assertEquals(NativeCacheException.Kind.UNSAFE, e.kind());
        assertEquals("the native cache " + dir + " is not safe to load code from: " + dir.resolve(HASH) + " is a symbolic"
                + " link, not a directory; make it this user's and closed to others (chmod 700), or set"
                + " -Dcpufeatures.native.cache to such a directory", e.getMessage());
        try (Stream<Path> s = Files.list(chosen)) {
            assertEquals(0, s.count());
        }
    }

    @Test
    void aCacheOthersCanWriteIsRefusedBeforeAnythingIsWritten() throws Exception {
        Files.createDirectories(dir);
        for (String mode : List.of("rwxrwxrwx", "rwxrwx---", "rwxrwxrwt")) {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString(mode.replace('t', 'x')));
            if (mode.endsWith("t")) {
                Files.setAttribute(dir, "unix:mode", 01777);
            }
            NativeCacheException e = assertThrows(NativeCacheException.class,
                    () -> cache().prepare(HASH, "libxor.so", LIB), mode);
            assertEquals(NativeCacheException.Kind.UNSAFE, e.kind());
            assertTrue(e.everyLibrary());
            assertTrue(e.getMessage().startsWith("the native cache " + dir + " is not safe to load code from: "
                    + dir.toRealPath() + " is writable by "), e.getMessage());
            assertEquals(List.of(), files(), mode);
        }
    }

    @Test
    void aGroupWritableAncestorIsRefusedAndAStickyOneIsNotAboveThisUsersDirectory() throws Exception {
        Path shared = Files.createDirectory(tmp.resolve("shared"));
        dir = shared.resolve("cache");
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxr-x"));
        NativeCacheException e = assertThrows(NativeCacheException.class, () -> cache().prepare(HASH, "libxor.so", LIB));
        assertTrue(e.getMessage().contains(shared.toRealPath() + " is writable by its group (mode 775)"), e.getMessage());
        assertFalse(Files.exists(dir));
        // /tmp's way: others may write, but not rename or remove what this user owns
        Files.setAttribute(shared, "unix:mode", 01777);
        assertArrayEquals(LIB, Files.readAllBytes(cache().prepare(HASH, "libxor.so", LIB).path()));
        assertEquals("rwx------", mode(dir));
    }

    @Test
    void anotherUsersDirectoryOnTheWayIsRefused() throws Exception {
        // a directory of uid 4321 where the cache is to be: root can make one
        HostTools.require(PathSafety.forThisProcess().uid() == 0, "root (to give a directory to another user)",
                "run the build as root, as CI does");
        Files.createDirectories(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        Path entry = Files.createDirectory(dir.resolve(HASH));
        Files.setAttribute(entry, "unix:uid", 4321);
        // seen as user 1000: neither root's nor its own
        NativeCacheException e = assertThrows(NativeCacheException.class, () -> NativeCache.at(dir,
                PathSafety.forUid(1000), MountOptions.of("")).prepare(HASH, "libxor.so", LIB));
        assertTrue(e.getMessage().contains(entry + " belongs to uid 4321, not to this user (uid 1000) or root"),
                e.getMessage());
        Files.setAttribute(dir, "unix:uid", 4321);
        NativeCacheException whole = assertThrows(NativeCacheException.class, () -> NativeCache.at(dir,
                PathSafety.forUid(1000), MountOptions.of("")).prepare(HASH, "libxor.so", LIB));
        assertTrue(whole.everyLibrary());
        assertTrue(whole.getMessage().contains(dir.toRealPath() + " belongs to uid 4321"), whole.getMessage());
    }

    @Test
    void aNoexecMountIsRefusedBeforeAnyLibraryIsWritten() throws Exception {
        Path real = tmp.toRealPath();
        MountOptions table = MountOptions.of("22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw\n"
                + "45 22 0:40 / " + real.toString().replace(" ", "\\040") + " rw,nosuid,noexec,relatime shared:2 - tmpfs"
                + " tmpfs rw\n");
        NativeCacheException e = assertThrows(NativeCacheException.class,
                () -> NativeCache.at(dir, PathSafety.forThisProcess(), table).prepare(HASH, "libxor.so", LIB));
        assertEquals(NativeCacheException.Kind.NOEXEC, e.kind());
        assertTrue(e.everyLibrary());
        assertEquals("the native cache " + dir.toRealPath() + " is on " + real + ", mounted noexec, where no library can"
                + " be mapped executable (mmap: EPERM); set -Dcpufeatures.native.cache to a directory of this user's on a"
                + " file system that allows it", e.getMessage());
        assertFalse(Files.exists(dir.resolve(HASH)), "nothing unpacked");
    }

    @Test
    void theMountTableIsReadAsTheKernelWritesIt() {
        MountOptions t = MountOptions.of("22 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw\n"
                + "30 22 0:41 / /home/a\\040b rw,noexec - tmpfs tmpfs rw\n"
                + "31 30 0:42 / /home/a\\040b/exec rw - tmpfs tmpfs rw\n"
                + "bad line\n");
        assertEquals("/home/a b", t.noexecMountOf(Path.of("/home/a b/.cache")));
        assertNull(t.noexecMountOf(Path.of("/home/a b/exec/x")), "a mount below decides for what is below it");
        assertNull(t.noexecMountOf(Path.of("/home/a bc")), "a prefix that is not a directory of it");
        assertNull(t.noexecMountOf(Path.of("/usr")));
        assertNull(MountOptions.of("").noexecMountOf(Path.of("/x")), "nothing known, nothing refused");
    }

    @Test
    void staleTemporariesAndLoadDirectoriesOfProcessesThatAreGoneAreRemoved() throws Exception {
        cache().prepare(HASH, "libxor.so", LIB);
        byte[] other = "another library".getBytes();
        Path entry = Files.createDirectory(dir.resolve(sha(other)), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        long gone = 999_999_999L;
        Path staleTmp = Files.writeString(entry.resolve(".other.so." + gone + ".1f.tmp"), "half written");
        Path liveTmp = Files.writeString(entry.resolve(".other.so." + ProcessHandle.current().pid() + ".2f.tmp"), "mine");
        Path staleLoad = Files.createDirectory(dir.resolve(".load-" + gone + "-3f"));
        Files.writeString(staleLoad.resolve("libxor.so"), "x");
        Path notOurs = Files.createDirectory(dir.resolve(".load-notapid-4f"));
        // a library written: its entry's stale temporaries go; a load: the stale load directories go
        cache().prepare(sha(other), "other.so", other);
        assertFalse(Files.exists(staleTmp));
        assertFalse(Files.exists(staleLoad));
        assertTrue(Files.exists(liveTmp), "this process's own temporary is not touched");
        assertTrue(Files.exists(notOurs), "a name that is not a load directory's is not touched");
    }

    @Test
    void badArgumentsAreRefusedInOneLine() {
        assertEquals("'abc' is not a SHA-256 of 64 lower-case hexadecimal digits", assertThrows(
                IllegalArgumentException.class, () -> cache().prepare("abc", "libxor.so", LIB)).getMessage());
        assertEquals("'../evil.so' is not a plain file name", assertThrows(IllegalArgumentException.class,
                () -> cache().prepare(HASH, "../evil.so", LIB)).getMessage());
    }

    @Test
    void theDirectoryFollowsEachOsConventionAndARelativeOneIsRefused() {
        PathSafety s = PathSafety.forThisProcess();
        MountOptions m = MountOptions.of("");
        assertEquals(Path.of("/xdg/cpufeatures/native"), NativeCache.forUser(Map.of("XDG_CACHE_HOME", "/xdg"),
                OperatingSystem.LINUX, null, "/home/u", s, m).directory());
        assertEquals(Path.of("/home/u/.cache/cpufeatures/native"), NativeCache.forUser(Map.of("XDG_CACHE_HOME", "rel"),
                OperatingSystem.LINUX, null, "/home/u", s, m).directory(), "a relative XDG value is ignored");
        assertEquals(Path.of("/home/u/.cache/cpufeatures/native"), NativeCache.forUser(Map.of(),
                OperatingSystem.FREEBSD, null, "/home/u", s, m).directory());
        assertEquals(Path.of("/home/u/Library/Caches/cpufeatures/native"), NativeCache.forUser(Map.of(),
                OperatingSystem.MACOS, null, "/home/u", s, m).directory());
        assertEquals(Path.of("/var/cache/app"), NativeCache.forUser(Map.of("XDG_CACHE_HOME", "/xdg"),
                OperatingSystem.LINUX, "/var/cache/app", "/home/u", s, m).directory());
        for (String bad : new String[] {"", " ", "cache"}) {
            NativeCache c = NativeCache.forUser(Map.of(), OperatingSystem.LINUX, bad, "/home/u", s, m);
            NativeCacheException e = assertThrows(NativeCacheException.class, () -> c.prepare(HASH, "libxor.so", LIB));
            assertEquals(NativeCacheException.Kind.CONFIGURATION, e.kind());
            assertEquals("cpufeatures.native.cache='" + bad + "' is not an absolute path; give the directory native"
                    + " libraries are unpacked to, e.g. -Dcpufeatures.native.cache=/var/cache/myapp", e.getMessage());
        }
        // a uid with no passwd entry: the JVM's user.home is "?", and "?/.cache" would be the working directory's
        NativeCache noHome = NativeCache.forUser(Map.of(), OperatingSystem.LINUX, null, "?", s, m);
        assertNull(noHome.directory());
        assertEquals("user.home is '?', not an absolute directory (a user with no passwd entry?), so there is no cache"
                + " directory of this user's: set -Dcpufeatures.native.cache=/absolute/dir or XDG_CACHE_HOME",
                assertThrows(NativeCacheException.class, () -> noHome.prepare(HASH, "libxor.so", LIB)).getMessage());
        assertEquals(Path.of("/xdg/cpufeatures/native"), NativeCache.forUser(Map.of("XDG_CACHE_HOME", "/xdg"),
                OperatingSystem.LINUX, null, "?", s, m).directory(), "XDG_CACHE_HOME serves where the home does not");
    }

    @Test
    void theFileSystemsRefusalsAreNamedByErrno() {
        assertEquals("ENOSPC", NativeCache.errno("No space left on device"));
        assertEquals("EROFS", NativeCache.errno("Read-only file system"));
        assertEquals("EACCES", NativeCache.errno("Permission denied"));
        assertNull(NativeCache.errno("something else"));
        NativeCacheException e = NativeCache.writeFailure(Path.of("/c/x"),
                new java.nio.file.FileSystemException("/c/x", null, "No space left on device"));
        assertEquals("cannot write the native cache at /c/x: No space left on device (ENOSPC); free space there, or set"
                + " -Dcpufeatures.native.cache to another file system", e.getMessage());
        assertTrue(e.everyLibrary());
        // EACCES as the JDK reports it: an AccessDeniedException, no reason, its message the path alone
        NativeCacheException denied = NativeCache.writeFailure(Path.of("/c"), new java.nio.file.AccessDeniedException("/c/x"));
        assertEquals("cannot write the native cache at /c/x: Permission denied (EACCES); give this user the directory,"
                + " or set -Dcpufeatures.native.cache to one of this user's", denied.getMessage());
        assertTrue(denied.everyLibrary());
    }
}
