package io.cpufeatures.core.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Reading a VM's options back from the launcher's arguments and the three variables: the VM's order, the launcher's
 * syntax, and every case where the reading cannot be sure and says why. (Against real VMs and their MXBean:
 * verification's HotSpotFlagsDerivationTest.)
 */
class HotSpotLaunchTest {

    private static HotSpotLaunch.Options read(String... argv) {
        return HotSpotLaunch.read(List.of(argv), null, null, null);
    }

    @Test
    void flagsAreReadUpToTheMainClassAndTheLastValueWins() {
        HotSpotLaunch.Options o = read("java", "-Xmx1g", "-XX:UseAVX=2", "-XX:+UseSerialGC", "-XX:-UseFMA",
                "-XX:UseAVX=1", "-cp", "a.jar:b.jar", "Main", "x", "y");
        assertNull(o.unsure());
        assertEquals(Map.of("UseAVX", "1", "UseSerialGC", "true", "UseFMA", "false"), o.flags());
        assertEquals(HotSpotLaunch.MIXED, o.mode());
    }

    @Test
    void theModeIsTheLastOfXintXmixedAndXcomp() {
        assertEquals(HotSpotLaunch.INTERPRETED, read("java", "-Xint", "Main").mode());
        assertEquals(HotSpotLaunch.MIXED, read("java", "-Xint", "-Xmixed", "Main").mode());
        assertEquals(HotSpotLaunch.COMPILED, read("java", "-Xint", "-Xcomp", "Main").mode());
    }

    @Test
    void theVmReadsJavaToolOptionsThenTheLauncherWithJdkJavaOptionsFirstThenJavaOptions() {
        List<String> argv = List.of("java", "-XX:MaxVectorSize=32", "Main");
        assertEquals("32", HotSpotLaunch.read(argv, "-XX:MaxVectorSize=16", null, null).flags().get("MaxVectorSize"),
                "the command line overrides JAVA_TOOL_OPTIONS");
        assertEquals("32", HotSpotLaunch.read(argv, null, "-XX:MaxVectorSize=16", null).flags().get("MaxVectorSize"),
                "the command line overrides JDK_JAVA_OPTIONS, which the launcher puts first");
        assertEquals("8", HotSpotLaunch.read(argv, null, null, "-XX:MaxVectorSize=8").flags().get("MaxVectorSize"),
                "_JAVA_OPTIONS overrides the command line");
        assertEquals("16", HotSpotLaunch.read(List.of("java", "Main"), "-XX:MaxVectorSize=16", null, null).flags()
                .get("MaxVectorSize"));
    }

    @Test
    void theLaunchersOptionsWithAValueAreSkippedAndTheProgramsArgumentsAreNotTheVms() {
        HotSpotLaunch.Options o = read("java", "--add-modules", "jdk.incubator.vector", "-p", "mods", "--module-path",
                "more", "--add-opens", "java.base/java.lang=ALL-UNNAMED", "-XX:UseAVX=2", "-jar", "app.jar", "--verbose");
        assertEquals(Map.of("UseAVX", "2"), o.flags());
        assertEquals(Map.of(), read("java", "-m", "mod/main.Main", "arg").flags());
        assertEquals(Map.of(), read("java", "--module=mod/main.Main", "arg").flags());
        assertEquals(Map.of("UseSSE", "3"), read("java", "-XX:UseSSE=3", "Prog.java", "-v").flags());
    }

    @Test
    void somethingThatReadsAsTheVmsAfterTheMainClassMakesTheReadingUnsure() {
        String why = read("java", "-cp", "x", "Main", "-XX:UseAVX=1").unsure();
        assertNotNull(why);
        assertTrue(why.contains("-XX:UseAVX=1"), why);
        assertNotNull(read("java", "-jar", "app.jar", "-Xint").unsure());
    }

    @Test
    void anArgumentFileAnywhereTheLauncherExpandsItMakesTheReadingUnsure() {
        assertTrue(read("java", "@opts", "Main").unsure().contains("@opts"));
        assertTrue(HotSpotLaunch.read(List.of("java", "Main"), null, "-Xmx1g @more", null).unsure().contains("@more"));
    }

    @Test
    void optionsThatNameFilesOrChangeTheRulesMakeTheReadingUnsure() {
        for (int i = 0; i < HotSpotLaunch.UNSURE.length; i += 2) {
            String flag = HotSpotLaunch.UNSURE[i];
            String why = read("java", "-XX:" + flag + "=x", "Main").unsure();
            assertNotNull(why, flag);
            assertTrue(why.contains(flag) && why.contains(HotSpotLaunch.UNSURE[i + 1]), why);
            assertNotNull(read("java", "-XX:+" + flag, "Main").unsure(), flag);
            assertNotNull(HotSpotLaunch.read(List.of("java", "Main"), "-XX:+" + flag, null, null).unsure(), flag);
            assertNotNull(HotSpotLaunch.read(List.of("java", "Main"), null, null, "-XX:+" + flag).unsure(), flag);
        }
    }

    @Test
    void variablesAreSplitAsHotSpotSplitsThemQuotesIncluded() {
        assertEquals(List.of("-Da=b c", "-XX:+UseAES", "x'y"), HotSpotLaunch.tokens("  '-Da=b c'\t-XX:+UseAES \"x'y\" "));
        assertEquals(List.of(), HotSpotLaunch.tokens(" \n "));
        assertEquals(List.of("ab"), HotSpotLaunch.tokens("a\"\"b"));
        assertNull(HotSpotLaunch.tokens("-Da='b"), "a quote not closed: the VM refuses to start");
        assertTrue(HotSpotLaunch.read(List.of("java", "Main"), "-Da='b", null, null).unsure().contains("JAVA_TOOL_OPTIONS"));
        assertNotNull(HotSpotLaunch.read(List.of("java", "Main"), null, "-Da=\\x", null).unsure(),
                "an escape in JDK_JAVA_OPTIONS is not read");
    }

    @Test
    void aCommandLineThatCannotBeReadIsUnsure() {
        assertNotNull(HotSpotLaunch.read(null, null, null, null).unsure());
        assertNotNull(HotSpotLaunch.read(List.of(), null, null, null).unsure());
    }

    @Test
    void aFlagGivenNeitherWayIsKeptEmptyForTheRulesToRefuse() {
        assertEquals(Map.of("UseAVX", ""), read("java", "-XX:UseAVX", "Main").flags());
    }
}
