package io.cpufeatures.x86;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.cpufeatures.x86.rules.X86DecodedCpu;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.emulation.ReferenceCpus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * AMX tile-data permission as the permission type asks and reads it: arch_prctl's answers and failure paths with the
 * calls mocked (this machine has no AMX), and the decision each answer leads to.
 */
class TilePermissionTest {

    /** A Sapphire Rapids-like CPU (6/0x8F) whose OS enabled every state, AMX's included (XCR0 0x602e7). */
    private static CpuidSnapshot sapphireRapids() {
        return ReferenceCpus.skylakeSp().features("amx_tile", "amx_int8", "amx_bf16", "xsaves", "xgetbv1", "xfd", "pku",
                "ospke").build();
    }

    /**
     * ARCH_GET_XCOMP_PERM before a request: every enabled non-dynamic component, TILECFG (17) included,
     * not TILEDATA (18) (kselftest "selftests/x86/amx: Update the ARCH_REQ_XCOMP_PERM test").
     */
    private static final long NOT_REQUESTED = 0x202e7;
    private static final long GRANTED = 0x602e7;

    @BeforeEach
    void aProcessThatNeverAsked() {
        TilePermission.forgetRefusalForTest();
    }

    private static XcompSyscalls permitted(long mask) throws Exception {
        XcompSyscalls c = mock(XcompSyscalls.class);
        when(c.permitted()).thenReturn(mask);
        return c;
    }

    @Test
    void theMaskSaysGrantedOrNotRequested() throws Exception {
        assertEquals(TilePermission.State.NOT_REQUESTED, TilePermission.status(permitted(NOT_REQUESTED)).state());
        assertEquals(TilePermission.State.GRANTED, TilePermission.status(permitted(GRANTED)).state());
        assertEquals(TilePermission.State.UNAVAILABLE, TilePermission.status(null).state(), "off Linux x86-64");
    }

    @Test
    void aFailedGetIsUnavailableAndKeepsAmxUnusable() throws Exception {
        for (int errno : new int[] {38, 22, 1}) {
            XcompSyscalls c = mock(XcompSyscalls.class);
            when(c.permitted()).thenThrow(new XcompSyscalls.XcompException(errno, "arch_prctl(ARCH_GET_XCOMP_PERM)"));
            TilePermission p = TilePermission.status(c);
            assertEquals(TilePermission.State.UNAVAILABLE, p.state());
            X86DecodedCpu cpu = X86DecodedCpu.of(sapphireRapids().withTilePermission(p));
            assertFalse(cpu.isUsable(X86Feature.AMX_TILE), "errno " + errno);
            assertTrue(cpu.reasons(X86Feature.AMX_TILE).get(0).detail().contains(XcompSyscalls.XcompException.describe(errno)),
                    cpu.reasons(X86Feature.AMX_TILE).toString());
        }
        assertTrue(XcompSyscalls.XcompException.describe(38).startsWith("ENOSYS"));
        assertTrue(XcompSyscalls.XcompException.describe(22).startsWith("EINVAL"));
        assertTrue(XcompSyscalls.XcompException.describe(1).startsWith("EPERM"));
    }

    @Test
    void aRequestIsGrantedOrRefusedWithTheErrnoAndARefusalIsRemembered() throws Exception {
        XcompSyscalls ok = permitted(GRANTED);
        assertEquals(TilePermission.State.GRANTED, TilePermission.request(ok).state());
        for (int errno : new int[] {95, 28, 22, 1, 38}) {
            XcompSyscalls c = permitted(NOT_REQUESTED);
            doThrow(new XcompSyscalls.XcompException(errno, "arch_prctl(ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA)"))
                    .when(c).requestTileData();
            TilePermission refused = TilePermission.request(c);
            assertEquals(TilePermission.State.REFUSED, refused.state());
            assertTrue(refused.detail().contains(XcompSyscalls.XcompException.describe(errno)), refused.detail());
            // a probe after the refusal says refused, and why
            TilePermission after = TilePermission.status(c);
            assertEquals(TilePermission.State.REFUSED, after.state());
            X86DecodedCpu cpu = X86DecodedCpu.of(sapphireRapids().withTilePermission(after));
            assertTrue(cpu.reasons(X86Feature.AMX_TILE).get(0).detail().startsWith(
                    "XCR0 enables TILECFG|TILEDATA, but Linux refused this process AMX tile data"));
        }
        assertEquals(TilePermission.State.GRANTED, TilePermission.request(ok).state());
        assertEquals(TilePermission.State.NOT_REQUESTED, TilePermission.status(permitted(NOT_REQUESTED)).state(),
                "a later grant clears the remembered refusal");
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void theRealCallsAnswerOnThisMachineWithoutAmx() {
        // ARCH_GET_XCOMP_PERM works on any Linux 5.16+ x86-64 (and fails with EINVAL before): never granted here.
        TilePermission status = TilePermission.status();
        assertFalse(status.granted(), status.toString());
        assertTrue(status.state() == TilePermission.State.NOT_REQUESTED || status.state() == TilePermission.State.UNAVAILABLE,
                status.toString());
        if (!CpuFeaturesHolder.hasAmx()) {
            // the kernel refuses a CPU without AMX: EOPNOTSUPP (5.16+) or EINVAL (older)
            TilePermission refused = TilePermission.request();
            assertEquals(TilePermission.State.REFUSED, refused.state(), refused.toString());
            assertTrue(refused.detail().contains("EOPNOTSUPP") || refused.detail().contains("EINVAL"), refused.detail());
        }
    }

    /** Whether this machine has AMX, from the library itself. */
    private static final class CpuFeaturesHolder {
        static boolean hasAmx() {
            return io.cpufeatures.core.CpuFeatures.current().isPresent("amx_tile");
        }
    }
}
