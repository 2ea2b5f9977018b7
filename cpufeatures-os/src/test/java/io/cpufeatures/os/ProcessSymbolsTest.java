package io.cpufeatures.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The process's own functions, found without JNA's library search, and the same as JNA's public path finds. */
class ProcessSymbolsTest {

    private static boolean linux() {
        return System.getProperty("os.name").equals("Linux");
    }

    @Test
    void aFunctionOfTheProcessIsCalledAndIsTheOneJnasLibrarySearchFinds() {
        assumeTrue(linux(), "Linux: the C library is in the process");
        assertTrue(ProcessSymbols.withoutLibrarySearch(), "JNA's dlopen(NULL) and dlsym are reachable on the class path");
        assertEquals(ProcessHandle.current().pid(), ProcessSymbols.function("getpid").invokeInt(new Object[0]));
        assertEquals(Pointer.nativeValue(NativeLibrary.getProcess().getFunction("getpid")),
                Pointer.nativeValue(ProcessSymbols.function("getpid")), "the same address as NativeLibrary.getProcess() gives");
    }

    @Test
    void aSymbolTheProcessLacksIsAnUnsatisfiedLinkError() {
        assumeTrue(linux(), "Linux: the C library is in the process");
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> ProcessSymbols.function("no_such_function_in_any_process"));
        assertTrue(e.getMessage().contains("no_such_function_in_any_process"), e.getMessage());
    }

    /** Guest side: one call through a process function, then its pid. */
    public static final class Guest {
        public static void main(String[] args) {
            System.out.println("pid=" + ProcessSymbols.function("getpid").invokeInt(new Object[0]));
        }
    }

    @Test
    void aFreshJvmFindsItsFunctionsWithoutStartingLdconfig() throws Exception {
        assumeTrue(linux(), "Linux: where JNA's library search runs ldconfig -p");
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-Xshare:auto", "-Xlog:class+load", "-cp",
                System.getProperty("java.class.path"), Guest.class.getName()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("pid=" + p.pid()), "the call reached the guest's own getpid");
        assertFalse(out.contains("java.lang.ProcessImpl "), "no child process (JNA runs /sbin/ldconfig -p through one)");
    }
}
