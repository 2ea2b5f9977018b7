package io.cpufeatures.core.kit;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * The lines of a dump's text one at a time, without holding them all: a 16 MiB dump is a million
 * lines, and a million strings at once are several times the text's own size (what a 64 MiB heap
 * cannot hold), where a parser needs one line at a time. Lines end at {@code \r\n}, {@code \n} or
 * {@code \r}, as {@code text.split("\r?\n|\r", -1)} cuts them: the lines a dump's line numbers count,
 * a last empty one included.
 */
public final class TextLines implements Iterable<String> {

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
