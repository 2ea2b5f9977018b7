package io.cpufeatures.examples.raid;

import io.cpufeatures.core.CpuFeatures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

/**
 * The victim of {@link JnaTwoUsersTest}, run as its own user: the CPU's report and the native xor's choice (its
 * variants are bound through JNA), then one line per fact: {@code source=}, {@code native=} (the native point's
 * choice), {@code jna.loaded=}, {@code jnidispatch.path=}, and {@code mapped=} for every file this process maps whose
 * name holds {@code jnidispatch}.
 */
public final class TwoUsersVictim {

    private TwoUsersVictim() {
    }

    public static void main(String[] args) throws Exception {
        System.out.println("source=" + CpuFeatures.current().source().kind().id());
        System.out.println("native=" + XorGen.NATIVE.selection().name());
        System.out.println("jna.loaded=" + System.getProperty("jna.loaded"));
        System.out.println("jnidispatch.path=" + System.getProperty("jnidispatch.path"));
        Set<String> mapped = new TreeSet<>();
        for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
            int slash = line.indexOf('/');
            if (slash > 0 && line.contains("jnidispatch")) {
                mapped.add(line.substring(slash));
            }
        }
        for (String m : mapped) {
            System.out.println("mapped=" + m);
        }
    }
}
