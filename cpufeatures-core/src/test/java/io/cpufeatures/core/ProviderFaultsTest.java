package io.cpufeatures.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.cpufeatures.core.internal.Architectures;
import io.cpufeatures.core.internal.ArchitectureModule;
import io.cpufeatures.core.ProbeSettings;
import io.cpufeatures.core.testing.CountingProvider;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * An architecture module that fails, which none on this class path does: the providers are mocks
 * that throw where a broken or half-linked module would. One broken module never takes the facade
 * or the other modules down; its failure becomes a reason.
 */
class ProviderFaultsTest {

    private static final ProbeSettings DEFAULTS = ProbeSettings.from(new Properties(), Map.of());

    @Test
    void aProbeThatThrowsIsAReportWithNothingKnownAndTheFailureAsItsReason() {
        for (Throwable fault : List.of(new IllegalStateException("stub table corrupt"),
                new NoClassDefFoundError("com/sun/jna/Native"), new ExceptionInInitializerError("table"))) {
            ArchitectureModule broken = providerFor(System.getProperty("os.arch"));
            when(broken.probe(any())).thenThrow(fault);

            CpuFeatures cpu = CpuFeatures.probe(DEFAULTS, Architectures.of(List.of(broken)));

            assertEquals(SourceKind.NONE, cpu.source().kind(), fault.toString());
            assertEquals("the probe failed: " + fault, cpu.source().detail());
            assertSame(fault, cpu.source().failures().get(0).cause().orElseThrow());
            assertTrue(cpu.usable().isEmpty());
        }
    }

    @Test
    void aProbeThatRunsOutOfStackOrMemoryIsThatCallsFailureAndTheNextProbesAgain() {
        // A VirtualMachineError, even wrapped, says nothing about the CPU or the module: never kept as a report.
        for (Throwable fault : List.of(new StackOverflowError(), new OutOfMemoryError("Java heap space"),
                new ExceptionInInitializerError(new StackOverflowError()))) {
            ArchitectureModule broken = providerFor(System.getProperty("os.arch"));
            when(broken.probe(any())).thenThrow(fault);
            Architectures modules = Architectures.of(List.of(broken));
            Throwable thrown = assertThrows(VirtualMachineError.class, () -> CpuFeatures.probe(DEFAULTS, modules));
            assertSame(fault instanceof VirtualMachineError ? fault : fault.getCause(), thrown);
        }
    }

    @Test
    void aProbeThatReturnsNullIsAFailureNotANullPointerLater() {
        ArchitectureModule broken = providerFor(System.getProperty("os.arch"));
        when(broken.probe(any())).thenReturn(null);
        CpuFeatures cpu = CpuFeatures.probe(DEFAULTS, Architectures.of(List.of(broken)));
        assertEquals(SourceKind.NONE, cpu.source().kind());
        assertTrue(cpu.source().detail().contains("the probe returned null"), cpu.source().detail());
    }

    @Test
    void aModuleWhoseVocabularyThrowsIsLeftOutOfTheNamesAndTheOthersServe() {
        ArchitectureModule broken = mock(ArchitectureModule.class);
        when(broken.vocabulary()).thenThrow(new NoClassDefFoundError("io/cpufeatures/x86/feature/X86Feature"));
        ArchitectureModule nullVocabulary = mock(ArchitectureModule.class);
        CountingProvider good = new CountingProvider();

        Architectures modules = Architectures.of(List.of(broken, good, nullVocabulary));

        assertEquals(List.of(good.architecture()), List.copyOf(modules.vocabulary().architectures()));
        for (String name : good.vocabulary().features().keySet()) {
            assertEquals(FeatureName.Kind.FEATURE, modules.vocabulary().resolve(name, "test").kind(),
                    "the good module's names are known");
        }
    }

    @Test
    void aModuleForAnotherMachineIsNotAskedToProbe() {
        ArchitectureModule elsewhere = providerFor("riscv64");
        CpuFeatures cpu = CpuFeatures.probe(DEFAULTS, Architectures.of(List.of(elsewhere)));
        assertEquals(SourceKind.NONE, cpu.source().kind());
        assertFalse(cpu.source().detail().contains("failed"), cpu.source().detail());
    }

    /** A mock module that runs on {@code osArch} only, with the counting module's vocabulary. */
    private static ArchitectureModule providerFor(String osArch) {
        ArchitectureModule p = mock(ArchitectureModule.class);
        when(p.runsOn(anyString())).thenAnswer(a -> osArch.equals(a.getArgument(0)));
        when(p.vocabulary()).thenReturn(new CountingProvider().vocabulary());
        when(p.architecture()).thenReturn("test");
        return p;
    }
}
