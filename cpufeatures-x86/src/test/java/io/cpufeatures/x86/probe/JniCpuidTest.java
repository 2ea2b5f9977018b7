package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.os.JvmArch;
import io.cpufeatures.os.OperatingSystem;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidLeaf;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.x86.testing.Commands;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The project's probe library against JNA's stub page, on whatever x86-64 Linux machine the tests run: the same
 * leaves, the same XCR0, the same first answer for every name; and a cache directory it must not load from leaves
 * the answer to the stub page, said in one WARN line.
 */
class JniCpuidTest {

    /** CPUID.1:EBX[31:24], the initial APIC ID: the CPU the thread happens to run on, not the CPU's features. */
    private static final int APIC_ID = 0xff00_0000;

    @TempDir
    Path dir;

    private static void assumeLinuxX86() {
        assumeTrue(OperatingSystem.current() == OperatingSystem.LINUX && "x86_64".equals(JvmArch.current()),
                "the probe library's live test runs on x86-64 Linux");
    }

    @Test
    void theProbeLibraryAndTheStubPageGiveTheSameLeavesAndXcr0() throws Exception {
        assumeLinuxX86();
        JniCpuid jni = JniCpuid.open();
        try (NativeCpuid jna = NativeCpuid.open()) {
            SnapshotSource source = new SnapshotSource(SourceKind.NATIVE, "test");
            CpuidSnapshot viaJni = LeafReader.read(jni, source);
            CpuidSnapshot viaJna = LeafReader.read(jna, source);
            List<String> differences = new ArrayList<>();
            for (CpuidLeaf leaf : viaJni.leaves().keySet()) {
                CpuidRegisters a = viaJni.read(leaf.leaf(), leaf.subleaf());
                CpuidRegisters b = viaJna.read(leaf.leaf(), leaf.subleaf());
                // CPUID.1:EBX[31:24] is the initial APIC ID, and leaves 0xB, 0x1F and 0x8000001E say which logical
                // CPU answered: the CPU the thread happens to run on, not the CPU's features
                int mask = leaf.leaf() == 1 ? ~APIC_ID : -1;
                boolean perCpu = leaf.leaf() == 0xB || leaf.leaf() == 0x1F || leaf.leaf() == 0x8000001E;
                if (!perCpu && (a.eax() != b.eax() || (a.ebx() & mask) != (b.ebx() & mask) || a.ecx() != b.ecx()
                        || a.edx() != b.edx())) {
                    differences.add(Integer.toHexString(leaf.leaf()) + "." + leaf.subleaf() + ": " + a + " vs " + b);
                }
            }
            assertEquals(List.of(), differences);
            assertEquals(viaJna.leaves().keySet(), viaJni.leaves().keySet(), "the same leaves are defined");
            assertEquals(viaJna.xcr0(), viaJni.xcr0(), "XCR0 through JNI and through the stub page");
        }
        assertTrue(jni.toString().contains("probe library"), jni.toString());
    }

    @Test
    void aCacheOthersCanWriteIsRefusedInOneWarnAndTheKernelsFlagsAnswerNotJna() throws Exception {
        assumeLinuxX86();
        Path open = Files.createDirectory(dir.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        Child c = child(open.resolve("cache"));
        assertEquals(0, c.exit, c.out);
        assertTrue(c.out.contains("refused: "), c.out);
        assertTrue(c.out.contains("answer: true"), c.out);
        // JNA would unpack its own library where the cache promised safety: it is refused with the same cause
        assertEquals(1, count(c.out, "WARN"), c.out);
        assertTrue(c.out.contains("the native probe failed: neither the probe library nor JNA is used: the native"
                + " cache " + open.resolve("cache") + " is not safe to load code from"), c.out);
        assertTrue(c.out.contains("answering from proc-cpuinfo"), c.out);
        assertEquals(List.of(), listFiles(open), "nothing is written to a cache others can write");
    }

    @Test
    void aCachedLibraryChangedSinceItWasWrittenIsNotLoadedAndTheStubPageAnswersAfterOneWarn() throws Exception {
        assumeLinuxX86();
        String sha = null;
        for (String line : new String(JniCpuid.class.getResourceAsStream(JniCpuid.MANIFEST).readAllBytes(),
                StandardCharsets.US_ASCII).split("\n")) {
            if (line.startsWith("linux-x86_64/jni/libcpufeatures-probe.so ")) {
                sha = line.split(" ")[1];
            }
        }
        assertTrue(sha != null && sha.length() == 64, "the manifest lists the Linux build");
        Path cache = dir.resolve("tampered");
        Path entry = Files.createDirectories(cache.resolve(sha));
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwx------"));
        Files.setPosixFilePermissions(entry, PosixFilePermissions.fromString("rwx------"));
        Path cached = Files.writeString(entry.resolve("libcpufeatures-probe.so"), "not the probe library");
        Files.setPosixFilePermissions(cached, PosixFilePermissions.fromString("r--------"));
        Child c = child(cache);
        assertEquals(0, c.exit, c.out);
        assertTrue(c.out.contains("refused: the cached " + cached.toRealPath() + " is 21 bytes, not the library's "),
                c.out);
        assertTrue(c.out.contains("answer: true"), c.out);
        assertEquals(1, count(c.out, "the x86 probe library is not used"), c.out);
        assertEquals("not the probe library", Files.readString(cached), "kept as found");
        // nothing placed for loading but JNA's own library, verified, in an entry of its own
        List<Path> files = new ArrayList<>(listFiles(cache));
        assertTrue(files.remove(entry), files.toString());
        assertEquals(1, files.size(), files.toString());
        assertEquals(List.of("libjnidispatch.so"), listFiles(files.get(0)).stream().map(f -> f.getFileName()
                .toString()).toList(), files.toString());
    }

    @Test
    void aNoexecCacheIsRefusedInOneWarnAndTheKernelsFlagsAnswerNotJna() throws Exception {
        assumeLinuxX86();
        HostTools.require(HostTools.onPath("mount") && "root".equals(System.getProperty("user.name")),
                "root that may mount a tmpfs", "run the build as root, as CI does");
        Path m = Files.createDirectory(dir.resolve("noexec"));
        run("mount", "-t", "tmpfs", "-o", "noexec,size=4m,mode=0700", "tmpfs", m.toString());
        try {
            Child c = child(m.resolve("cache"));
            assertEquals(0, c.exit, c.out);
            assertTrue(c.out.contains("refused: the native cache " + m.resolve("cache") + " is on " + m
                    + ", mounted noexec"), c.out);
            assertTrue(c.out.contains("answer: true"), c.out);
            assertEquals(1, count(c.out, "WARN"), c.out);
            assertTrue(c.out.contains("the native probe failed: neither the probe library nor JNA is used: the native"
                    + " cache " + m.resolve("cache") + " is on " + m + ", mounted noexec"), c.out);
            assertEquals(List.of(), listFiles(m.resolve("cache")), "nothing written where it could not be mapped");
        } finally {
            run("umount", m.toString());
        }
    }

    @Test
    void aCacheMountedNoexecSinceItWasWrittenIsLearntFromTheLoadInTheSameOneWarn() throws Exception {
        assumeLinuxX86();
        HostTools.require(HostTools.onPath("mount") && "root".equals(System.getProperty("user.name")),
                "root that may mount a tmpfs", "run the build as root, as CI does");
        Path m = Files.createDirectory(dir.resolve("remounted"));
        run("mount", "-t", "tmpfs", "-o", "size=4m,mode=0700", "tmpfs", m.toString());
        try {
            Child first = child(m.resolve("cache"));
            assertEquals(0, first.exit, first.out);
            assertTrue(first.out.contains("loaded: "), first.out);
            List<Path> entries = listFiles(m.resolve("cache"));
            assertEquals(1, entries.size(), entries.toString());
            // the mount table is not read where the entry is found whole: the load's failure tells the noexec mount
            run("mount", "-o", "remount,noexec", m.toString());
            Child c = child(m.resolve("cache"));
            assertEquals(0, c.exit, c.out);
            assertTrue(c.out.contains("refused: the native cache " + m.resolve("cache") + " is on " + m
                    + ", mounted noexec"), c.out);
            assertTrue(c.out.contains("answer: true"), c.out);
            assertEquals(1, count(c.out, "WARN"), c.out);
            assertTrue(c.out.contains("the native probe failed: neither the probe library nor JNA is used: the native"
                    + " cache " + m.resolve("cache") + " is on " + m + ", mounted noexec"), c.out);
            assertEquals(entries, listFiles(m.resolve("cache")), "JNA's library not written, the entry kept");
        } finally {
            run("umount", m.toString());
        }
    }

    private static void run(String... cmd) throws Exception {
        Commands.run(null, Map.of(), 60, cmd);
    }

    @Test
    void aSafeCacheLoadsTheLibraryAndWarnsNothing() throws Exception {
        assumeLinuxX86();
        Child c = child(dir.resolve("own"));
        assertEquals(0, c.exit, c.out);
        assertTrue(c.out.contains("loaded: "), c.out);
        assertEquals(0, count(c.out, "WARN"), c.out);
    }

    private static List<Path> listFiles(Path p) throws IOException {
        try (var s = Files.list(p)) {
            return s.toList();
        }
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) {
            n++;
        }
        return n;
    }

    private record Child(int exit, String out) {
    }

    private Child child(Path cache) throws Exception {
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                "-Dcpufeatures.native.cache=" + cache,
                JniCpuidMain.class.getName()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Child(p.waitFor(), out);
    }
}
