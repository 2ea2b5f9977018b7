package io.cpufeatures.buildsupport;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The shared CPUID corpus (328 real machines' dumps with other tools' decodings), which lives beside the clone,
 * not in it: {@code -Dcpufeatures.corpus.dir}, else {@code CPUFEATURES_CORPUS}, else the first
 * {@code shared/cpuid-corpus} in the project's directory or above it. A test that needs it and cannot find it is
 * skipped for want of it (under {@code CI=true}: failed), as for any tool ({@link HostTools}).
 */
public final class SharedCorpus {

    private SharedCorpus() {
    }

    /** {@return the corpus directory (holding {@code index.json} and {@code normalized/}), or the test skipped} */
    public static Path require() {
        Path dir = locate();
        HostTools.require(dir != null, "the shared CPUID corpus", dir == null ? "looked for shared/cpuid-corpus in "
                + start() + " and above; or set -Dcpufeatures.corpus.dir or CPUFEATURES_CORPUS" : "");
        return dir;
    }

    /** {@return the corpus directory, or null where there is none} */
    public static Path locate() {
        String property = System.getProperty("cpufeatures.corpus.dir");
        if (property != null && !property.isBlank()) {
            return corpus(Path.of(property).toAbsolutePath().normalize());
        }
        String env = System.getenv("CPUFEATURES_CORPUS");
        if (env != null && !env.isBlank()) {
            return corpus(Path.of(env).toAbsolutePath().normalize());
        }
        for (Path p = start(); p != null; p = p.getParent()) {
            Path candidate = corpus(p.resolve("shared").resolve("cpuid-corpus"));
            if (candidate != null) {
                return candidate;
            }
        }
        return null;
    }

    private static Path start() {
        return Path.of(System.getProperty("cpufeatures.project.dir", System.getProperty("user.dir")))
                .toAbsolutePath().normalize();
    }

    private static Path corpus(Path dir) {
        return Files.isRegularFile(dir.resolve("index.json")) && Files.isDirectory(dir.resolve("normalized")) ? dir : null;
    }
}
