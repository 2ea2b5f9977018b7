package io.cpufeatures.os;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Who may change a file or a directory, by the POSIX rules a loader of native code must follow (as OpenSSH's
 * {@code StrictModes} and glibc's secure paths do): a path is safe when nobody but this process's user or root can
 * replace anything on it. Each directory from the root down must be owned by this user or by root and writable by
 * neither its group nor others; a directory others may write is safe only with the sticky bit ({@code /tmp}) and
 * only above an entry this user or root owns, which nobody else can then rename or remove.
 *
 * <p>On a file system without POSIX attributes (Windows' NTFS) nothing is refused here: Windows' per-user
 * directories are closed to others by their access lists.
 */
final class PathSafety {

    private static final int GROUP_OR_OTHER_WRITE = 0022;
    private static final int OTHER_WRITE = 0002;
    private static final int STICKY = 01000;
    private static final int TYPE_MASK = 0170000;
    private static final int DIRECTORY = 0040000;
    private static final int REGULAR = 0100000;
    private static final int SYMLINK = 0120000;

    /** This process's user id, or -1 where the file system has no POSIX owners. */
    private final int uid;

    private PathSafety(int uid) {
        this.uid = uid;
    }

    /** {@return the rules for this process's user} */
    static PathSafety forThisProcess() {
        return new PathSafety(currentUid());
    }

    /** {@return the rules for user {@code uid}: tests run them for another user} */
    static PathSafety forUid(int uid) {
        return new PathSafety(uid);
    }

    /** {@return whether there are POSIX owners to check} */
    boolean posix() {
        return uid >= 0;
    }

    int uid() {
        return uid;
    }

    /**
     * A directory's chain, checked: the path to use from then on, or why it is not safe.
     *
     * @param path   {@code dir} with the part of it that exists resolved to its real path, once, and the rest below it
     *               as given: what was checked, to be used as it is and never resolved again
     * @param unsafe why the chain is not safe, or null
     */
    record Checked(Path path, String unsafe) {
    }

    /**
     * Why {@code dir} (absolute; its real path is checked) is not safe to load native code below, or null when it is
     * ({@link #checkedDirectoryChain}).
     */
    String unsafeDirectoryChain(Path dir) throws IOException {
        return checkedDirectoryChain(dir).unsafe();
    }

    /**
     * {@code dir} (absolute) checked as a place to load native code below: every directory on its real path owned by
     * this user or root, none writable by group or others (a sticky one only above an entry this user or root owns,
     * or is about to make). Directories that do not exist yet are not checked (this user makes them, 0700, and checks
     * each as {@link #unsafeOwnDirectory}); {@code dir} itself, if it exists, must be writable by nobody else, sticky
     * or not. A symbolic link on the way is followed once, here: the path given back is the one checked, so that a
     * link changed afterwards cannot move its user elsewhere.
     */
    Checked checkedDirectoryChain(Path dir) throws IOException {
        if (!posix()) {
            return new Checked(dir, null);
        }
        Path existing = dir;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return new Checked(dir, null);
        }
        // the real path: a symbolic link on the way is followed once, here, and the chain of what it leads to checked
        Path real = existing.toRealPath();
        Path below = real;
        for (int i = existing.getNameCount(); i < dir.getNameCount(); i++) {
            below = below.resolve(dir.getName(i).toString());
        }
        return new Checked(below, unsafeChain(real, existing.equals(dir)));
    }

    /** Why the real path {@code real} is unsafe; {@code whole}: it is the directory itself, not an ancestor of it. */
    private String unsafeChain(Path real, boolean whole) throws IOException {
        Path p = real.getRoot();
        Map<String, Object> above = null;
        Path abovePath = null;
        for (int i = 0; i <= real.getNameCount(); i++) {
            Map<String, Object> a = Files.readAttributes(p, "unix:uid,mode", LinkOption.NOFOLLOW_LINKS);
            if (above != null) {
                String why = unsafeAbove(abovePath, above, p, a);
                if (why != null) {
                    return why;
                }
            }
            above = a;
            abovePath = p;
            if (i < real.getNameCount()) {
                p = p.resolve(real.getName(i).toString());
            }
        }
        // the directory itself exists: it will hold entries others must not make, so no sticky bit makes it safe;
        // else the deepest one that exists holds the next, which this user is about to make
        return unsafeAbove(abovePath, above, null, whole ? null : Map.of("uid", uid));
    }

    /** Why directory {@code p} (attributes {@code a}) lets others change its entry {@code belowPath}, or null. */
    private String unsafeAbove(Path p, Map<String, Object> a, Path belowPath, Map<String, Object> below) {
        int owner = (Integer) a.get("uid");
        int mode = (Integer) a.get("mode");
        if ((mode & TYPE_MASK) != DIRECTORY) {
            return p + " is not a directory";
        }
        if (owner != uid && owner != 0) {
            return p + " belongs to uid " + owner + ", not to this user (uid " + uid + ") or root";
        }
        if ((mode & GROUP_OR_OTHER_WRITE) == 0) {
            return null;
        }
        boolean stickyAndOnlyOthers = (mode & STICKY) != 0 && (mode & OTHER_WRITE) != 0;
        if (stickyAndOnlyOthers && below != null) {
            int belowOwner = (Integer) below.get("uid");
            if (belowOwner == uid || belowOwner == 0) {
                return null;
            }
            if (belowPath != null) {
                return belowPath + " belongs to uid " + belowOwner + ", not to this user (uid " + uid + ") or root, in "
                        + p + ", which others can write";
            }
        }
        return p + " is " + writableBy(mode);
    }

    /** "writable by its group (mode 775)", "by others", "by its group and others". */
    private static String writableBy(int mode) {
        String who = (mode & 0020) != 0 && (mode & OTHER_WRITE) != 0 ? "its group and others"
                : (mode & 0020) != 0 ? "its group" : "others";
        return "writable by " + who + " (mode " + Integer.toOctalString(mode & 07777) + ")";
    }

    /**
     * Why {@code dir}, a directory this library keeps (a cache's own), is not safe, or null: it must be a directory
     * and not a symbolic link, owned by this user or root, writable by neither group nor others.
     *
     * @throws NoSuchFileException if it does not exist
     */
    String unsafeOwnDirectory(Path dir) throws IOException {
        return unsafeEntry(dir, attributes(dir), DIRECTORY, "a directory");
    }

    /** As {@link #unsafeOwnDirectory} for a regular file: not a link, this user's or root's, written by nobody else. */
    String unsafeFile(Path file) throws IOException {
        return unsafeEntry(file, attributes(file), REGULAR, "a regular file");
    }

    /**
     * What one {@code lstat} of {@code p} says ({@code uid}, {@code mode}, {@code size}), or null when nothing is
     * there: the one read of a path the native cache makes on its common path ({@link #unsafeDirectory},
     * {@link #unsafeFile(Path, Map)}). The JDK's map, not a type of this library's, and no exception type named
     * here: each is a class a cold JVM would load to verify this one.
     */
    Map<String, Object> attributesIfAny(Path p) throws IOException {
        if (!posix()) {
            boolean link = Files.isSymbolicLink(p);
            return link || Files.exists(p) ? nonPosix(p, link) : null;
        }
        try {
            return Files.readAttributes(p, "unix:uid,mode,size", LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            // nothing there is null; anything else (a directory on the way that cannot be searched) the failure
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                throw e;
            }
            return null;
        }
    }

    /** {@code p}'s owner, mode and size, its last component not followed. */
    private Map<String, Object> attributes(Path p) throws IOException {
        return posix() ? Files.readAttributes(p, "unix:uid,mode,size", LinkOption.NOFOLLOW_LINKS)
                : nonPosix(p, Files.isSymbolicLink(p));
    }

    /** Where files have no POSIX owner or mode: only what {@code p} is, from Java's own tests. */
    private static Map<String, Object> nonPosix(Path p, boolean link) throws IOException {
        boolean dir = !link && Files.isDirectory(p);
        return Map.of("uid", -1, "mode", link ? SYMLINK : dir ? DIRECTORY : REGULAR, "size",
                link || dir || !Files.exists(p) ? 0L : Files.size(p));
    }

    /** {@return whether {@code a}, what {@link #attributesIfAny} said, is a symbolic link's} */
    static boolean symbolicLink(Map<String, Object> a) {
        return ((Integer) a.get("mode") & TYPE_MASK) == SYMLINK;
    }

    /** {@return the size {@code a}, what {@link #attributesIfAny} said, gives} */
    static long size(Map<String, Object> a) {
        return (Long) a.get("size");
    }

    /** As {@link #unsafeOwnDirectory}, from {@code a}, what {@code dir} was found to be. */
    String unsafeDirectory(Path dir, Map<String, Object> a) {
        return unsafeEntry(dir, a, DIRECTORY, "a directory");
    }

    /** As {@link #unsafeFile(Path)}, from {@code a}, what {@code file} was found to be. */
    String unsafeFile(Path file, Map<String, Object> a) {
        return unsafeEntry(file, a, REGULAR, "a regular file");
    }

    private String unsafeEntry(Path p, Map<String, Object> a, int type, String what) {
        int mode = (Integer) a.get("mode");
        if ((mode & TYPE_MASK) == SYMLINK) {
            return p + " is a symbolic link, not " + what;
        }
        if (!posix()) {
            return null;
        }
        if ((mode & TYPE_MASK) != type) {
            return p + " is not " + what;
        }
        int owner = (Integer) a.get("uid");
        if (owner != uid && owner != 0) {
            return p + " belongs to uid " + owner + ", not to this user (uid " + uid + ") or root";
        }
        if ((mode & GROUP_OR_OTHER_WRITE) != 0) {
            return p + " is " + writableBy(mode);
        }
        return null;
    }

    /**
     * This process's user id: the owner of {@code /proc/self} (Linux), else of a file this process creates; -1 where
     * files have no POSIX owner.
     */
    private static int currentUid() {
        try {
            Path self = Path.of("/proc/self");
            if (Files.isDirectory(self)) {
                return (Integer) Files.getAttribute(self, "unix:uid");
            }
            Path probe = Files.createTempFile("cpufeatures-uid", ".tmp");
            try {
                return (Integer) Files.getAttribute(probe, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            } finally {
                Files.deleteIfExists(probe);
            }
        } catch (RuntimeException | IOException e) {
            // no unix view (UnsupportedOperationException), no such attribute (IllegalArgumentException)
            return -1;
        }
    }
}
