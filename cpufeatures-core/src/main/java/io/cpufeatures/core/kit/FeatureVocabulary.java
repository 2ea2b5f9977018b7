package io.cpufeatures.core.kit;

import io.cpufeatures.core.jvm.JvmGate;
import java.util.List;
import java.util.Map;

/**
 * Every name an architecture module accepts, as data: its features with their aliases, its policy
 * flags, its groups, its {@code jvm.*} gates and which CPU features each gate stands beside. The
 * core builds one index of all modules' vocabularies, resolves every name through it once, and
 * computes suggestions for unknown names from it; a module never resolves a name another way.
 *
 * <p>Names are matched case-insensitively with {@code -} and {@code .} read as {@code _}, so a
 * vocabulary lists each name once, in lower case.
 */
public interface FeatureVocabulary {

    /** {@return the architecture ({@code x86_64})} */
    String architecture();

    /** {@return each feature's canonical name, in table order, to its other accepted spellings} */
    Map<String, List<String>> features();

    /** {@return the canonical names of the policy flags ({@code prefer_ymm})} */
    List<String> policyFlags();

    /** {@return each group's name to its canonical members ({@code x86-64-v3}, {@code avx512-core})} */
    Map<String, List<String>> groups();

    /** {@return the architecture's own {@code jvm.*} gates (its JIT flags), in report order} */
    List<JvmGate> jvmGates();

    /**
     * {@return for each CPU feature that has them, the {@code jvm.*} gates that decide whether Java code gets
     * to use it ({@code avx2} to {@code jvm.avx2} and {@code jvm.vector256}); core gates may be named}
     */
    Map<String, List<String>> jvmGatesOf();

    /**
     * {@return what names are accepted, with examples, for the error an unknown name raises
     * ({@code canonical /proc/cpuinfo names (avx2, avx512f, pni) and their aliases (sse3, lzcnt, sha)})}
     */
    String acceptedNames();
}
