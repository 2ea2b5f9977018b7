package io.cpufeatures.core.testing;

import io.cpufeatures.core.CpuFeatures;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;

/**
 * Run in a fresh JVM: the process's first {@code CpuFeatures.current()} is tried at every depth of a
 * thread of 64 KiB stack, from the frame where the stack ran out upwards, so that some attempt has too
 * little stack left wherever the work overflows; then a healthy thread asks. Prints what each saw.
 */
public final class FirstUseOnTheBrinkMain {

    private static volatile String answer;
    private static int overflows;
    private static final Set<String> OTHERS = new TreeSet<>();

    private FirstUseOnTheBrinkMain() {
    }

    /** Recurses until the stack runs out, then, unwinding, tries {@code firstUse} in each frame until one answers. */
    static void brink(Callable<String> firstUse) {
        try {
            brink(firstUse);
        } catch (StackOverflowError e) {
            // the bottom: every frame from here up tries
        }
        if (answer == null) {
            try {
                answer = firstUse.call();
            } catch (StackOverflowError e) {
                overflows++;
            } catch (Throwable e) {
                OTHERS.add(e.toString());
            }
        }
    }

    public static void main(String[] args) throws Exception {
        io.cpufeatures.core.testing.OfferCountingProvider.offer();
        // The JDK's jar reading set up off the brink, as an application's start does: a JDK class whose own
        // initialiser overflows is the JDK's, beyond what a library can keep from failing.
        Class.forName("org.slf4j.Logger", false, FirstUseOnTheBrinkMain.class.getClassLoader());
        Callable<String> firstUse = new FirstUse();
        Thread t = new Thread(null, () -> brink(firstUse), "brink", 64 << 10);
        t.start();
        t.join();
        System.out.println("overflows>0=" + (overflows > 0) + " others=" + OTHERS);
        System.out.println("brink=" + answer);
        System.out.println("healthy=" + firstUse.call());
    }

    /** The first use, and what it answered. */
    private static final class FirstUse implements Callable<String> {
        @Override
        public String call() {
            CpuFeatures f = CpuFeatures.current();
            return f.source().kind() + ": " + f.source().detail();
        }
    }
}
