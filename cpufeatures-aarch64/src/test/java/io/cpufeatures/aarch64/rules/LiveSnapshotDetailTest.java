package io.cpufeatures.aarch64.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.HwcapWord;
import io.cpufeatures.aarch64.emulation.ReferenceArmCpus;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The live Linux snapshot's HWCAP words answer {@code has()}; its ID registers (MRS through JNA) are read only when
 * the detail is first asked, once, and decoded by the same decoder.
 */
class LiveSnapshotDetailTest {

    private static AArch64Snapshot words(AArch64Snapshot whole) {
        AArch64Snapshot.Builder b = AArch64Snapshot.builder(new SnapshotSource(SourceKind.NATIVE, "auxv"))
                .hwcap(HwcapWord.HWCAP, whole.hwcap()).hwcap(HwcapWord.HWCAP2, whole.hwcap2());
        whole.hwcap3().ifPresent(w -> b.hwcap(HwcapWord.HWCAP3, w));
        return b.build();
    }

    @Test
    void theAnswerNeedsOnlyTheWordsAndTheDetailIsReadOnceWhenAsked() {
        AArch64Snapshot whole = ReferenceArmCpus.cortexA72().snapshot();
        AtomicInteger reads = new AtomicInteger();
        AArch64Snapshot live = words(whole).readingRest(() -> {
            reads.incrementAndGet();
            return whole;
        });
        AArch64DecodedCpu cpu = AArch64Architecture.INSTANCE.decode(live, Set.of());
        assertEquals(Boolean.TRUE, cpu.answer("asimd"));
        assertEquals(Optional.empty(), cpu.core(), "the words name no core");
        assertEquals(0, reads.get(), "has() read the ID registers");

        AArch64DecodedCpu detailed = cpu.detailed();
        assertEquals(1, reads.get());
        assertSame(detailed, cpu.detailed());
        assertEquals(1, reads.get(), "the rest was read twice");
        assertEquals(AArch64DecodedCpu.of(whole).presentNames(), detailed.presentNames());
        assertEquals(Optional.of("Cortex-A72"), detailed.core().map(c -> c.name()));
        assertEquals(cpu.usableNames(), detailed.usableNames(), "the kernel's words and its registers disagree");
    }

    @Test
    void aSnapshotReadWholeIsItsOwnDetail() {
        AArch64DecodedCpu cpu = AArch64DecodedCpu.of(ReferenceArmCpus.cortexA72().snapshot());
        assertSame(cpu, cpu.detailed());
    }

    @Test
    void aRestWithOtherWordsIsRefused() {
        AArch64Snapshot whole = ReferenceArmCpus.cortexA72().snapshot();
        AArch64Snapshot live = words(ReferenceArmCpus.cortexA53().snapshot()).readingRest(() -> whole);
        if (live.hwcap() == whole.hwcap() && live.hwcap2() == whole.hwcap2()) {
            live = AArch64Snapshot.builder(new SnapshotSource(SourceKind.NATIVE, "auxv")).hwcap(HwcapWord.HWCAP, 1)
                    .build().readingRest(() -> whole);
        }
        AArch64DecodedCpu cpu = AArch64Architecture.INSTANCE.decode(live, Set.of());
        IllegalStateException e = assertThrows(IllegalStateException.class, cpu::detailed);
        assertTrue(e.getMessage().contains("other HWCAP words"), e.getMessage());
    }
}
