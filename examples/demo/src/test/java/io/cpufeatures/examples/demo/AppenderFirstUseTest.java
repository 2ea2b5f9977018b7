package io.cpufeatures.examples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.HostTools;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No first use waits for a lock a logging appender holds: the CPU's first answer, the RAID example's first xor and the
 * zstd example's kernels, each made from inside a logback appender with the root logger at DEBUG and at INFO, on this
 * JDK and on JDK 25 with {@code --illegal-native-access=deny} (where the probe library is refused and the probe says so
 * at WARN). Each case is a fresh JVM that must end within a minute having answered, and its appender must take the
 * application's next line. The probe, the points' choices and the refusal each log while the appender's monitor is
 * held by the thread that asked: a maker that logged while the caller waited for it would hang here.
 */
class AppenderFirstUseTest {

    @TempDir
    Path dir;

    private void check(String java, List<String> options, String what, String level) throws Exception {
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(options);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), AppenderFirstUseMain.class.getName(), what,
                level));
        ChildJava.Result r = ChildJava.run(dir, command, 60);
        String where = what + " at " + level + " " + options + ": " + r.out() + r.err();
        assertEquals(0, r.exit(), where);
        String expected = switch (what) {
            case "cpu" -> "answer=" + AppenderFirstUseMain.firstUse("cpu").split(" ")[0] + " ";
            case "raid" -> "answer=xor=3\n";
            default -> "answer=";
        };
        assertTrue(r.out().contains(expected) && !r.out().contains("answer=pending")
                && !r.out().contains("answer=null"), where);
        assertTrue(r.out().contains("after=true"), where);
    }

    private void everyCase(String java, List<String> options) throws Exception {
        for (String what : List.of("cpu", "raid", "zstd")) {
            for (String level : List.of("DEBUG", "INFO")) {
                check(java, options, what, level);
            }
        }
    }

    @Test
    void aFirstUseInsideAnAppenderNeverWaitsForItOnThisJdk() throws Exception {
        everyCase(Paths.get(System.getProperty("java.home"), "bin", "java").toString(), List.of());
    }

    @Test
    void aFirstUseInsideAnAppenderNeverWaitsForItOnJdk25WithNativeAccessDenied() throws Exception {
        Optional<Path> jdk25 = HostTools.jdk25("the first uses inside an appender on JDK 25 with native access denied");
        if (jdk25.isPresent()) {
            everyCase(jdk25.get().toString(), List.of("--illegal-native-access=deny"));
        }
    }
}
