package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.x86.CpuidRegisters;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Windows x64 stubs executed, on Linux, under the Windows x64 calling convention: the code page the
 * probe maps on Windows ({@link MachineCode#page(boolean, int)} with {@code windows = true}) is run by a C
 * harness (src/test/resources/.../win64-stub-harness.c) built with this machine's gcc, which calls it through
 * {@code __attribute__((ms_abi))} function-pointer types (arguments in RCX, RDX, R8; RBX callee-saved) from a
 * W^X page, and compares every leaf with gcc's own {@code __cpuid_count} and XCR0 with inline XGETBV. The
 * leaves must also be this machine's as our own System V stub reads them through JNA. (Not Wine: gcc's
 * {@code ms_abi} exercises the same convention with no second toolchain.) Skipped without gcc (under
 * {@code CI=true}: failed).
 */
class Win64StubTest {

    @TempDir
    Path dir;

    private static boolean x86Linux() {
        String arch = System.getProperty("os.arch");
        return (arch.equals("amd64") || arch.equals("x86_64")) && System.getProperty("os.name").equals("Linux");
    }

    private static String run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), cmd + " did not finish");
        assertEquals(0, p.exitValue(), cmd + ":\n" + out);
        return out;
    }

    @Test
    void theWindowsStubsReturnThisMachinesLeavesUnderTheWindowsCallingConvention() throws Exception {
        Assumptions.assumeTrue(x86Linux(), "the stubs are x86-64 code; the harness uses Linux calls");
        String gcc = HostTools.command("gcc", "gcc").toString();
        Path source = dir.resolve("harness.c");
        try (InputStream in = Win64StubTest.class.getResourceAsStream("win64-stub-harness.c")) {
            Files.write(source, in.readAllBytes());
        }
        Path harness = dir.resolve("harness");
        run(List.of(gcc, "-O1", "-Wall", "-Werror", "-o", harness.toString(), source.toString()));
        Path page = Files.write(dir.resolve("page.bin"), MachineCode.page(true, 4096));

        String out = run(List.of(harness.toString(), page.toString(), Integer.toString(MachineCode.XGETBV_OFFSET)));

        List<String> lines = out.lines().toList();
        String last = lines.get(lines.size() - 1);
        assertTrue(last.startsWith("ok "), out);
        assertTrue(Integer.parseInt(last.substring(3)) >= 8, "several leaves compared: " + last);
        // Leaf 0 (the highest basic leaf and the vendor), which no CPU varies, as our System V stub reads it here.
        String leaf0 = lines.stream().filter(l -> l.startsWith("00000000 0 ")).findFirst().orElseThrow();
        CpuidRegisters ours;
        try (NativeCpuid cpuid = NativeCpuid.open()) {
            ours = cpuid.cpuid(0, 0);
        }
        assertEquals(String.format("00000000 0 %08x %08x %08x %08x", ours.eax(), ours.ebx(), ours.ecx(), ours.edx()), leaf0);
    }
}
