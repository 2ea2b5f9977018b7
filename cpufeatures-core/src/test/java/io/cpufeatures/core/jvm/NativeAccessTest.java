package io.cpufeatures.core.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Who may load native code silently: the launcher's and the variables' native-access options as the one reader of the
 * VM's options reads them, and the rule over them for each release. (Against real JVMs: the x86 module's
 * SilentFirstUseTest, which starts JDK 17 and 25 with and without the grant and counts stderr lines and libraries.)
 */
class NativeAccessTest {

    private static HotSpotLaunch.Options read(String... argv) {
        return HotSpotLaunch.read(List.of(argv), null, null, null);
    }

    @Test
    void theLauncherGivesModulesInBothFormsAndTheyAddUp() {
        HotSpotLaunch.Options o = read("java", "--enable-native-access", "a.b,c", "--enable-native-access=ALL-UNNAMED",
                "-cp", "x", "Main", "--enable-native-access=program.arg");
        assertEquals(List.of("a.b", "c", "ALL-UNNAMED"), o.nativeAccess());
        assertNull(o.illegalNativeAccess());
        assertNull(NativeAccess.refusal(25, "c", o));
        assertNull(NativeAccess.refusal(25, NativeAccess.ALL_UNNAMED, o));
        assertNotNull(NativeAccess.refusal(25, "program.arg", o), "after the main class it is the program's");
    }

    @Test
    void theVariablesTheVmReadsGrantItToo() {
        HotSpotLaunch.Options o = HotSpotLaunch.read(List.of("java", "Main"), "--enable-native-access=io.cpufeatures.x86",
                "--enable-native-access=m1", "--illegal-native-access=deny");
        assertEquals(List.of("io.cpufeatures.x86", "m1"), o.nativeAccess());
        assertEquals("deny", o.illegalNativeAccess());
        assertNull(NativeAccess.refusal(24, "io.cpufeatures.x86", o));
        assertTrue(NativeAccess.refusal(24, "other", o).contains("--enable-native-access=other"));
    }

    @Test
    void allowSilencesEveryModuleAndTheLastValueCounts() {
        assertNull(NativeAccess.refusal(25, "m", read("java", "--illegal-native-access=allow", "Main")));
        assertNotNull(NativeAccess.refusal(25, "m", read("java", "--illegal-native-access=allow",
                "--illegal-native-access=warn", "Main")));
    }

    @Test
    void beforeJdk24EveryModuleMayWhateverTheOptions() {
        HotSpotLaunch.Options none = read("java", "Main");
        assertNull(NativeAccess.refusal(17, "m", none));
        assertNull(NativeAccess.refusal(23, NativeAccess.ALL_UNNAMED, none));
        assertNotNull(NativeAccess.refusal(24, NativeAccess.ALL_UNNAMED, none));
        assertTrue(NativeAccess.refusal(26, NativeAccess.ALL_UNNAMED, none).contains("the class path"));
    }

    @Test
    void whatCannotBeReadIsARefusalNeverAGrant() {
        HotSpotLaunch.Options file = read("java", "@opts", "--enable-native-access=ALL-UNNAMED", "Main");
        assertNotNull(file.launchUnsure());
        assertTrue(NativeAccess.refusal(25, NativeAccess.ALL_UNNAMED, file).contains("@opts"));
        assertNotNull(NativeAccess.refusal(25, "m", HotSpotLaunch.read(null, null, null, null)));
        String jar = NativeAccess.refusal(25, NativeAccess.ALL_UNNAMED, read("java", "-jar", "app.jar"));
        assertTrue(jar.contains("Enable-Native-Access"), jar);
        assertNull(NativeAccess.refusal(25, NativeAccess.ALL_UNNAMED, read("java", "--enable-native-access=ALL-UNNAMED",
                "-jar", "app.jar")));
    }

    @Test
    void aFlagBeyondTheFlagReadingLeavesTheNativeAccessKnown() {
        HotSpotLaunch.Options o = read("java", "-XX:+UnlockDiagnosticVMOptions", "--enable-native-access=m", "Main");
        assertNotNull(o.unsure());
        assertNull(o.launchUnsure());
        assertNull(NativeAccess.refusal(25, "m", o));
    }

    @Test
    void theRunningJvmIsAnsweredForItsOwnRelease() {
        String why = NativeAccess.refusal(NativeAccessTest.class.getModule());
        if (Runtime.version().feature() < NativeAccess.FIRST_RESTRICTING_RELEASE) {
            assertNull(why);
        } else {
            // surefire starts the test JVM with its own options; whatever they are, a refusal says how to grant
            assertTrue(why == null || why.contains("--enable-native-access="), why);
        }
    }
}
