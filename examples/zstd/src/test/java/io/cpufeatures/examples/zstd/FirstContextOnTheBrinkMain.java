package io.cpufeatures.examples.zstd;

import io.cpufeatures.dispatch.testing.ShortStacks;
import java.util.concurrent.Callable;

/**
 * Run in a fresh JVM: the process's first {@code new ZstdDecompressor()} and decode are tried at every
 * depth of a thread of 64 KiB stack ({@link ShortStacks}); then a healthy thread decodes. Prints what
 * each saw.
 */
public final class FirstContextOnTheBrinkMain {

    private FirstContextOnTheBrinkMain() {
    }

    public static void main(String[] args) throws Exception {
        // The JDK's jar reading set up off the brink, as an application's start does: a JDK class whose own
        // initialiser overflows is the JDK's, beyond what a library can keep from failing.
        Class.forName("org.slf4j.Logger", false, FirstContextOnTheBrinkMain.class.getClassLoader());
        byte[] frame = HostileFrames.rleBomb(2 << 20, 20);
        Callable<String> firstUse = new FirstDecode(frame);
        ShortStacks.Result r = ShortStacks.firstUseAtEveryDepth(firstUse, 64 << 10);
        System.out.println("overflows>0=" + r.overflowed() + " others=" + r.otherFailures());
        System.out.println("brink=" + r.answer().orElse(null));
        System.out.println("healthy=" + firstUse.call());
    }

    /** A new context's decode, and the kernels it used. */
    private static final class FirstDecode implements Callable<String> {
        private final byte[] frame;

        FirstDecode(byte[] frame) {
            this.frame = frame;
        }

        @Override
        public String call() throws Exception {
            return new ZstdDecompressor().decompress(frame).length + " bytes with " + Kernels.selected();
        }
    }
}
