package io.cpufeatures.cli;

import java.io.PrintWriter;

/**
 * A one-line progress bar on a terminal: drawn after each step, and erased before anything else is
 * printed, so that rows written to the same terminal never follow the bar on its line. It draws
 * nothing when off (stderr is no terminal, or there is too little to do); erasing writes spaces over
 * the bar rather than an escape sequence, so any terminal shows it right.
 */
final class ProgressBar {

    private static final int WIDTH = 30;

    private final PrintWriter terminal;
    private final int total;
    private final boolean on;
    private int shown;

    /** A bar for {@code total} steps on {@code terminal}, drawing only if {@code on}. */
    ProgressBar(PrintWriter terminal, int total, boolean on) {
        this.terminal = terminal;
        this.total = total;
        this.on = on;
    }

    /** Draws the bar for {@code done} of the steps, over the one shown. */
    void show(int done) {
        if (!on) {
            return;
        }
        int filled = total == 0 ? WIDTH : done * WIDTH / total;
        String bar = "[" + "#".repeat(filled) + " ".repeat(WIDTH - filled) + "] " + done + "/" + total;
        terminal.print("\r" + bar);
        terminal.flush();
        shown = bar.length();
    }

    /** Erases the bar shown, if any, leaving the cursor at the start of its line. */
    void clear() {
        if (shown == 0) {
            return;
        }
        terminal.print("\r" + " ".repeat(shown) + "\r");
        terminal.flush();
        shown = 0;
    }
}
