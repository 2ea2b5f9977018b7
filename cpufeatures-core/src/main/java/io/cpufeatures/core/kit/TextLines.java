package io.cpufeatures.core.kit;

import io.cpufeatures.core.DumpFormatException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * The lines of a dump's text one at a time, without holding them all: a 16 MiB dump is a million
 * lines, and a million strings at once are several times the text's own size (what a 64 MiB heap
 * cannot hold), where a parser needs one line at a time. Lines end at {@code \r\n}, {@code \n} or
 * {@code \r}, as {@code text.split("\r?\n|\r", -1)} cuts them: the lines a dump's line numbers count,
 * a last empty one included.
 *
 * <p>Each line is a copy of its part of the text: a reader holds one line at a time, and makes no further copy of a
 * line it cannot bound (a 16 MiB dump may be one line, and the text, that line and two more copies of it are more
 * than a 64 MiB heap holds). A reader of a format whose lines are short refuses a line longer than
 * {@link #MAX_LINE} before it strips or splits it ({@link #tooLong}); one that only looks at lines to tell its
 * format matches them in place.
 */
public final class TextLines implements Iterable<String> {

    /**
     * The longest line a reader of short lines takes, 65,536 characters: the longest line of a real dump this project
     * has (the shared corpus, the recorded listings) is 551.
     */
    public static final int MAX_LINE = 1 << 16;

    private final String text;

    private TextLines(String text) {
        this.text = text;
    }

    /**
     * The lines of {@code text}.
     *
     * @param text a file's contents; not null
     * @return its lines, read as they are iterated
     */
    public static TextLines of(String text) {
        return new TextLines(Objects.requireNonNull(text, "text"));
    }

    /**
     * The error of a line longer than {@link #MAX_LINE}.
     *
     * @param length the line's length
     * @return what is wrong and what is accepted, in one sentence, for the line's number to precede
     */
    public static String tooLong(int length) {
        return "a line of " + length + " characters; the lines of a dump are at most " + MAX_LINE
                + " (a real dump's, a few hundred)";
    }

    /**
     * A line of a format whose lines are short, stripped once it is known to be no longer than {@link #MAX_LINE}.
     *
     * @param file   the file's name, for the error
     * @param number the line's number, from 1
     * @param raw    the line as it stands in the text
     * @return the line without its leading and trailing white space
     * @throws DumpFormatException if the line is longer than {@link #MAX_LINE} ({@link #tooLong})
     */
    public static String stripped(String file, int number, String raw) throws DumpFormatException {
        if (raw.length() > MAX_LINE) {
            throw new DumpFormatException(file, number, tooLong(raw.length()));
        }
        return raw.strip();
    }

    @Override
    public Iterator<String> iterator() {
        return new Iterator<>() {
            private int pos;
            private boolean done;

            @Override
            public boolean hasNext() {
                return !done;
            }

            @Override
            public String next() {
                if (done) {
                    throw new NoSuchElementException();
                }
                int end = pos;
                while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
                    end++;
                }
                String line = text.substring(pos, end);
                if (end == text.length()) {
                    done = true;
                } else {
                    pos = end + (text.charAt(end) == '\r' && end + 1 < text.length() && text.charAt(end + 1) == '\n'
                            ? 2 : 1);
                }
                return line;
            }
        };
    }
}
