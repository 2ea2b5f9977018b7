package io.cpufeatures.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.buildsupport.HostTools;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Packages, cores and threads from sysfs trees laid out as Linux does, and from this machine's against lscpu. */
class CpuTopologyTest {

    private static void cpu(Path root, int n, int pkg, int core) throws Exception {
        Path t = Files.createDirectories(root.resolve("cpu" + n + "/topology"));
        Files.writeString(t.resolve("physical_package_id"), pkg + "\n");
        Files.writeString(t.resolve("die_id"), "0\n");
        Files.writeString(t.resolve("core_id"), core + "\n");
    }

    @Test
    void twoPackagesOfTwoCoresOfTwoThreadsWithOneCpuOffline(@TempDir Path root) throws Exception {
        for (int n = 0; n < 8; n++) {
            cpu(root, n, n / 4, n % 4 / 2);
        }
        Files.writeString(root.resolve("online"), "0-6\n");
        assertEquals(Optional.of(new CpuTopology(2, 4, 7, "sysfs " + root)), CpuTopology.ofSysfs(root));
        assertEquals("2 packages, 4 cores, 7 threads", CpuTopology.ofSysfs(root).orElseThrow().summary());
        Files.writeString(root.resolve("online"), "0-1\n");
        assertEquals("1 package, 1 core, 2 threads", CpuTopology.ofSysfs(root).orElseThrow().summary());
    }

    @Test
    void noTopologyDirectoriesNoAnswer(@TempDir Path root) throws Exception {
        Files.createDirectories(root.resolve("cpu0"));
        assertEquals(Optional.empty(), CpuTopology.ofSysfs(root));
        Files.writeString(root.resolve("online"), "garbage\n");
        assertEquals(Optional.empty(), CpuTopology.ofSysfs(root), "a malformed list is no answer, never an exception");
    }

    @Test
    void thisMachinesIsWhatLscpuCounts() throws Exception {
        assumeTrue(System.getProperty("os.name").equals("Linux"), "Linux only");
        String lscpu = HostTools.command("lscpu", "util-linux").toString();
        Process p = new ProcessBuilder(lscpu, "-p=SOCKET,CORE,ONLINE").redirectErrorStream(true).start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "lscpu answered within 30 s");
        Set<String> sockets = new HashSet<>();
        Set<String> cores = new HashSet<>();
        int threads = 0;
        for (String line : new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
            String[] f = line.split(",");
            if (line.startsWith("#") || f.length < 3 || !f[2].equals("Y")) {
                continue;
            }
            sockets.add(f[0]);
            cores.add(f[0] + "/" + f[1]);
            threads++;
        }
        CpuTopology ours = CpuTopology.current().orElseThrow();
        assertEquals(sockets.size() + " packages, " + cores.size() + " cores, " + threads + " threads",
                ours.packages() + " packages, " + ours.cores() + " cores, " + ours.threads() + " threads");
    }
}
