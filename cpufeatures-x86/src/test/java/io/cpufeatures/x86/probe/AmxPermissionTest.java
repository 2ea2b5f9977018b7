package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.TilePermission;
import io.cpufeatures.x86.rules.X86DecodedCpu;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import io.cpufeatures.x86.emulation.ReferenceCpus;
import org.junit.jupiter.api.Test;

/**
 * AMX tile-data permission as the probe attaches it: the decision on emulated Sapphire Rapids snapshots with the
 * permission given (this machine has no AMX). Asking and reading it is {@code TilePermissionTest}'s.
 */
class AmxPermissionTest {

    /** A Sapphire Rapids-like CPU (6/0x8F) whose OS enabled every state, AMX's included (XCR0 0x602e7). */
    private static CpuidSnapshot sapphireRapids() {
        return ReferenceCpus.skylakeSp().features("amx_tile", "amx_int8", "amx_bf16", "xsaves", "xgetbv1", "xfd", "pku",
                "ospke").build();
    }

    /** ARCH_GET_XCOMP_PERM before a request, as the permission reads it: TILECFG (17) permitted, not TILEDATA (18). */
    private static final TilePermission NOT_REQUESTED = new TilePermission(TilePermission.State.NOT_REQUESTED,
            "ARCH_GET_XCOMP_PERM=0x202e7 lacks XTILEDATA");
    private static final TilePermission GRANTED = new TilePermission(TilePermission.State.GRANTED,
            "ARCH_GET_XCOMP_PERM=0x602e7 has XTILEDATA");

    @Test
    void amxIsUsableOnlyWithThePermission() {
        CpuidSnapshot spr = sapphireRapids();
        assertEquals(0x602e7, spr.xcr0().getAsLong() & 0x602e7);
        // a dump (nothing read): what the CPU and XCR0 allow, as before
        assertTrue(X86DecodedCpu.of(spr).isUsable(X86Feature.AMX_TILE));
        // the probe on Linux, permission not requested: present, XCR0 allows, not usable, the call named
        X86DecodedCpu notAsked = X86DecodedCpu.of(AmxPermission.attach(spr, () -> NOT_REQUESTED));
        assertTrue(notAsked.present().contains(X86Feature.AMX_TILE));
        assertFalse(notAsked.isUsable(X86Feature.AMX_TILE));
        assertFalse(notAsked.isUsable(X86Feature.AMX_INT8), "through the dependency on amx_tile");
        assertEquals(ReasonKind.OS_PERMISSION, notAsked.reasons(X86Feature.AMX_TILE).get(0).kind());
        assertTrue(notAsked.reasons(X86Feature.AMX_TILE).get(0).detail().contains("TilePermission.request()"),
                notAsked.reasons(X86Feature.AMX_TILE).toString());
        assertTrue(notAsked.isUsable(X86Feature.AVX512F), "other state is not affected");
        // granted: usable
        X86DecodedCpu granted = X86DecodedCpu.of(AmxPermission.attach(spr, () -> GRANTED));
        assertTrue(granted.isUsable(X86Feature.AMX_TILE));
        assertEquals(TilePermission.State.GRANTED, granted.xcr0().tilePermission().orElseThrow().state());
        // off Linux x86-64 there is nothing to ask, and nothing is attached
        assertTrue(AmxPermission.attach(spr, () -> null).tilePermission().isEmpty());
    }

    @Test
    void noCallIsMadeWithoutAmxOrWithoutItsXcr0State() {
        int[] asked = new int[1];
        java.util.function.Supplier<TilePermission> counting = () -> {
            asked[0]++;
            return GRANTED;
        };
        CpuidSnapshot noAmx = ReferenceCpus.skylakeSp().build();
        assertEquals(noAmx, AmxPermission.attach(noAmx, counting));
        CpuidSnapshot amxOff = EmulatedCpu.intel(6, 0x8f, 8).features("xsave", "osxsave", "avx", "avx512f", "amx_tile")
                .osEnabled(0xe7).build();
        assertTrue(AmxPermission.attach(amxOff, counting).tilePermission().isEmpty());
        assertEquals(0, asked[0]);
    }

    @Test
    void aPermissionThatCannotBeReadIsUnavailableAndKeepsAmxUnusable() {
        CpuidSnapshot s = AmxPermission.attach(sapphireRapids(), () -> {
            throw new IllegalStateException("no JNA");
        });
        assertEquals(TilePermission.State.UNAVAILABLE, s.tilePermission().orElseThrow().state());
        assertFalse(X86DecodedCpu.of(s).isUsable(X86Feature.AMX_TILE));
    }
}
