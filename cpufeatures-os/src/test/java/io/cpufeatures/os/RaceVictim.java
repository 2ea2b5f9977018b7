package io.cpufeatures.os;

import com.sun.jna.NativeLibrary;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The victim of {@link NativeCacheRaceTest}, run as its own user: {@code N} times, a fresh cache at {@code DIR}
 * prepares the genuine library (its bytes from {@code GENUINE}, cached as {@code SHA/librace.so}), and this process
 * loads what it was handed and calls {@code answer()} (42 in the genuine library). Prints one line per attempt:
 * {@code answer=N} or {@code refused=REASON}.
 */
public final class RaceVictim {

    private RaceVictim() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String sha = args[1];
        byte[] genuine = Files.readAllBytes(Path.of(args[2]));
        int attempts = Integer.parseInt(args[3]);
        for (int i = 0; i < attempts; i++) {
            NativeCache cache = NativeCache.at(dir, PathSafety.forThisProcess(), MountOptions.ofThisProcess());
            try (NativeCache.Prepared p = cache.prepare(sha, "librace.so", genuine)) {
                int answer = NativeLibrary.getInstance(p.path().toString()).getFunction("answer").invokeInt(new Object[0]);
                System.out.println("answer=" + answer);
            } catch (NativeCacheException e) {
                System.out.println("refused=" + e.getMessage());
            }
        }
    }
}
