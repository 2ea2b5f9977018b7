package io.cpufeatures.core.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.internal.ArchitectureModule;
import io.cpufeatures.core.kit.HotSpotStart;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When the flags are derived and when the MXBean is kept, each gate alone, with a stand-in architecture whose rules
 * answer fixed values: the VM, its release, its launcher, its options, its mode's own word, its runtime image, the CPU,
 * the rules; and the core's two flags. (The real rules against real VMs: verification's HotSpotFlagsDerivationTest.)
 */
class FlagDerivationTest {

    private static final List<String> NAMES = List.of("ArchFlag", "MaxVectorSize", "UseCompiler",
            "TieredStopAtLevel", "EnableVectorSupport");

    @TempDir
    Path home;

    private String java;
    private final List<Collection<String>> asked = new ArrayList<>();
    private final List<HotSpotStart> starts = new ArrayList<>();
    private ArchitectureModule module;
    private int imageChecks;

    @BeforeEach
    void runtime() throws Exception {
        Path bin = Files.createDirectories(home.resolve("bin"));
        java = Files.createFile(bin.resolve("java")).toFile().getCanonicalPath();
        module = mock(ArchitectureModule.class);
        when(module.architecture()).thenReturn("toy");
        when(module.hotSpotFlags(any(), any(), any())).thenAnswer(i -> {
            starts.add(i.getArgument(1));
            asked.add(List.copyOf(i.<Collection<String>>getArgument(2)));
            return Optional.of(Map.of("ArchFlag", "7", "MaxVectorSize", "32"));
        });
    }

    private VmFacts vm(String info, String... argv) {
        return new VmFacts("OpenJDK 64-Bit Server VM", "17.0.21+2", info, "17", home.toString(), true, java,
                List.of(argv), null, null, null);
    }

    private FlagDerivation.Outcome derive(VmFacts vm, int image) {
        return FlagDerivation.derive(vm, () -> {
            imageChecks++;
            return image;
        }, NAMES, module, mock(CpuSnapshot.class), null);
    }

    private FlagDerivation.Outcome derive(VmFacts vm) {
        return derive(vm, ImageVmOptions.ABSENT);
    }

    @Test
    void aPlainVmIsDerivedTheRulesAskedForTheirOwnFlagsOnly() {
        FlagDerivation.Outcome o = derive(vm("mixed mode, sharing", "java", "-XX:UseAVX=2", "-cp", "x", "Main"));
        assertTrue(o.derived(), o.source());
        assertEquals(Map.of("ArchFlag", "7", "MaxVectorSize", "32", "UseCompiler", "true", "TieredStopAtLevel", "4"),
                o.flags());
        assertEquals(List.of(List.of("ArchFlag", "MaxVectorSize")), asked);
        assertEquals(17, starts.get(0).jdk());
        assertEquals(Map.of("UseAVX", "2"), starts.get(0).options());
        assertEquals(1, imageChecks);
        assertTrue(o.source().startsWith("derived from the CPU, JDK 17"), o.source());
    }

    @Test
    void theCoresTwoFlagsFollowTheModeAndTheLevel() {
        assertEquals("false", derive(vm("interpreted mode", "java", "-Xint", "Main")).flags().get("UseCompiler"));
        FlagDerivation.Outcome c1 = derive(vm("mixed mode, emulated-client", "java", "-XX:TieredStopAtLevel=1", "Main"));
        assertEquals("true", c1.flags().get("UseCompiler"));
        assertEquals("1", c1.flags().get("TieredStopAtLevel"));
        assertEquals("false", derive(vm("mixed mode", "java", "-XX:TieredStopAtLevel=0", "Main")).flags()
                .get("UseCompiler"));
        assertEquals("false", derive(vm("mixed mode", "java", "-XX:-UseCompiler", "Main")).flags().get("UseCompiler"));
        assertEquals("true", derive(vm("compiled mode", "java", "-Xcomp", "Main")).flags().get("UseCompiler"));
        assertFalse(derive(vm("mixed mode", "java", "-XX:TieredStopAtLevel=0x1", "Main")).derived());
    }

    @Test
    void theVmsOwnWordOnItsModeMustAgreeWithTheOptionsRead() {
        assertFalse(derive(vm("mixed mode", "java", "-Xint", "Main")).derived(), "-Xint from a source not read");
        assertFalse(derive(vm("interpreted mode", "java", "Main")).derived());
        String why = derive(vm("mixed mode, emulated-client", "java", "Main")).source();
        assertTrue(why.contains("client emulation"), why);
        assertEquals(0, imageChecks, "the image is read only once everything cheaper holds");
    }

    @Test
    void eachOtherGateKeepsTheMxBeanAndSaysWhy() {
        VmFacts ok = vm("mixed mode", "java", "Main");
        List<String> whys = new ArrayList<>();
        whys.add(derive(new VmFacts(ok.vmName(), ok.vmVersion(), ok.vmInfo(), ok.specVersion(), ok.javaHome(), false,
                java, ok.argv(), null, null, null)).source());
        whys.add(derive(new VmFacts("Eclipse OpenJ9 VM", ok.vmVersion(), ok.vmInfo(), ok.specVersion(), ok.javaHome(),
                true, java, ok.argv(), null, null, null)).source());
        whys.add(derive(new VmFacts(ok.vmName(), "17.0.8+9-LTS-jvmci-23.0-b14", ok.vmInfo(), ok.specVersion(),
                ok.javaHome(), true, java, ok.argv(), null, null, null)).source());
        whys.add(derive(new VmFacts(ok.vmName(), ok.vmVersion(), ok.vmInfo(), "21", ok.javaHome(), true, java, ok.argv(),
                null, null, null)).source());
        whys.add(derive(new VmFacts(ok.vmName(), ok.vmVersion(), ok.vmInfo(), ok.specVersion(), ok.javaHome(), true,
                "/opt/app/bin/app", ok.argv(), null, null, null)).source());
        whys.add(derive(new VmFacts(ok.vmName(), ok.vmVersion(), ok.vmInfo(), ok.specVersion(), ok.javaHome(), true, java,
                ok.argv(), "-XX:Flags=.hotspotrc", null, null)).source());
        whys.add(derive(ok, ImageVmOptions.PRESENT).source());
        whys.add(derive(ok, ImageVmOptions.UNKNOWN).source());
        whys.add(FlagDerivation.derive(ok, () -> ImageVmOptions.ABSENT, NAMES, module, null,
                "the CPU was read from file").source());
        List<String> expected = List.of("Linux only", "not a HotSpot server VM", "JVMCI", "JDK 21",
                "not by this runtime's java launcher", "-XX:Flags", "jlink --add-options", "could not be read",
                "the CPU was read from file");
        for (int i = 0; i < expected.size(); i++) {
            assertTrue(whys.get(i).contains(expected.get(i)), whys.get(i));
        }
        assertTrue(asked.isEmpty(), "the rules are asked only once everything else holds");
    }

    @Test
    void rulesThatCannotBeSureOrFailKeepTheMxBean() {
        doReturn(Optional.empty()).when(module).hotSpotFlags(any(), any(), any());
        FlagDerivation.Outcome o = derive(vm("mixed mode", "java", "Main"));
        assertNull(o.flags());
        assertTrue(o.source().contains("toy rules cannot be sure"), o.source());
        doThrow(new IllegalStateException("boom")).when(module).hotSpotFlags(any(), any(), any());
        assertTrue(derive(vm("mixed mode", "java", "Main")).source().contains("boom"));
    }

    @Test
    void theReleaseIsTheSpecificationsFeatureNumber() {
        assertEquals(17, FlagDerivation.release("17"));
        assertEquals(-1, FlagDerivation.release("1.8"));
        assertEquals(-1, FlagDerivation.release(""));
        assertEquals(-1, FlagDerivation.release("17-ea"));
    }

    /** The JVM's view and the native-access rule share one reading of the running VM's options. */
    @Test
    void theRunningVmsOptionsAreReadOnce() {
        assertSame(VmFacts.running(), VmFacts.running());
        assertSame(HotSpotLaunch.of(VmFacts.running()), HotSpotLaunch.of(VmFacts.running()));
        VmFacts copy = new VmFacts(VmFacts.running().vmName(), VmFacts.running().vmVersion(), VmFacts.running().vmInfo(),
                VmFacts.running().specVersion(), VmFacts.running().javaHome(), VmFacts.running().linux(),
                VmFacts.running().executable(), VmFacts.running().argv(), VmFacts.running().javaToolOptions(),
                VmFacts.running().jdkJavaOptions(), VmFacts.running().javaOptions());
        assertNotSame(HotSpotLaunch.of(VmFacts.running()), HotSpotLaunch.of(copy), "another VM's facts are read afresh");
    }

    @Test
    void theRunningVmsFactsAreRead() {
        VmFacts running = VmFacts.running();
        assertEquals(System.getProperty("java.vm.name"), running.vmName());
        assertEquals(new File(System.getProperty("java.home"), "lib" + File.separator + "modules"), running.modules());
    }
}
