package io.cpufeatures.os;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where bundled native libraries are kept to be loaded, and the one way they are handed to a loader: a
 * content-addressed directory, {@code DIR/SHA-256/FILE}, written once and reused by every process of the user, whose
 * entry's bytes are compared with the library's before the loader is given its path. Nobody else can change what is
 * loaded:
 *
 * <ul>
 *   <li>DIR is {@value #DIRECTORY_PROPERTY} (an absolute path), else the user's cache directory by the OS's
 *       convention with {@code cpufeatures/native} below it; a relative one (a {@code user.home} of {@code ?}, as for
 *       a uid with no passwd entry) is refused;
 *   <li>every directory on DIR's real path belongs to this user or root and is writable by nobody else (a sticky
 *       {@code /tmp} only above a directory this user owns: {@link PathSafety}); the directories the cache makes
 *       are made 0700, and every one it uses must be a directory, not a symbolic link, closed to others;
 *   <li>a missing entry is written through a temporary file and a hard link to it ({@code link(2)}, which never
 *       replaces a name that exists; a rename where the file system has no hard links), so an entry is whole or
 *       absent, and once there it is never replaced by this library; one that exists must be a regular file closed to
 *       others, of the library's size (compared before anything is read, and no more than that is read), with its
 *       bytes; anything else there (other bytes, a link, a file others can write) was changed since it was written,
 *       and is neither loaded nor replaced: a {@link NativeCacheException} of kind
 *       {@link NativeCacheException.Kind#DAMAGED} names it, and the caller's fallback answers;
 *   <li>the file handed to the loader is that entry, its bytes compared with the library's after it was placed (or
 *       found) there. What the loader maps is what was compared: between the comparison and the load, only this
 *       user and root can change anything on its path (every directory from {@code /} to the entry is theirs and
 *       closed to others, the file is theirs and written by nobody else), and they can change this process's memory
 *       as well. This is the guarantee a directory of the process's own gave, which earlier versions made for each
 *       load, hard-linked the entry into and removed at exit: that directory lay in DIR too, so the same two users,
 *       and only they, could change it;
 *   <li>a directory on a {@code noexec} mount, where no library can be mapped, is refused before anything is
 *       written (the mount table is read only then); where an entry already there fails to map ({@code noexec}
 *       added since), {@link NativeLibraries#unmappable} tells the same refusal from the loader's error; a write the
 *       file system refuses is reported with its errno.
 * </ul>
 *
 * A refusal is a {@link NativeCacheException} naming the directory or file and the fix. Where an entry is found whole,
 * nothing is written, listed or created: one {@code lstat} per directory on DIR's path, per entry directory and per
 * file, and one read of the file. Temporary files of processes that are gone (killed mid-way), and the load
 * directories earlier versions made, are removed when this process writes an entry.
 */
public final class NativeCache {

    /** The system property naming the cache directory. */
    public static final String DIRECTORY_PROPERTY = "cpufeatures.native.cache";
    /** The largest library handed out; real ones are kilobytes to tens of megabytes. */
    public static final int MAX_BYTES = 256 << 20;

    /** The directories earlier versions made for each load, removed when their process is gone. */
    private static final String LOAD_PREFIX = ".load-";

    private final Path configured;
    /** How many directories, from {@code configured} up, the cache keeps as its own ({@code cpufeatures/native}). */
    private final int own;
    private final NativeCacheException configuration;
    private final PathSafety safety;
    private final MountOptions mounts;
    /** DIR's real path once checked, or the refusal; guarded by this. */
    private Path checked;
    private NativeCacheException refused;

    private NativeCache(Path configured, int own, NativeCacheException configuration, PathSafety safety,
            MountOptions mounts) {
        this.configured = configured;
        this.own = own;
        this.configuration = configuration;
        this.safety = safety;
        this.mounts = mounts;
    }

    /**
     * The cache of this process's user: {@value #DIRECTORY_PROPERTY} if set, else {@code $XDG_CACHE_HOME} or
     * {@code ~/.cache} (Linux, FreeBSD), {@code ~/Library/Caches} (macOS), {@code %LOCALAPPDATA%} (Windows), with
     * {@code cpufeatures/native} below it. Nothing is read or checked until a library is asked for.
     *
     * @param env the environment to read ({@code System.getenv()})
     * @return the cache; a configuration that gives no absolute directory makes one that refuses every library
     */
    public static NativeCache forUser(Map<String, String> env) {
        return forUser(env, OperatingSystem.current(), System.getProperty(DIRECTORY_PROPERTY),
                System.getProperty("user.home", ""), PathSafety.forThisProcess(), MountOptions.ofThisProcess());
    }

    static NativeCache forUser(Map<String, String> env, OperatingSystem os, String given, String home,
            PathSafety safety, MountOptions mounts) {
        if (given != null) {
            Path p = absolute(given);
            if (p == null) {
                return refusing(DIRECTORY_PROPERTY + "='" + given + "' is not an absolute path; give the directory"
                        + " native libraries are unpacked to, e.g. -D" + DIRECTORY_PROPERTY + "=/var/cache/myapp", safety);
            }
            return new NativeCache(p, 1, null, safety, mounts);
        }
        // if, not a switch on the enum: that is a class of its own (the switch's map) to load on a cold JVM
        Path base;
        if (os == OperatingSystem.MACOS) {
            base = under(home, "Library/Caches");
        } else if (os == OperatingSystem.WINDOWS) {
            base = absolute(env.get("LOCALAPPDATA")) != null ? absolute(env.get("LOCALAPPDATA"))
                    : under(home, "AppData/Local");
        } else {
            base = absolute(env.get("XDG_CACHE_HOME")) != null ? absolute(env.get("XDG_CACHE_HOME"))
                    : under(home, ".cache");
        }
        if (base == null) {
            return refusing("user.home is '" + home + "', not an absolute directory (a user with no passwd entry?), so"
                    + " there is no cache directory of this user's: set -D" + DIRECTORY_PROPERTY + "=/absolute/dir"
                    + (os == OperatingSystem.WINDOWS ? "" : " or XDG_CACHE_HOME"), safety);
        }
        return new NativeCache(base.resolve("cpufeatures").resolve("native"), 2, null, safety, mounts);
    }

    /** {@return the cache at {@code dir} (absolute), all of whose directories it makes and checks as its own} */
    static NativeCache at(Path dir, PathSafety safety, MountOptions mounts) {
        return new NativeCache(dir, 1, null, safety, mounts);
    }

    private static NativeCache refusing(String why, PathSafety safety) {
        return new NativeCache(null, 0, new NativeCacheException(NativeCacheException.Kind.CONFIGURATION, true, why),
                safety, MountOptions.of(""));
    }

    /** {@return the directory the cache is configured at, or null when the configuration gives none} */
    public Path directory() {
        return configured;
    }

    /** A library handed to a loader: the cache's entry, compared with the library's bytes. */
    public static final class Prepared implements AutoCloseable {
        private final Path file;
        private final boolean written;
        private final NativeCache cache;

        private Prepared(Path file, boolean written, NativeCache cache) {
            this.file = file;
            this.written = written;
            this.cache = cache;
        }

        /** {@return the file to load: its bytes were compared with the library's after it was placed or found here} */
        public Path path() {
            return file;
        }

        /**
         * {@return whether this process wrote the cache's entry (it was missing); false when the
         * cache held the library's bytes already}
         */
        public boolean written() {
            return written;
        }

        /**
         * Why the loader could not map this file, where the cause is the cache's and no library escapes it: the
         * cache's directory lies on a {@code noexec} mount (one made so after the entry was written; a cache found on
         * one is refused before anything is written there). The loader's error alone does not say so: glibc's
         * {@code dlopen} says "failed to map segment from shared object", which a lack of memory gives too, so the
         * mount table is read, now, to confirm it.
         *
         * @param failure the loader's error message ({@link UnsatisfiedLinkError#getMessage()}); may be null
         * @return the refusal, the one a cache found on that mount gives; null when the failure is not that
         */
        NativeCacheException unmappable(String failure) {
            if (failure == null || !failure.contains("failed to map segment")) {
                return null;
            }
            return cache.noexecRefusal(file.getParent().getParent());
        }

        /** {@return the configured directory of the cache that placed it: what refusals are kept by} */
        Path cacheDirectory() {
            return cache.configured;
        }

        /** Nothing to release: the file is the cache's entry, kept for this user's next process. */
        @Override
        public void close() {
            // the entry stays: a mapped file that exists is what a reader of the process's maps expects to see
        }
    }

    /**
     * The library {@code bytes}, cached as {@code SHA/FILE}, for loading from there.
     *
     * @param sha256   the library's SHA-256 as its manifest gives it (the caller has checked the bytes against it, or
     *                 trusts their source), 64 lower-case hexadecimal digits: the cache entry's name
     * @param fileName the file's name, e.g. {@code libxor.so}; a plain name
     * @param bytes    the library's bytes, at most {@link #MAX_BYTES}
     * @return the file to load
     * @throws NativeCacheException why it cannot be had from this cache, in one line with the fix
     */
    public Prepared prepare(String sha256, String fileName, byte[] bytes) throws NativeCacheException {
        Objects.requireNonNull(bytes, "bytes");
        if (sha256 == null || sha256.length() != 64 || !lowerHex(sha256)) {
            throw new IllegalArgumentException("'" + sha256 + "' is not a SHA-256 of 64 lower-case hexadecimal digits");
        }
        if (fileName == null || fileName.isEmpty() || fileName.startsWith(".") || fileName.indexOf('/') >= 0
                || fileName.indexOf('\\') >= 0 || fileName.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("'" + fileName + "' is not a plain file name");
        }
        if (bytes.length > MAX_BYTES) {
            throw new IllegalArgumentException(fileName + " is " + bytes.length + " bytes; a library handed out is at"
                    + " most " + (MAX_BYTES >> 20) + " MiB");
        }
        Path root = root();
        Path entry = root.resolve(sha256);
        Path cached = entry.resolve(fileName);
        Map<String, Object> found = null;
        Map<String, Object> e;
        try {
            e = safety.attributesIfAny(entry);
        } catch (IOException x) {
            throw writeFailure(entry, x);
        }
        if (e == null) {
            // nothing of this library here yet: the mount table is read only now, before anything is written
            refuseNoexec(root);
            ownDirectory(entry, false);
        } else {
            String why = safety.unsafeDirectory(entry, e);
            if (why != null) {
                throw unsafe(why, false);
            }
            try {
                found = safety.attributesIfAny(cached);
            } catch (IOException x) {
                throw new NativeCacheException(NativeCacheException.Kind.DAMAGED, false, "the cached " + cached
                        + " cannot be read: " + x.getMessage() + "; not loaded: remove it to have the library written"
                        + " there again");
            }
            if (found == null) {
                refuseNoexec(root);
            }
        }
        boolean written = found == null;
        if (written) {
            Writing.write(root, entry, cached, bytes);
        }
        String changed = changed(cached, found, bytes);
        if (changed != null) {
            throw new NativeCacheException(NativeCacheException.Kind.DAMAGED, false, changed + "; not loaded:"
                    + " remove it to have the library written there again");
        }
        return new Prepared(cached, written, this);
    }

    /** DIR's real path, made and checked on first use; the refusal, kept, on every later one. */
    private synchronized Path root() throws NativeCacheException {
        if (configuration != null) {
            throw configuration;
        }
        if (refused != null) {
            throw refused;
        }
        if (checked != null) {
            return checked;
        }
        try {
            checked = makeRoot();
            return checked;
        } catch (NativeCacheException e) {
            refused = e;
            throw e;
        }
    }

    /**
     * DIR, checked and made: its path resolved once ({@link PathSafety#checkedDirectoryChain}) and that result used
     * from then on, so that a symbolic link on the configured path changed meanwhile cannot move the cache outside
     * what was checked. What is missing is made 0700 below the checked part, from the outermost down (as XDG asks of
     * a cache directory), and what the cache keeps as its own ({@code cpufeatures/native}) must be closed to others
     * whoever made it.
     */
    private Path makeRoot() throws NativeCacheException {
        PathSafety.Checked chain;
        try {
            chain = safety.checkedDirectoryChain(configured);
        } catch (IOException e) {
            throw new NativeCacheException(NativeCacheException.Kind.UNSAFE, true, "the native cache " + configured
                    + " cannot be checked: " + e.getMessage() + "; " + fix());
        }
        if (chain.unsafe() != null) {
            throw new NativeCacheException(NativeCacheException.Kind.UNSAFE, true, "the native cache " + configured
                    + " is not safe to load code from: " + chain.unsafe() + "; " + fix());
        }
        Path root = chain.path();
        int missing = 0;
        for (Path p = root; p != null && !Files.exists(p, LinkOption.NOFOLLOW_LINKS); p = p.getParent()) {
            missing++;
        }
        for (int i = Math.max(missing, own) - 1; i >= 0; i--) {
            Path dir = root;
            for (int up = 0; up < i; up++) {
                dir = dir.getParent();
            }
            ownDirectory(dir, true);
        }
        return root;
    }

    /** Refuses {@code root} (checked) where it lies on a {@code noexec} mount: asked before anything is written. */
    private void refuseNoexec(Path root) throws NativeCacheException {
        NativeCacheException e = noexecRefusal(root);
        if (e != null) {
            throw e;
        }
    }

    /** The refusal of {@code root} (checked) where the mount table says it lies on a {@code noexec} mount, or null. */
    private NativeCacheException noexecRefusal(Path root) {
        String noexec = mounts.noexecMountOf(root);
        if (noexec == null) {
            return null;
        }
        return new NativeCacheException(NativeCacheException.Kind.NOEXEC, true, "the native cache " + root
                + " is on " + noexec + ", mounted noexec, where no library can be mapped executable (mmap: EPERM);"
                + " set -D" + DIRECTORY_PROPERTY + " to a directory of this user's on a file system that allows"
                + " it");
    }

    private NativeCacheException unsafe(String why, boolean cacheItself) {
        return new NativeCacheException(NativeCacheException.Kind.UNSAFE, cacheItself, "the native cache " + configured
                + " is not safe to load code from: " + why + "; " + fix());
    }

    private static String fix() {
        return "make it this user's and closed to others (chmod 700), or set -D" + DIRECTORY_PROPERTY
                + " to such a directory";
    }

    /**
     * {@code dir}, made 0700 if missing, refused unless it is a directory of this user's or root's closed to others:
     * one {@code lstat} where it exists.
     */
    private Path ownDirectory(Path dir, boolean cacheItself) throws NativeCacheException {
        try {
            Map<String, Object> a = safety.attributesIfAny(dir);
            if (a == null) {
                Writing.createDirectory(dir);
                a = safety.attributesIfAny(dir);
                if (a == null) {
                    // removed as soon as made (IOException itself: a subclass is a class to load, to verify this one)
                    throw new IOException("No such file or directory");
                }
            }
            String why = safety.unsafeDirectory(dir, a);
            if (why != null) {
                throw unsafe(why, cacheItself);
            }
            return dir;
        } catch (NativeCacheException e) {
            throw e;
        } catch (IOException e) {
            throw writeFailure(dir, e);
        }
    }

    /**
     * Why {@code cached} is not the library as this cache wrote it, or null when it is: a regular file closed to others
     * of exactly {@code bytes}, its size compared before anything is read. A content-addressed entry is written once,
     * and never replaced by this library, so anything else there was put there since: it is neither loaded nor
     * replaced, so that what changed it can be looked into.
     *
     * @param found what one {@code lstat} of it said, or null to ask now (this process just wrote it)
     */
    private String changed(Path cached, Map<String, Object> found, byte[] bytes) {
        try {
            Map<String, Object> a = found != null ? found : safety.attributesIfAny(cached);
            if (a == null) {
                return "the cached " + cached + " is gone, right after it was written";
            }
            if (PathSafety.symbolicLink(a)) {
                return "the cached " + cached + " is a symbolic link, where the library's file was written";
            }
            String why = safety.unsafeFile(cached, a);
            if (why != null) {
                return "the cached " + cached + " is not as it was written: " + why;
            }
            if (PathSafety.size(a) != bytes.length) {
                return "the cached " + cached + " is " + PathSafety.size(a) + " bytes, not the library's " + bytes.length
                        + ": changed since it was written";
            }
            return sameBytes(cached, bytes) ? null : "the cached " + cached + " does not hold the library's "
                    + bytes.length + " bytes: changed since it was written";
        } catch (IOException e) {
            return "the cached " + cached + " cannot be read: " + e.getMessage();
        }
    }

    /**
     * Whether {@code file} holds {@code bytes} and no more; reads no more than one byte past them. Read through
     * java.io, which a cold JVM has loaded already, not a channel of NIO's (a score of classes more): the file was
     * found a regular file, not a link, by an {@code lstat} of a directory only this user and root can change.
     */
    private static boolean sameBytes(Path file, byte[] bytes) throws IOException {
        byte[] read;
        try (InputStream in = new FileInputStream(file.toString())) {
            read = in.readNBytes(bytes.length + 1);
        }
        return Arrays.equals(read, bytes);
    }

    /**
     * What only a write needs, in a class of its own, which a process that finds its library cached never loads: its
     * permission sets are {@code EnumSet}s, whose making a cold JVM pays for in reflection, and the exceptions its
     * methods catch are classes the JDK loads to verify the class that names them.
     */
    private static final class Writing {
        static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");
        static final Set<PosixFilePermission> OWNER_WRITE = PosixFilePermissions.fromString("rw-------");
        static final Set<PosixFilePermission> OWNER_READ = PosixFilePermissions.fromString("r--------");

        private Writing() {
        }

        /** Creates {@code file} (it must not exist), writes {@code bytes}, and leaves it readable by its owner only. */
        static void writeNew(Path file, byte[] bytes) throws IOException {
            try (SeekableByteChannel out = Files.newByteChannel(file, Set.of(StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE), permissions(OWNER_WRITE))) {
                ByteBuffer b = ByteBuffer.wrap(bytes);
                while (b.hasRemaining()) {
                    out.write(b);
                }
            }
            if (posixFileSystem(file)) {
                Files.setPosixFilePermissions(file, OWNER_READ);
            }
        }

        static FileAttribute<?>[] permissions(Set<PosixFilePermission> p) {
            return posixFileSystem(Path.of("")) ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(p)}
                    : new FileAttribute<?>[0];
        }

        private static boolean posixFileSystem(Path any) {
            return any.getFileSystem().supportedFileAttributeViews().contains("posix");
        }

        /**
         * Writes {@code bytes} to {@code cached} through a temporary file of this process's beside it and a hard link to
         * that, which never replaces an entry another process placed meanwhile (that one is then compared like one
         * found); a rename where the file system has no hard links. Only here are the clean-ups done: the temporaries of
         * processes that are gone, and earlier versions' load directories.
         */
        static void write(Path root, Path entry, Path cached, byte[] bytes) throws NativeCacheException {
            removeStaleTemporaries(entry);
            removeStaleLoads(root);
            Path tmp = entry.resolve("." + cached.getFileName() + "." + ownPid() + "."
                    + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
            try {
                writeNew(tmp, bytes);
                try {
                    Files.createLink(cached, tmp);
                } catch (FileAlreadyExistsException e) {
                    // another process placed it first: compared like an entry found
                } catch (UnsupportedOperationException | IOException e) {
                    // no hard links on this file system
                    try {
                        Files.move(tmp, cached, StandardCopyOption.ATOMIC_MOVE);
                    } catch (AtomicMoveNotSupportedException a) {
                        Files.move(tmp, cached);
                    }
                }
            } catch (FileAlreadyExistsException e) {
                // the rename's target was placed meanwhile: compared like an entry found
            } catch (IOException e) {
                throw writeFailure(cached, e);
            } finally {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException e) {
                    // removed by a later process's clean-up
                }
            }
        }

        /** Makes {@code dir}, 0700; one made meanwhile by another process is fine (it is checked like one made now). */
        static void createDirectory(Path dir) throws IOException {
            try {
                Files.createDirectory(dir, permissions(OWNER_ONLY));
            } catch (FileAlreadyExistsException e) {
                // checked by the caller
            }
        }

        /** Removes the load directories of earlier versions below {@code root} whose processes are gone. */
        private static void removeStaleLoads(Path root) {
            // no glob: a glob's matcher is a regex, which a cold JVM's first answer must not compile; and java.io's
            // listing, not a DirectoryStream: that is a dozen classes more and, on JDK 25, a lambda spun on every first
            // answer
            String[] names = root.toFile().list();
            if (names == null) {
                return;
            }
            try {
                for (String name : names) {
                    if (!name.startsWith(LOAD_PREFIX)) {
                        continue;
                    }
                    Path dir = root.resolve(name);
                    int dash = name.indexOf('-', LOAD_PREFIX.length());
                    if (dash > 0 && gone(name.substring(LOAD_PREFIX.length(), dash))
                            && !Files.isSymbolicLink(dir) && Files.isDirectory(dir)) {
                        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
                            for (Path f : files) {
                                Files.deleteIfExists(f);
                            }
                        }
                        Files.deleteIfExists(dir);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // a clean-up: what it cannot remove now, a later process will
            }
        }

        /** Removes the temporary files in {@code entry} of processes that are gone ({@code .FILE.PID.RANDOM.tmp}). */
        private static void removeStaleTemporaries(Path entry) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(entry)) {
                for (Path tmp : entries) {
                    String name = tmp.getFileName().toString();
                    if (!name.startsWith(".") || !name.endsWith(".tmp")) {
                        continue;
                    }
                    String[] parts = tmp.getFileName().toString().split("\\.");
                    if (parts.length >= 5 && gone(parts[parts.length - 3])) {
                        Files.deleteIfExists(tmp);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // a clean-up: what it cannot remove now, a later process will
            }
        }

        /**
         * This process's id: on Linux the name {@code /proc/self} links to, which spares a cold JVM the initialisation of
         * {@code ProcessHandle}'s implementation (its reaper's lambdas); {@code ProcessHandle} elsewhere.
         */
        private static long ownPid() {
            Path self = Path.of("/proc/self");
            try {
                if (Files.isSymbolicLink(self)) {
                    return Long.parseLong(Files.readSymbolicLink(self).toString());
                }
            } catch (IOException | NumberFormatException | UnsupportedOperationException e) {
                // below
            }
            return ProcessHandle.current().pid();
        }

        /** Whether the process {@code pid} (decimal) no longer runs; a name that is no pid is not touched. */
        private static boolean gone(String pid) {
            long id;
            try {
                id = Long.parseLong(pid);
            } catch (NumberFormatException e) {
                return false;
            }
            if (id == ownPid()) {
                return false;
            }
            Path proc = Path.of("/proc");
            if (Files.isDirectory(proc.resolve("self"))) {
                return !Files.exists(proc.resolve(Long.toString(id)));
            }
            return ProcessHandle.of(id).isEmpty();
        }
    }

    /**
     * A write the file system refused: {@code PATH: Reason} ({@link IoFailure}: the OS's reason once, the path once,
     * an {@link java.nio.file.AccessDeniedException}'s "Permission denied" too), its errno and the fix.
     */
    static NativeCacheException writeFailure(Path where, IOException e) {
        String errno = errno(IoFailure.reason(e));
        boolean every = errno != null && !errno.equals("EEXIST");
        return new NativeCacheException(NativeCacheException.Kind.WRITE, every, "cannot write the native cache at "
                + IoFailure.describe(where, e) + (errno == null ? "" : " (" + errno + ")") + "; " + remedy(errno));
    }

    /** The errno of a strerror text (glibc's, as the JDK reports a failed system call), or null. */
    static String errno(String reason) {
        if (reason == null) {
            return null;
        }
        return switch (reason.toLowerCase(Locale.ROOT)) {
            case "no space left on device" -> "ENOSPC";
            case "read-only file system" -> "EROFS";
            case "permission denied" -> "EACCES";
            case "operation not permitted" -> "EPERM";
            case "disk quota exceeded" -> "EDQUOT";
            case "file exists" -> "EEXIST";
            default -> null;
        };
    }

    private static String remedy(String errno) {
        if (errno == null) {
            return "set -D" + DIRECTORY_PROPERTY + " to a directory this user can write";
        }
        return switch (errno) {
            case "ENOSPC", "EDQUOT" -> "free space there, or set -D" + DIRECTORY_PROPERTY + " to another file system";
            case "EROFS" -> "set -D" + DIRECTORY_PROPERTY + " to a directory on a writable file system";
            default -> "give this user the directory, or set -D" + DIRECTORY_PROPERTY + " to one of this user's";
        };
    }

    /** {@code value} as an absolute path, or null when it is unset, empty, relative or no path at all. */
    static Path absolute(String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            Path p = Path.of(value);
            return p.isAbsolute() ? p : null;
        } catch (IllegalArgumentException e) {
            // InvalidPathException, not named: a class the JDK would load to verify this one
            return null;
        }
    }

    private static Path under(String home, String sub) {
        Path h = absolute(home);
        return h == null ? null : h.resolve(sub);
    }

    private static boolean lowerHex(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }
}
