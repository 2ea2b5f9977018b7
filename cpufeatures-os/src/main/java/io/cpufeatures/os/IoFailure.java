package io.cpufeatures.os;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.NotLinkException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * An I/O failure in the words every message of the project gives it: {@code PATH: Reason}, the OS's reason once and
 * the path once. The JDK does not say it so: {@link AccessDeniedException} and its kin (the JDK's translation of
 * {@code EACCES}, {@code ENOENT}, {@code EEXIST}...) have no reason and a message that is the path alone,
 * {@link FileSystemException}'s message repeats the path before the reason, and {@link FileNotFoundException} says
 * {@code PATH (Reason)}. Their reasons are glibc's {@code strerror} texts, as the JDK gives those it does keep.
 */
public final class IoFailure {

    private IoFailure() {
    }

    /**
     * The failure's line: {@code PATH: Reason}, as {@code /x/y: Permission denied}.
     *
     * @param where what was read or written; not null. The path a {@link FileSystemException} names is named instead
     *              (the file in {@code where} that failed, or both files of a move)
     * @param e     the failure; not null
     * @return the line, without the exception's class
     */
    public static String describe(Path where, IOException e) {
        return describe(Objects.requireNonNull(where, "where").toString(), e);
    }

    /**
     * The failure's line for what is no path: {@code <stdout>: Bad file descriptor}.
     *
     * @param where what was read or written ({@code <stdin>}, a path); not null
     * @param e     the failure; not null
     * @return the line
     */
    public static String describe(String where, IOException e) {
        Objects.requireNonNull(where, "where");
        String named = where;
        if (e instanceof FileSystemException f && f.getFile() != null) {
            named = f.getOtherFile() == null ? f.getFile() : f.getFile() + " -> " + f.getOtherFile();
        }
        return named + ": " + reason(e);
    }

    /**
     * The OS's reason alone: {@code Permission denied}, {@code No such file or directory}, {@code Is a directory}.
     *
     * @param e the failure; not null
     * @return the reason {@code e} gives or its type stands for; its class's name when it has none
     */
    public static String reason(IOException e) {
        if (e instanceof FileSystemException f) {
            if (f.getReason() != null) {
                return f.getReason();
            }
            String typed = typed(f);
            if (typed != null) {
                return typed;
            }
        }
        String m = e.getMessage();
        if (m == null || m.isEmpty() || e instanceof FileSystemException) {
            return e.getClass().getSimpleName();
        }
        if (e instanceof FileNotFoundException && m.endsWith(")") && m.lastIndexOf(" (") >= 0) {
            // java.io's "PATH (Reason)"
            return m.substring(m.lastIndexOf(" (") + 2, m.length() - 1);
        }
        return m;
    }

    /** The strerror text of the errno each reason-less type of the JDK's stands for; null for another type. */
    private static String typed(FileSystemException f) {
        if (f instanceof AccessDeniedException) {
            return "Permission denied";
        }
        if (f instanceof NoSuchFileException) {
            return "No such file or directory";
        }
        if (f instanceof FileAlreadyExistsException) {
            return "File exists";
        }
        if (f instanceof NotDirectoryException) {
            return "Not a directory";
        }
        if (f instanceof DirectoryNotEmptyException) {
            return "Directory not empty";
        }
        if (f instanceof NotLinkException) {
            return "Not a symbolic link";
        }
        if (f instanceof FileSystemLoopException) {
            return "Too many levels of symbolic links";
        }
        return null;
    }
}
