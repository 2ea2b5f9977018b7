package io.cpufeatures.os;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
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
 * content-addressed directory, {@code DIR/SHA-256/FILE}, written once and reused by every process of the user, and
 * for each load a directory of this process's own holding the file (a hard link to the cached one, or a copy) whose
 * bytes are compared with the library's before the loader is given its path. Nobody else can change what is loaded:
 *
 * <ul>
 *   <li>DIR is {@value #DIRECTORY_PROPERTY} (an absolute path), else the user's cache directory by the OS's
 *       convention with {@code cpufeatures/native} below it; a relative one (a {@code user.home} of {@code ?}, as for
 *       a uid with no passwd entry) is refused;
 *   <li>every directory on DIR's real path belongs to this user or root and is writable by nobody else (a sticky
 *       {@code /tmp} only above a directory this user owns: {@link PathSafety}); the directories the cache makes
 *       are made 0700, and every one it uses must be a directory, not a symbolic link, closed to others;
 *   <li>a missing entry is written through a temporary file and a rename, so an entry is whole or absent; one that
 *       exists must be a regular file closed to others, of the library's size (compared before anything is read, and
 *       no more than that is read), with its bytes; anything else there (other bytes, a link, a file others can
 *       write) was changed since it was written, and is neither loaded nor replaced: a {@link NativeCacheException}
 *       of kind {@link NativeCacheException.Kind#DAMAGED} names it, and the caller's fallback answers;
 *   <li>the file handed to the loader lies in a directory this process made exclusively (0700), and its bytes are
 *       read back through that path and compared before it is handed over: what the loader maps is what was
 *       compared, whatever happens to the shared entry meanwhile;
 *   <li>a directory on a {@code noexec} mount, where no library can be mapped, is refused before anything is
 *       written; a write the file system refuses is reported with its errno.
 * </ul>
 *
 * A refusal is a {@link NativeCacheException} naming the directory or file and the fix. Temporary files and load
 * directories of processes that are gone (killed mid-way) are removed when the cache is next written or used.
 */
public final class NativeCache {

    /** The system property naming the cache directory. */
    public static final String DIRECTORY_PROPERTY = "cpufeatures.native.cache";
    /** The largest library handed out; real ones are kilobytes to tens of megabytes. */
    public static final int MAX_BYTES = 256 << 20;

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> OWNER_WRITE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> OWNER_READ = PosixFilePermissions.fromString("r--------");
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
        Path base = switch (os) {
            case MACOS -> under(home, "Library/Caches");
            case WINDOWS -> absolute(env.get("LOCALAPPDATA")) != null ? absolute(env.get("LOCALAPPDATA"))
                    : under(home, "AppData/Local");
            default -> absolute(env.get("XDG_CACHE_HOME")) != null ? absolute(env.get("XDG_CACHE_HOME"))
                    : under(home, ".cache");
        };
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

    /** A library handed to a loader: its path, in a directory of this process's own until closed. */
    public static final class Prepared implements AutoCloseable {
        private final Path file;
        private final Path dir;
        private final boolean written;

        private Prepared(Path file, Path dir, boolean written) {
            this.file = file;
            this.dir = dir;
            this.written = written;
        }

        /** {@return the file to load: its bytes were compared with the library's after it was placed here} */
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
         * Marks the file and its directory for removal when this JVM exits, once loaded: until then the process's map
         * of its memory names a file that exists (a mapped file that was deleted reads as a warning sign to those who
         * watch processes). A process that is killed leaves them to a later process's clean-up.
         */
        @Override
        public void close() {
            // deleted in the reverse order: the file, then its directory
            dir.toFile().deleteOnExit();
            file.toFile().deleteOnExit();
        }

        /** Removes the file and its directory now: it was not handed to a loader. */
        private void discard() {
            try {
                Files.deleteIfExists(file);
                Files.deleteIfExists(dir);
            } catch (IOException e) {
                // left for a later process's clean-up of load directories whose process is gone
            }
        }
    }

    /**
     * The library {@code bytes}, cached as {@code SHA/FILE} and placed for loading in a directory of this process's
     * own.
     *
     * @param sha256   the library's SHA-256 as its manifest gives it (the caller has checked the bytes against it, or
     *                 trusts their source), 64 lower-case hexadecimal digits: the cache entry's name
     * @param fileName the file's name, e.g. {@code libxor.so}; a plain name
     * @param bytes    the library's bytes, at most {@link #MAX_BYTES}
     * @return the file to load; close it once loaded (or not), which removes it when the JVM exits
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
        Path entry = ownDirectory(root.resolve(sha256), false);
        Path cached = entry.resolve(fileName);
        boolean written = !Files.exists(cached, LinkOption.NOFOLLOW_LINKS);
        if (written) {
            write(entry, cached, bytes);
        } else {
            String changed = changed(cached, bytes);
            if (changed != null) {
                throw new NativeCacheException(NativeCacheException.Kind.DAMAGED, false, changed + "; not loaded:"
                        + " remove it to have the library written there again");
            }
        }
        removeStaleLoads(root);
        Path dir = newLoadDirectory(root);
        Path file = dir.resolve(fileName);
        try {
            try {
                Files.createLink(file, cached);
            } catch (UnsupportedOperationException | IOException e) {
                // no hard links here (another file system, a link to a file of root's under protected_hardlinks)
                writeNew(file, bytes);
            }
            String why = safety.unsafeFile(file);
            if (why != null || !sameBytes(file, bytes)) {
                throw new NativeCacheException(NativeCacheException.Kind.DAMAGED, false, why != null ? why
                        : file + " does not hold the library's " + bytes.length + " bytes after it was placed there;"
                        + " not loaded");
            }
            return new Prepared(file, dir, written);
        } catch (NativeCacheException e) {
            new Prepared(file, dir, written).discard();
            throw e;
        } catch (IOException e) {
            new Prepared(file, dir, written).discard();
            throw writeFailure(file, e);
        }
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
        String noexec = mounts.noexecMountOf(root);
        if (noexec != null) {
            throw new NativeCacheException(NativeCacheException.Kind.NOEXEC, true, "the native cache " + root
                    + " is on " + noexec + ", mounted noexec, where no library can be mapped executable (mmap: EPERM);"
                    + " set -D" + DIRECTORY_PROPERTY + " to a directory of this user's on a file system that allows"
                    + " it");
        }
        return root;
    }

    private static String fix() {
        return "make it this user's and closed to others (chmod 700), or set -D" + DIRECTORY_PROPERTY
                + " to such a directory";
    }

    /** {@code dir}, made 0700 if missing, refused unless it is a directory of this user's or root's closed to others. */
    private Path ownDirectory(Path dir, boolean cacheItself) throws NativeCacheException {
        try {
            try {
                Files.createDirectory(dir, permissions(OWNER_ONLY));
            } catch (FileAlreadyExistsException e) {
                // made before, by this or another process: checked below like one made now
            }
            String why = safety.unsafeOwnDirectory(dir);
            if (why != null) {
                throw new NativeCacheException(NativeCacheException.Kind.UNSAFE, cacheItself, "the native cache "
                        + configured + " is not safe to load code from: " + why + "; " + fix());
            }
            return dir;
        } catch (NativeCacheException e) {
            throw e;
        } catch (IOException e) {
            throw writeFailure(dir, e);
        }
    }

    /**
     * Why the existing {@code cached} is not the library as this cache wrote it, or null when it is: a regular file
     * closed to others of exactly {@code bytes}, its size compared before anything is read. A content-addressed entry
     * is written once, through a rename, so anything else there was put there since: it is neither loaded nor
     * replaced, so that what changed it can be looked into.
     */
    private String changed(Path cached, byte[] bytes) {
        try {
            if (Files.isSymbolicLink(cached)) {
                return "the cached " + cached + " is a symbolic link, where the library's file was written";
            }
            String why = safety.unsafeFile(cached);
            if (why != null) {
                return "the cached " + cached + " is not as it was written: " + why;
            }
            long size = Files.size(cached);
            if (size != bytes.length) {
                return "the cached " + cached + " is " + size + " bytes, not the library's " + bytes.length
                        + ": changed since it was written";
            }
            return sameBytes(cached, bytes) ? null : "the cached " + cached + " does not hold the library's "
                    + bytes.length + " bytes: changed since it was written";
        } catch (IOException e) {
            return "the cached " + cached + " cannot be read: " + e.getMessage();
        }
    }

    /** Whether {@code file} is {@code bytes.length} long and holds {@code bytes}; reads no more than that. */
    private static boolean sameBytes(Path file, byte[] bytes) throws IOException {
        if (Files.size(file) != bytes.length) {
            return false;
        }
        byte[] read;
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            read = in.readNBytes(bytes.length + 1);
        }
        return Arrays.equals(read, bytes);
    }

    /** Writes {@code bytes} to {@code cached} through a temporary file of this process's beside it and a rename. */
    private void write(Path entry, Path cached, byte[] bytes) throws NativeCacheException {
        removeStaleTemporaries(entry);
        Path tmp = entry.resolve("." + cached.getFileName() + "." + ownPid() + "."
                + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
        try {
            writeNew(tmp, bytes);
            try {
                Files.move(tmp, cached, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, cached, StandardCopyOption.REPLACE_EXISTING);
            }
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

    /** Creates {@code file} (it must not exist), writes {@code bytes}, and leaves it readable by its owner only. */
    private static void writeNew(Path file, byte[] bytes) throws IOException {
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

    private static FileAttribute<?>[] permissions(Set<PosixFilePermission> p) {
        return posixFileSystem(Path.of("")) ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(p)}
                : new FileAttribute<?>[0];
    }

    private static boolean posixFileSystem(Path any) {
        return any.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    /** A directory of this process's own below the root, made exclusively, 0700. */
    private Path newLoadDirectory(Path root) throws NativeCacheException {
        for (int attempt = 0; ; attempt++) {
            Path dir = root.resolve(LOAD_PREFIX + ownPid() + "-"
                    + Long.toHexString(ThreadLocalRandom.current().nextLong()));
            try {
                Files.createDirectory(dir, permissions(OWNER_ONLY));
                String why = safety.unsafeOwnDirectory(dir);
                if (why != null) {
                    throw new NativeCacheException(NativeCacheException.Kind.UNSAFE, true, "the native cache " + root
                            + " is not safe to load code from: " + why + "; " + fix());
                }
                return dir;
            } catch (FileAlreadyExistsException e) {
                if (attempt == 8) {
                    throw writeFailure(dir, e);
                }
            } catch (NativeCacheException e) {
                throw e;
            } catch (IOException e) {
                throw writeFailure(dir, e);
            }
        }
    }

    /** Removes the load directories below {@code root} of processes that are gone. */
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
        } catch (InvalidPathException e) {
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
