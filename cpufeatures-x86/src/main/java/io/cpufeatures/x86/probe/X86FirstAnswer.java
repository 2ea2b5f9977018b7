package io.cpufeatures.x86.probe;

import io.cpufeatures.core.kit.FirstAnswer;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.probe.CpuidInstruction;
import java.util.Arrays;

/**
 * The x86 first answer: the leaves {@link FirstAnswerTable#LEAVES} and XCR0 read once, and each feature's
 * verdict worked out from the table as the full decoder's usable layer works it out (present bit, XCR0
 * state, errata, the dependency closure), with no object per feature. Immutable.
 *
 * <p>Present: a leaf-7 subleaf counts only when CPUID.(7,0):EAX reaches it, leaf 0x24 only with
 * CPUID.(7,1):EDX.AVX10, any leaf only up to its range's highest leaf, the Centaur range only on Centaur and
 * Zhaoxin parts. A feature whose state is AMX's, or that needs one, is not answered when the XCR0 bits are
 * set: the process's tile-data permission decides it, which only the full probe asks.
 */
public final class X86FirstAnswer implements FirstAnswer {

    private static final int OSXSAVE_ECX_BIT = 27;
    private static final int HYBRID_EDX_BIT = 15;
    private static final int AVX10_EDX_BIT = 19;
    private static final int MAX_EXTENDED = 0x8000_ffff;

    /** The features that pass their own checks, as a bit set of {@link FirstAnswerTable#WORDS} words. */
    private final long[] pass;
    /** Those that would, but for the AMX permission only the full probe asks. */
    private final long[] open;

    private X86FirstAnswer(long[] pass, long[] open) {
        this.pass = pass;
        this.open = open;
    }

    /**
     * Reads the leaves and XCR0 of {@code cpu} and works the answer out.
     *
     * @param cpu the CPUID instruction, or a recorded CPU's answers; not null
     * @return the answer; null for a hybrid part (CPUID.(7,0):EDX.HYBRID), whose core types the census asks
     */
    public static X86FirstAnswer of(CpuidInstruction cpu) {
        int[] leaves = FirstAnswerTable.LEAVES;
        int slots = leaves.length / 2;
        int[] regs = new int[slots * 4];
        CpuidRegisters l0 = cpu.cpuid(0, 0);
        int maxBasic = l0.eax();
        int maxExt = cpu.cpuid(0x8000_0000, 0).eax();
        boolean extended = Integer.compareUnsigned(maxExt, 0x8000_0000) > 0
                && Integer.compareUnsigned(maxExt, MAX_EXTENDED) <= 0;
        boolean centaur = vendorIs(l0, FirstAnswerTable.CENTAUR) || vendorIs(l0, FirstAnswerTable.ZHAOXIN);
        int maxCentaur = centaur ? cpu.cpuid(0xC000_0000, 0).eax() : 0;
        int max7 = -1;
        boolean avx10 = false;
        for (int s = 0; s < slots; s++) {
            int leaf = leaves[2 * s];
            int subleaf = leaves[2 * s + 1];
            boolean defined;
            if (Integer.compareUnsigned(leaf, 0x8000_0000) >= 0 && Integer.compareUnsigned(leaf, 0xC000_0000) < 0) {
                defined = extended && Integer.compareUnsigned(leaf, maxExt) <= 0;
            } else if (Integer.compareUnsigned(leaf, 0xC000_0000) >= 0) {
                defined = centaur && Integer.compareUnsigned(maxCentaur, 0xC000_0000) > 0
                        && Integer.compareUnsigned(maxCentaur, 0xC000_ffff) <= 0
                        && Integer.compareUnsigned(leaf, maxCentaur) <= 0;
            } else {
                defined = Integer.compareUnsigned(leaf, maxBasic) <= 0;
                if (leaf == 0x7 && subleaf > 0) {
                    defined = defined && max7 >= 0 && Integer.compareUnsigned(subleaf, max7) <= 0;
                } else if (leaf == 0x24) {
                    defined = defined && avx10;
                }
            }
            if (!defined) {
                continue;
            }
            CpuidRegisters r = cpu.cpuid(leaf, subleaf);
            regs[4 * s] = r.eax();
            regs[4 * s + 1] = r.ebx();
            regs[4 * s + 2] = r.ecx();
            regs[4 * s + 3] = r.edx();
            if (leaf == 0x7 && subleaf == 0) {
                max7 = r.eax();
                if ((r.edx() >>> HYBRID_EDX_BIT & 1) != 0) {
                    return null;
                }
            } else if (leaf == 0x7 && subleaf == 1) {
                avx10 = (r.edx() >>> AVX10_EDX_BIT & 1) != 0;
            }
        }
        int signature = Integer.compareUnsigned(maxBasic, 1) >= 0 ? regs[4 * FirstAnswerTable.LEAF1_SLOT] : 0;
        boolean osxsave = (regs[4 * FirstAnswerTable.LEAF1_SLOT + 2] >>> OSXSAVE_ECX_BIT & 1) != 0;
        long xcr0 = osxsave ? cpu.xgetbv0() : 0;
        return of(regs, l0, family(signature), osxsave, xcr0);
    }

    /** The display family of a signature (Linux {@code x86_family()}). */
    private static int family(int signature) {
        int family = signature >>> 8 & 0xf;
        return family == 0xf ? family + (signature >>> 20 & 0xff) : family;
    }

    private static boolean vendorIs(CpuidRegisters l0, int[] vendor) {
        return l0.ebx() == vendor[0] && l0.edx() == vendor[1] && l0.ecx() == vendor[2];
    }

    private static X86FirstAnswer of(int[] regs, CpuidRegisters l0, int family, boolean osxsave, long xcr0) {
        int n = FirstAnswerTable.FEATURES;
        int words = FirstAnswerTable.WORDS;
        long[] present = new long[words];
        for (int f = 0; f < n; f++) {
            int b = FirstAnswerTable.BITS[f];
            if ((regs[b >>> 5] >>> (b & 31) & 1) != 0) {
                present[f >>> 6] |= 1L << f;
            }
        }
        long[] pass = new long[words];
        long[] open = new long[words];
        for (int f = 0; f < n; f++) {
            if ((present[f >>> 6] >>> f & 1) == 0) {
                continue;
            }
            long missing = FirstAnswerTable.MASKS[f] & ~xcr0;
            boolean ok;
            switch (FirstAnswerTable.STATES[f]) {
                case FirstAnswerTable.STATE_NONE:
                    ok = true;
                    break;
                case FirstAnswerTable.STATE_OSXSAVE:
                    ok = osxsave;
                    break;
                case FirstAnswerTable.STATE_WITH_OSXSAVE:
                    ok = !osxsave || missing == 0;
                    break;
                case FirstAnswerTable.STATE_XCR0:
                    ok = osxsave && missing == 0;
                    break;
                default: // STATE_PERMISSION: the XCR0 bits, then the process's permission
                    if (osxsave && missing == 0) {
                        open[f >>> 6] |= 1L << f;
                    }
                    ok = false;
                    break;
            }
            if (ok) {
                pass[f >>> 6] |= 1L << f;
            }
        }
        int[] errata = FirstAnswerTable.ERRATA;
        int row = 0;
        for (int e = 0; e < errata.length; e += FirstAnswerTable.ERRATUM_INTS, row++) {
            boolean applies = l0.ebx() == errata[e] && l0.edx() == errata[e + 1] && l0.ecx() == errata[e + 2]
                    && (errata[e + 3] < 0 || errata[e + 3] == family)
                    && (errata[e + 4] < 0 || (present[errata[e + 4] >>> 6] >>> errata[e + 4] & 1) == 0);
            if (applies) {
                for (int w = 0; w < words; w++) {
                    pass[w] &= ~FirstAnswerTable.ERRATUM_FEATURES[row * words + w];
                    open[w] &= ~FirstAnswerTable.ERRATUM_FEATURES[row * words + w];
                }
            }
        }
        return new X86FirstAnswer(pass, open);
    }

    @Override
    public int answer(String name) {
        int i = Arrays.binarySearch(FirstAnswerTable.NAMES, name);
        if (i < 0) {
            return UNANSWERED;
        }
        int target = FirstAnswerTable.NAMED[i];
        if (target < FirstAnswerTable.FEATURES) {
            return feature(target);
        }
        int g = target - FirstAnswerTable.FEATURES;
        int words = FirstAnswerTable.WORDS;
        int verdict = USABLE;
        for (int w = 0; w < words; w++) {
            long members = FirstAnswerTable.GROUPS[g * words + w];
            for (int b = 0; b < 64; b++) {
                if ((members >>> b & 1) != 0) {
                    int a = feature(w * 64 + b);
                    if (a == NOT_USABLE) {
                        return NOT_USABLE;
                    }
                    if (a == UNANSWERED) {
                        verdict = UNANSWERED;
                    }
                }
            }
        }
        return verdict;
    }

    /** The verdict on feature {@code f}: it and its closure pass; or only for want of the permission; or not. */
    private int feature(int f) {
        int words = FirstAnswerTable.WORDS;
        boolean self = (pass[f >>> 6] >>> f & 1) != 0;
        boolean selfOpen = self || (open[f >>> 6] >>> f & 1) != 0;
        if (!selfOpen) {
            return NOT_USABLE;
        }
        boolean all = self;
        for (int w = 0; w < words; w++) {
            long needs = FirstAnswerTable.CLOSURES[f * words + w];
            if ((needs & ~(pass[w] | open[w])) != 0) {
                return NOT_USABLE;
            }
            if ((needs & ~pass[w]) != 0) {
                all = false;
            }
        }
        return all ? USABLE : UNANSWERED;
    }
}
