package io.cpufeatures.x86.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cpufeatures.core.CpuCache;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The vendor rules of {@link X86Caches} on registers no dump of the corpus has. */
class X86CachesTest {

    private static List<String> summaries(EmulatedCpu.Builder cpu) {
        return X86Caches.of(cpu.build()).stream().map(CpuCache::summary).toList();
    }

    @Test
    void amdsLegacyLeavesReadWaysAsACountInL1AndAsACodeBeyond() {
        // L1d 64 KiB 2-way, L1i 32 KiB fully associative (0xFF); L2 code 9 ("see 0x8000001D"), absent here
        // since the topology extensions are hidden; L3 32 x 512 KiB, code 0xF (fully associative).
        assertEquals(List.of("L1d 64 KiB, 2-way, 64-byte lines", "L1i 32 KiB, fully associative, 64-byte lines",
                "L3 16 MiB, fully associative, 64-byte lines"), summaries(EmulatedCpu.amd(0x17, 0x31, 0)
                        .leaf(0x8000_0005, 0, 0, 0, 0x4002_0140, 0x20FF_0140)
                        .leaf(0x8000_0006, 0, 0, 0, 0x0200_9140, 0x0080_F140)));
        // codes 3 and 5 are 3 and 6 ways (Linux d02c83d75f9f); a size of 0 is no cache
        assertEquals(List.of("L2 512 KiB, 3-way, 64-byte lines", "L3 512 KiB, 6-way, 64-byte lines"),
                summaries(EmulatedCpu.amd(0x17, 0x31, 0).leaf(0x8000_0006, 0, 0, 0, 0x0200_3140, 0x0004_5140)));
    }

    @Test
    void k7StepsWhoseL2SizeFieldIsWrongGetTheSizeLinuxGivesThem() {
        // 0x80000006 ECX: size field 1 KiB (what AMD erratum T13 makes a Duron rev A0 report), code 8 (16-way), 64-byte
        // lines; Linux's amd_size_cache() gives family 6 model 3 stepping 0 64 KiB, model 4 steppings 0 and 1 256 KiB
        int wrongSize = 0x0001_8140;
        assertEquals(List.of("L2 64 KiB, 16-way, 64-byte lines"),
                summaries(EmulatedCpu.amd(6, 3, 0).leaf(0x8000_0006, 0, 0, 0, wrongSize, 0)));
        assertEquals(List.of("L2 256 KiB, 16-way, 64-byte lines"),
                summaries(EmulatedCpu.amd(6, 4, 1).leaf(0x8000_0006, 0, 0, 0, wrongSize, 0)));
        CpuCache duronA0 = X86Caches.of(EmulatedCpu.amd(6, 3, 0).leaf(0x8000_0006, 0, 0, 0, wrongSize, 0).build()).get(0);
        assertEquals("CPUID 0x80000006, size 64 KiB by AMD erratum T13 (Duron rev A0; Linux amd_size_cache())",
                duronA0.source());
        // the steppings after them, and later K7 models (Athlon XP model 8, Applebred), are read as reported
        assertEquals(List.of("L2 1 KiB, 16-way, 64-byte lines"),
                summaries(EmulatedCpu.amd(6, 3, 1).leaf(0x8000_0006, 0, 0, 0, wrongSize, 0)));
        assertEquals(List.of("L2 1 KiB, 16-way, 64-byte lines"),
                summaries(EmulatedCpu.amd(6, 4, 2).leaf(0x8000_0006, 0, 0, 0, wrongSize, 0)));
        assertEquals(List.of("L2 256 KiB, 16-way, 64-byte lines"),
                summaries(EmulatedCpu.amd(6, 8, 0).leaf(0x8000_0006, 0, 0, 0, 0x0100_8140, 0)));
    }

    @Test
    void amdsCachePropertiesLeafIsReadOnlyWithTheTopologyExtensions() {
        EmulatedCpu.Builder zen = EmulatedCpu.amd(0x19, 0x61, 2)
                .leaf(0x8000_0006, 0, 0, 0, 0x0400_6140, 0x0100_9140)
                .leaf(0x8000_001D, 0, 0x0000_0121, 0x01C0_003F, 0x0000_003F, 0)
                .leaf(0x8000_001D, 1, 0, 0, 0, 0);
        assertEquals(List.of("L2 1 MiB, 8-way, 64-byte lines"), summaries(zen), "0x8000001D ignored without TopoExt");
        assertEquals(List.of("L1d 32 KiB, 8-way, 64-byte lines, per logical CPU"),
                summaries(zen.features(X86Feature.TOPOEXT.canonicalName())));
    }

    @Test
    void leaf2ReadsValidRegistersAnd0x49ByFamilyAndModel() {
        // EAX: AL = 1, then 0x2c (L1d 32 KiB 8-way), 0x49; EBX has bit 31 set: its 0x4d is not a descriptor
        EmulatedCpu.Builder core2 = EmulatedCpu.intel(6, 0x0F, 6).leaf(2, 0, 0x0049_2C01, 0x8000_004D, 0, 0);
        assertEquals(List.of("L1d 32 KiB, 8-way, 64-byte lines", "L2 4 MiB, 16-way, 64-byte lines"), summaries(core2));
        EmulatedCpu.Builder xeonMp = EmulatedCpu.intel(0x0F, 6, 8).leaf(2, 0, 0x0049_2C01, 0, 0, 0);
        assertEquals(List.of("L1d 32 KiB, 8-way, 64-byte lines", "L3 4 MiB, 16-way, 64-byte lines"), summaries(xeonMp));
        EmulatedCpu.Builder p4 = EmulatedCpu.intel(0x0F, 2, 7).leaf(2, 0, 0x665B_5001, 0, 0, 0x007B_7040);
        assertEquals(List.of("L1d 8 KiB, 4-way, 64-byte lines", "L1i 12K micro-ops trace cache, 8-way",
                "L2 512 KiB, 8-way, 64-byte lines"), summaries(p4), "0x40 with an L2: no L3");
    }

    @Test
    void leaf4SaysFullAssociativityInclusivenessAndAnUpperBoundOfSharing() {
        EmulatedCpu.Builder cpu = EmulatedCpu.intel(6, 0x55, 4)
                .leaf(4, 0, 0x0000_0121 | 1 << 9, 0x01C0_003F, 0x0000_003F, 0)
                .leaf(4, 1, 0x0000_C163, 0x02C0_003F, 0x0000_AFFF, 0x0000_0002)
                .leaf(4, 2, 0, 0, 0, 0);
        assertEquals(List.of("L1d 32 KiB, fully associative, 64-byte lines, per logical CPU",
                "L3 33 MiB, 12-way, 64-byte lines, inclusive, 1 per up to 4 logical CPUs"), summaries(cpu));
    }
}
