package io.cpufeatures.x86.rules;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.x86.table.StateRequirement;
import io.cpufeatures.x86.TilePermission;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.Xcr0State;
import io.cpufeatures.x86.table.XsaveComponent;
import java.util.Objects;
import java.util.Optional;

/**
 * The OS-state check of one feature against what is known of XCR0, made once: the usable layer reads
 * its refusal as a reason, a trace its description as a line.
 *
 * <ul>
 *   <li>A feature that needs XSAVE itself needs CPUID.1:ECX.OSXSAVE (CR4.OSXSAVE).</li>
 *   <li>A feature that needs XSAVE-managed state needs OSXSAVE and every bit of its XCR0 mask; the
 *       SSE check applies only with OSXSAVE, since without it the OS manages XMM state with FXSAVE.</li>
 *   <li>With XCR0 unknown the check fails ({@code xcr0-unknown}), unless the kernel made it (the
 *       features come from its /proc/cpuinfo flags); components an inferred XCR0 could not show
 *       either way fail the same way.</li>
 * </ul>
 *
 * @param feature the feature checked
 * @param xcr0    what is known of XCR0
 * @param refusal why the check fails, if it does
 */
public record StateCheck(X86Feature feature, Xcr0State xcr0, Optional<Reason> refusal) {

    /** The verdicts of the check: {@link #PASSES}, or which refusal. */
    private static final int PASSES = 0;
    private static final int NO_OSXSAVE = 1;
    private static final int STATE_WITHOUT_OSXSAVE = 2;
    private static final int XCR0_UNKNOWN = 3;
    private static final int COMPONENTS_MISSING = 4;
    private static final int TILE_PERMISSION = 5;

    /** Whether the OS enabled what {@code need} asks, without making a reason. */
    static boolean passes(StateRequirement need, Xcr0State xcr0) {
        return verdict(need, xcr0) == PASSES;
    }

    /**
     * The check itself, as a verdict: the usable layer asks it of every present feature, and {@link #refusal} words
     * the same verdict, so the two never disagree.
     */
    private static int verdict(StateRequirement need, Xcr0State xcr0) {
        if (need == StateRequirement.NONE) {
            return PASSES;
        }
        if (need == StateRequirement.OSXSAVE) {
            return xcr0.osxsave() ? PASSES : NO_OSXSAVE;
        }
        if (!xcr0.osxsave()) {
            return need.onlyWithOsxsave() ? PASSES : STATE_WITHOUT_OSXSAVE;
        }
        if (xcr0.value().isEmpty()) {
            return need.onlyWithOsxsave() || xcr0.kernelChecked() ? PASSES : XCR0_UNKNOWN;
        }
        if ((need.xcr0Mask() & ~xcr0.value().getAsLong()) != 0) {
            return COMPONENTS_MISSING;
        }
        return need != StateRequirement.AMX || xcr0.tilePermission().isEmpty() || xcr0.tilePermission().get().granted()
                ? PASSES : TILE_PERMISSION;
    }

    /**
     * Validates the parts.
     *
     * @param feature the feature checked; not null
     * @param xcr0    what is known of XCR0; not null
     * @param refusal why the check fails; not null (empty when it passes)
     */
    public StateCheck {
        Objects.requireNonNull(feature, "feature");
        Objects.requireNonNull(xcr0, "xcr0");
        Objects.requireNonNull(refusal, "refusal");
    }

    /**
     * The check of {@code feature} against {@code xcr0}.
     *
     * @param feature the feature to check; not null
     * @param xcr0    what is known of XCR0; not null
     * @return the check, with its refusal when the OS has not (or not knowably) enabled the state
     */
    public static StateCheck of(X86Feature feature, Xcr0State xcr0) {
        return new StateCheck(feature, xcr0, Optional.ofNullable(refusalOf(feature, xcr0)));
    }

    /**
     * Why the check of {@code feature} against {@code xcr0} fails, or null when it passes: the check
     * itself, without the record (the usable layer runs it for every present feature of every decode).
     */
    static Reason refusalOf(X86Feature feature, Xcr0State xcr0) {
        return refusal(feature.state(), xcr0);
    }

    /** {@return whether the OS enabled what the feature needs} */
    public boolean passes() {
        return refusal.isEmpty();
    }

    private static Reason refusal(StateRequirement need, Xcr0State xcr0) {
        switch (verdict(need, xcr0)) {
            case PASSES:
                return null;
            case NO_OSXSAVE:
                return new Reason(ReasonKind.OS_SUPPORT,
                        "CPUID.1:ECX.OSXSAVE=0: the OS has not enabled XSAVE (CR4.OSXSAVE), so XSAVE and XGETBV fault");
            case STATE_WITHOUT_OSXSAVE:
                return new Reason(ReasonKind.OS_SUPPORT, "needs " + XsaveComponent.names(need.xcr0Mask())
                        + " state, but CPUID.1:ECX.OSXSAVE=0: the OS has not enabled XSAVE-managed state");
            case XCR0_UNKNOWN:
                return new Reason(ReasonKind.REGISTER_STATE_UNKNOWN, "needs " + XsaveComponent.names(need.xcr0Mask())
                        + " state enabled in XCR0, and XCR0 is unknown (no XGETBV, no CPUID leaf 0xD to infer it from)");
            case TILE_PERMISSION:
                return tilePermissionRefusal(xcr0);
            default:
                long missing = need.xcr0Mask() & ~xcr0.value().getAsLong();
                long unknown = missing & xcr0.undetermined();
                if (unknown == missing) {
                    return new Reason(ReasonKind.REGISTER_STATE_UNKNOWN, xcr0.valueText() + " cannot show "
                            + XsaveComponent.names(unknown) + " enabled (its CPUID.(0xD,n) subleaf reads zero)");
                }
                return new Reason(ReasonKind.REGISTER_STATE, xcr0.valueText(missing) + " lacks "
                        + XsaveComponent.names(missing));
        }
    }

    /**
     * Why AMX tile data may not be used although XCR0 enables it: Linux arms XFD for TILEDATA, so the
     * first AMX instruction of a process that did not ask for the state traps and the kernel sends SIGILL.
     * Asked only where the permission was read and not granted (a dump describes another machine's process).
     */
    private static Reason tilePermissionRefusal(Xcr0State xcr0) {
        TilePermission p = xcr0.tilePermission().get();
        String call = "call io.cpufeatures.x86.TilePermission.request() (arch_prctl(ARCH_REQ_XCOMP_PERM,"
                + " XFEATURE_XTILEDATA=18)) before the first AMX instruction, then probe again";
        String what = switch (p.state()) {
            case NOT_REQUESTED -> "this process has not asked for AMX tile data (" + p.detail() + "): " + call
                    + "; until then Linux traps AMX instructions (XFD) and sends SIGILL";
            case REFUSED -> "Linux refused this process AMX tile data (" + p.detail() + ")";
            case UNAVAILABLE -> "whether this process may use AMX tile data is unknown (" + p.detail()
                    + "); Linux traps AMX instructions of a process without the permission (XFD) and sends SIGILL";
            case GRANTED -> throw new IllegalStateException("granted");
        };
        return new Reason(ReasonKind.OS_PERMISSION, "XCR0 enables TILECFG|TILEDATA, but " + what);
    }

    /**
     * The check as one line: what the feature needs, whether OSXSAVE is set, what is known of XCR0 and
     * which components it lacks ({@code AVX needs XCR0 0x7 (x87|SSE|YMM_Hi128); OSXSAVE set; XCR0=0x3
     * (inferred from CPUID.(0xD,0).EBX): lacks YMM_Hi128}).
     *
     * @return the line
     */
    public String describe() {
        StateRequirement s = feature.state();
        if (s == StateRequirement.NONE) {
            return "none needed (no XSAVE-managed registers)";
        }
        if (s == StateRequirement.OSXSAVE) {
            return "needs CPUID.1:ECX.OSXSAVE (CR4.OSXSAVE): " + (xcr0.osxsave() ? "set" : "clear");
        }
        String enabled = xcr0.describe();
        if (xcr0.value().isPresent()) {
            long missing = s.xcr0Mask() & ~xcr0.value().getAsLong();
            enabled += missing == 0 ? ": all enabled" : ": lacks " + XsaveComponent.names(missing);
        }
        if (s == StateRequirement.AMX && xcr0.tilePermission().isPresent()) {
            enabled += "; AMX tile-data permission: " + xcr0.tilePermission().get().state().id() + " ("
                    + xcr0.tilePermission().get().detail() + ")";
        }
        return s.name() + " needs XCR0 0x" + Long.toHexString(s.xcr0Mask()) + " (" + XsaveComponent.names(s.xcr0Mask())
                + ")" + (s.onlyWithOsxsave() ? " when OSXSAVE is set" : "") + "; OSXSAVE "
                + (xcr0.osxsave() ? "set" : "clear") + "; " + enabled;
    }
}
