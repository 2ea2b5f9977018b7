package io.cpufeatures.x86.rules;

import io.cpufeatures.core.kit.HotSpotStart;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.Register;
import io.cpufeatures.x86.Xcr0Source;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * HotSpot's x86 flags as its start-up sets them, from the CPU ({@link HotSpotX86Cpu}) and the options the VM was given:
 * {@code VM_Version::get_processor_features}, src/hotspot/cpu/x86/vm_version_x86.cpp, read in jdk17u-dev at f30bf61
 * (JDK 17) and jdk25u at fd989e0 (JDK 25), with the initial values of globals_x86.hpp and globals.hpp
 * ({@code -XX:+PrintFlagsInitial}). The steps, in HotSpot's order:
 * <ol>
 *   <li>{@code UseSSE} (99 in JDK 17, 4 in JDK 25) is raised to 2 on x86-64, then clears SSE4.1/4.2 below 4 and SSE3
 *       below 3; it becomes the highest level the CPU has (4 with SSE4.1, 3 with SSE3, 2), and a value given above that
 *       is lowered to it.</li>
 *   <li>{@code UseAVX} (3) is 0 on Zhaoxin and Centaur families 6 and 7; its limit is 3 with AVX-512 (EVEX), 2 with
 *       AVX2, 1 with AVX, and in JDK 25 0 whenever {@code UseSSE} is below 4. By default it is the limit, but 2 on a
 *       Skylake-SP before stepping 5 (Intel family 6 model 0x55) unless given; a value given above the limit is
 *       lowered to it. Below 3 the AVX-512 bits are cleared, below 2 AVX2, below 1 AVX (and in JDK 25 SHA512).</li>
 *   <li>{@code UseAES}: the AES bit; {@code UseFMA}: FMA with AVX (and in JDK 17 {@code UseSSE >= 2}, always true on
 *       x86-64); {@code UseSHA}: SHA, or AVX2 with BMI2, then false unless one of the SHA-1 (SHA and SSE4.1), SHA-256
 *       (SSE4.1) and SHA-512 (AVX2 with BMI2, or in JDK 25 with SHA512) intrinsics is on. Each as given where the CPU
 *       has it, false where it has not.</li>
 *   <li>{@code MaxVectorSize}: 16 bytes with {@code UseAVX=0}, 32 with 1 or 2, 64 with 3; a value given below 4 is
 *       raised to 4, above that size lowered to it, and one that is not a power of two replaced by it; on AMD and
 *       Hygon before family 0x17 anything above 16 becomes 16.</li>
 *   <li>{@code UseCountLeadingZerosInstruction}: LZCNT; {@code UseCountTrailingZerosInstruction}: BMI1, off by
 *       default when {@code -XX:-UseBMI1Instructions} is given; {@code UseBMI1Instructions} and
 *       {@code UseBMI2Instructions}: BMI1 or BMI2 with AVX; {@code UsePopCountInstruction}: POPCNT. Each as given where
 *       the CPU has it, false where it has not.</li>
 * </ol>
 * HotSpot also checks by a signal round trip that the OS keeps the upper halves of the YMM and ZMM registers, and
 * caps {@code MaxVectorSize} at 16 where it does not; on Linux the kernel does whenever XCR0 enables the state, which
 * these rules take as given.
 */
final class HotSpotX86Flags {

    /**
     * How a JDK release's rules differ from the others'.
     *
     * @param jdk              the feature release
     * @param sseInitial       {@code UseSSE}'s initial value
     * @param avxNeedsSse4     whether {@code UseAVX} is 0 unless {@code UseSSE} is 4
     * @param lzcntOfAnyVendor whether LZCNT is taken from any vendor's CPUID
     * @param avx10IsEvex      whether AVX10 with 512-bit vectors counts as AVX-512
     * @param sha512           whether the SHA512 instructions enable the SHA-512 intrinsic
     * @param fmaNeedsSse2     whether {@code UseFMA} also asks {@code UseSSE >= 2}
     * @param intType          the type HotSpot names {@code UseSSE} and {@code UseAVX} by in a range error
     * @param sseMax           the largest {@code UseSSE} the VM accepts (globals_x86.hpp's {@code range})
     * @param avxMax           the largest {@code UseAVX} the VM accepts
     * @param source           the sources read
     */
    record Release(int jdk, int sseInitial, boolean avxNeedsSse4, boolean lzcntOfAnyVendor, boolean avx10IsEvex,
            boolean sha512, boolean fmaNeedsSse2, String intType, int sseMax, int avxMax, String source) {
    }

    /**
     * The releases modelled, each proved against its MXBean by tests. The ranges: JDK 17's globals_x86.hpp declares
     * {@code intx UseSSE} and {@code UseAVX} with {@code range(0, 99)}; JDK 25 refuses {@code UseSSE} above 4 and
     * {@code UseAVX} above 3 ("int UseAVX=9 is outside the allowed range [ 0 ... 3 ]", Temurin 25.0.3).
     */
    static final List<Release> RELEASES = List.of(
            new Release(17, 99, false, false, false, false, true, "intx", 99, 99,
                    "jdk17u-dev f30bf61 vm_version_x86.cpp, 08112fa vm_version_x86.hpp"),
            new Release(25, 4, true, true, true, true, false, "int", 4, 3, "jdk25u fd989e0 vm_version_x86.cpp"));

    /** {@return the rules of release {@code jdk}, or null when it is not modelled} */
    static Release release(int jdk) {
        for (Release r : RELEASES) {
            if (r.jdk() == jdk) {
                return r;
            }
        }
        return null;
    }

    /**
     * What the VM says when it refuses to start with an option these rules read, in its words; null when it accepts
     * them: a number out of {@code UseSSE}'s or {@code UseAVX}'s range, {@code +}/{@code -} on either, or
     * {@code UseAPX} on a release without it or given a number.
     *
     * @param release the release, or null for one not modelled (nothing known of its refusals)
     * @param start   the options
     * @return HotSpot's message, or null
     */
    static String refusal(Release release, HotSpotStart start) {
        if (release == null) {
            return null;
        }
        String[] options = {"UseSSE", "UseAVX"};
        int[] max = {release.sseMax(), release.avxMax()};
        for (int i = 0; i < options.length; i++) {
            String v = start.value(options[i]).orElse(null);
            if (v == null) {
                continue;
            }
            if (v.equals("true") || v.equals("false")) {
                return "Unexpected +/- setting in VM option '" + options[i] + "'";
            }
            String digits = v.startsWith("-") ? v.substring(1) : v;
            boolean decimal = !digits.isEmpty() && digits.length() <= 18;
            for (int c = 0; decimal && c < digits.length(); c++) {
                decimal = digits.charAt(c) >= '0' && digits.charAt(c) <= '9';
            }
            if (decimal && (v.startsWith("-") || Long.parseLong(digits) > max[i])) {
                return release.intType() + " " + options[i] + "=" + v + " is outside the allowed range [ 0 ... "
                        + max[i] + " ]";
            }
        }
        if (start.given("UseAPX") && release.jdk() < 25) {
            return "Unrecognized VM option 'UseAPX'";
        }
        // no lambda: the running VM's flags are derived on a first dispatched call
        String apx = start.value("UseAPX").orElse(null);
        if (apx != null && !apx.equals("true") && !apx.equals("false")) {
            return "Improperly specified VM option 'UseAPX=" + apx + "'";
        }
        return null;
    }

    /** The flags these rules answer; given as options, they are also all the options they read. */
    static final List<String> ANSWERED = List.of("UseSSE", "UseAVX", "MaxVectorSize", "UseAES", "UseFMA", "UseSHA",
            "UseBMI1Instructions", "UseBMI2Instructions", "UsePopCountInstruction", "UseCountLeadingZerosInstruction",
            "UseCountTrailingZerosInstruction");

    /** Skylake-SP's model: before stepping 5 (Cascade Lake) it keeps AVX-512 off unless asked. */
    private static final int SKYLAKE_SP = 0x55;

    private HotSpotX86Flags() {
    }

    /**
     * The flags {@code names} of a VM started as {@code start} on the CPU of {@code s}.
     *
     * @param s     a snapshot of this machine; XCR0 read by XGETBV where AVX and OSXSAVE are set, or the kernel's word
     *              (its {@code /proc/cpuinfo} flags), which lists a feature only where it enabled the feature's state
     * @param start the JDK release and the options
     * @param names the flags wanted
     * @return each to its value; empty for a release not modelled, a name not answered, an option not given plainly or
     *         an XCR0 not read
     */
    static Optional<Map<String, String>> flags(CpuidSnapshot s, HotSpotStart start, Collection<String> names) {
        Release release = release(start.jdk());
        if (release == null) {
            return Optional.empty();
        }
        if (!start.answers(names, ANSWERED) || refusal(release, start) != null) {
            return Optional.empty();
        }
        if (HotSpotX86Cpu.xcr0Unknown(s) != null) {
            return Optional.empty();
        }
        Map<String, String> all = values(HotSpotX86Cpu.of(s, release.lzcntOfAnyVendor(), release.avx10IsEvex()), start,
                release);
        Map<String, String> wanted = new LinkedHashMap<>();
        for (String n : names) {
            wanted.put(n, all.get(n));
        }
        return Optional.of(wanted);
    }

    /** Every flag these rules answer, by HotSpot's steps. */
    static Map<String, String> values(HotSpotX86Cpu cpu, HotSpotStart start, Release release) {
        boolean sse41 = cpu.sse41();
        boolean sse3 = cpu.sse3();
        boolean sse2 = cpu.sse2();
        boolean sse = cpu.sse();
        int useSse = Math.max(2, start.number("UseSSE", release.sseInitial()));
        if (useSse < 4) {
            sse41 = false;
        }
        if (useSse < 3) {
            sse3 = false;
        }
        int sseLimit = useSse > 3 && sse41 ? 4 : useSse > 2 && sse3 ? 3 : useSse > 1 && sse2 ? 2 : sse ? 1 : 0;
        if (!start.given("UseSSE") || useSse > sseLimit) {
            useSse = sseLimit;
        }

        int useAvx = start.number("UseAVX", 3);
        if (cpu.zx() && (cpu.family() == 6 || cpu.family() == 7)) {
            useAvx = 0;
        }
        int avxLimit = 0;
        if (useAvx > 0 && !(release.avxNeedsSse4() && useSse < 4)) {
            avxLimit = useAvx > 2 && cpu.evex() ? 3 : useAvx > 1 && cpu.avx2() ? 2 : cpu.avx() ? 1 : 0;
        }
        if (!start.given("UseAVX")) {
            boolean oldSkylake = cpu.intel() && cpu.family() == 6 && cpu.model() == SKYLAKE_SP && cpu.stepping() < 5;
            useAvx = avxLimit > 2 && oldSkylake ? 2 : avxLimit;
        }
        useAvx = Math.min(useAvx, avxLimit);
        boolean avx2 = cpu.avx2() && useAvx >= 2;
        boolean avx = cpu.avx() && useAvx >= 1;
        boolean sha512 = cpu.sha512() && useAvx >= 1;

        boolean useSha = (cpu.sha() || avx2 && cpu.bmi2()) && start.bool("UseSHA", true);
        boolean sha1Intrinsic = cpu.sha() && sse41 && useSha;
        boolean sha256Intrinsic = sse41 && useSha;
        boolean sha512Intrinsic = useSha && avx2 && (cpu.bmi2() || release.sha512() && sha512);
        useSha = useSha && (sha1Intrinsic || sha256Intrinsic || sha512Intrinsic);

        int maxVector = useAvx == 0 ? 16 : useAvx < 3 ? 32 : 64;
        int maxVectorSize = maxVector;
        if (start.given("MaxVectorSize")) {
            maxVectorSize = Math.max(4, start.number("MaxVectorSize", maxVector));
            if (maxVectorSize > maxVector || Integer.bitCount(maxVectorSize) != 1) {
                maxVectorSize = maxVector;
            }
        }
        if (cpu.amdFamily() && cpu.family() < 0x17 && maxVectorSize > 16) {
            maxVectorSize = 16;
        }

        Map<String, String> v = new LinkedHashMap<>();
        v.put("UseSSE", Integer.toString(useSse));
        v.put("UseAVX", Integer.toString(useAvx));
        v.put("MaxVectorSize", Integer.toString(maxVectorSize));
        v.put("UseAES", Boolean.toString(cpu.aes() && start.bool("UseAES", true)));
        v.put("UseFMA", Boolean.toString(cpu.fma() && avx && (!release.fmaNeedsSse2() || useSse >= 2)
                && start.bool("UseFMA", true)));
        v.put("UseSHA", Boolean.toString(useSha));
        v.put("UseBMI1Instructions", Boolean.toString(cpu.bmi1() && avx && start.bool("UseBMI1Instructions", true)));
        v.put("UseBMI2Instructions", Boolean.toString(cpu.bmi2() && avx && start.bool("UseBMI2Instructions", true)));
        v.put("UsePopCountInstruction", Boolean.toString(cpu.popcnt() && start.bool("UsePopCountInstruction", true)));
        v.put("UseCountLeadingZerosInstruction", Boolean.toString(cpu.lzcnt()
                && start.bool("UseCountLeadingZerosInstruction", true)));
        // tzcnt needs no VEX prefix, so BMI1 alone; -XX:-UseBMI1Instructions turns its default off too
        v.put("UseCountTrailingZerosInstruction", Boolean.toString(cpu.bmi1()
                && start.bool("UseCountTrailingZerosInstruction", start.bool("UseBMI1Instructions", true))));
        return v;
    }
}
