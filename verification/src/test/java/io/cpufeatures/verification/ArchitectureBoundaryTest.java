package io.cpufeatures.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.internal.ArchitectureModule;
import io.cpufeatures.core.kit.FeatureVocabulary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * An architecture stays in its module: the core, the OS helpers and dispatch name no feature of any
 * architecture module in their code, and the command imports nothing of any architecture module and
 * depends on no example. The architectures are those on the class path (every module's
 * {@link ArchitectureModule}), so a new one is held to the rule without a line here.
 */
class ArchitectureBoundaryTest {

    /**
     * Words that are feature names or aliases of some architecture but mean something else where the
     * architecture-neutral code uses them, each for its reason: the {@code os.arch} values of x86 JVMs in
     * the core's table of which module serves which machine; the {@code cpufeatures.cpuid.file} property
     * (cpuid is also the AArch64 kernel's MRS emulation); the report's fact {@code hypervisor}, which an
     * architecture's description may give (x86 names it from CPUID leaf 0x40000000) and the probe's
     * flight-recorder event carries as a field of its own (x86 also has a feature of that name, the CPUID bit).
     */
    private static final Set<String> NOT_FEATURES_THERE = Set.of("x86_64", "amd64", "cpuid", "hypervisor");

    /** The modules that know no architecture. */
    private static final List<String> NEUTRAL = List.of("cpufeatures-core", "cpufeatures-os", "cpufeatures-dispatch");

    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

    private static Path root() {
        return Paths.get(System.getProperty("cpufeatures.project.dir", "..")).toAbsolutePath().normalize();
    }

    private static List<Path> sources(String module) throws IOException {
        try (Stream<Path> s = Files.walk(root().resolve(module).resolve("src/main/java"))) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    /** Every architecture module on the class path, by its root package (its binding's package, less the last part). */
    private static Map<String, FeatureVocabulary> architectures() {
        Map<String, FeatureVocabulary> m = new TreeMap<>();
        for (ArchitectureModule p : io.cpufeatures.core.internal.Architectures.get().providers()) {
            m.put(rootPackage(p), p.vocabulary());
        }
        return m;
    }

    private static String rootPackage(ArchitectureModule p) {
        String pkg = ((io.cpufeatures.core.internal.KitModule<?, ?>) p).architectureRules().getClass().getPackageName();
        return pkg.substring(0, pkg.indexOf('.', "io.cpufeatures.".length()));
    }

    /**
     * Each architecture's own words beyond its feature names: its registers and the OS state they show, its kernel
     * interfaces, its erratum hooks. The HotSpot flags an architecture's rules read, its errata's identifiers and the
     * names of the assumptions its dumps take are added from the modules themselves.
     */
    private static final Map<String, List<String>> OWN_WORDS = Map.of(
            "io.cpufeatures.x86", List.of("xcr0", "xgetbv", "xsave", "osxsave", "xfd", "arch", "prctl", "amx", "tile",
                    "avx512", "cpuid7", "leaf7"),
            "io.cpufeatures.aarch64", List.of("hwcap", "hwcap2", "hwcap3", "midr", "mrs", "id", "aa64", "cortex", "a510",
                    "2658417", "erratum2658417"),
            "io.cpufeatures.ppc64le", List.of("pvr", "altivec", "power8", "power9", "power10"));

    /**
     * Words of {@link #OWN_WORDS} the neutral code may use, each for its reason: the OS helpers read the auxiliary
     * vector's HWCAP entries for the architecture modules ({@code AT_HWCAP} is the OS's own name for them); "id" and
     * "arch" are everyday words ({@code os.arch}, a point's id).
     */
    private static final Map<String, Set<String>> ALLOWED = Map.of(
            "cpufeatures-os", Set.of("hwcap", "hwcap2", "hwcap3", "id", "arch"),
            "cpufeatures-core", Set.of("id", "arch"),
            "cpufeatures-dispatch", Set.of("id", "arch"));

    /** The tokens of code: identifiers split at case changes and underscores, and the words of literals, lower case. */
    private static Set<String> tokens(String code) {
        Set<String> t = new java.util.HashSet<>();
        for (String word : code.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT)
                .split("[^a-z0-9]+")) {
            if (!word.isEmpty()) {
                t.add(word);
            }
        }
        return t;
    }

    /** Every architecture's words: its own, its HotSpot flags (less the core's own), its errata, its assumptions. */
    private static Map<String, Set<String>> architectureWords() {
        Set<String> coreFlags = new java.util.HashSet<>();
        for (io.cpufeatures.core.jvm.JvmGate g : io.cpufeatures.core.jvm.JvmGate.CORE) {
            coreFlags.addAll(flags(g));
        }
        coreFlags.add("MaxVectorSize");
        Map<String, Set<String>> words = new TreeMap<>();
        for (ArchitectureModule p : io.cpufeatures.core.internal.Architectures.get().providers()) {
            io.cpufeatures.core.kit.Architecture<?, ?> a =
                    ((io.cpufeatures.core.internal.KitModule<?, ?>) p).architectureRules();
            Set<String> w = new java.util.TreeSet<>(OWN_WORDS.get(rootPackage(p)));
            Set<String> flags = new java.util.TreeSet<>(a.vectorFlags());
            for (io.cpufeatures.core.jvm.JvmGate g : p.vocabulary().jvmGates()) {
                flags.addAll(flags(g));
            }
            flags.removeAll(coreFlags);
            for (String f : flags) {
                w.add(f.toLowerCase(java.util.Locale.ROOT));
            }
            for (var e : a.errata()) {
                w.add(e.id().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", ""));
            }
            w.addAll(a.assumptions());
            words.put(rootPackage(p), w);
        }
        return words;
    }

    private static Set<String> flags(io.cpufeatures.core.jvm.JvmGate g) {
        if (g.rule() instanceof io.cpufeatures.core.jvm.JvmGate.FlagAtLeast f) {
            return Set.of(f.flag());
        }
        if (g.rule() instanceof io.cpufeatures.core.jvm.JvmGate.FlagEnabled f) {
            return Set.of(f.flag());
        }
        return Set.of();
    }

    @Test
    void theNeutralModulesNameNoArchitecturesRegisterOsStateHotSpotFlagOrErratumHook() throws IOException {
        Map<String, Set<String>> words = architectureWords();
        assertTrue(words.get("io.cpufeatures.x86").containsAll(Set.of("xcr0", "useavx", "usesse", "skl052")), words.toString());
        assertTrue(words.get("io.cpufeatures.aarch64").containsAll(Set.of("hwcap", "usesve")), words.toString());
        List<String> found = new ArrayList<>();
        for (String module : NEUTRAL) {
            for (Path file : sources(module)) {
                String code = COMMENT.matcher(Files.readString(file, StandardCharsets.UTF_8)).replaceAll(" ");
                Set<String> tokens = tokens(code);
                // a flag is one token once its case changes are split: UseAVX is use_avx, so look for the joined form too
                Set<String> joined = new java.util.HashSet<>();
                for (String id : code.split("[^A-Za-z0-9_]+")) {
                    joined.add(id.toLowerCase(java.util.Locale.ROOT).replace("_", ""));
                }
                for (Map.Entry<String, Set<String>> arch : words.entrySet()) {
                    for (String w : arch.getValue()) {
                        if ((tokens.contains(w) || joined.contains(w)) && !ALLOWED.get(module).contains(w)) {
                            found.add(root().relativize(file) + " names " + arch.getKey() + "'s " + w);
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), found);
    }

    @Test
    void onlyTheOsModuleReadsWhichOsAndProcessorTheJvmRunsOn() throws IOException {
        List<String> found = new ArrayList<>();
        int files = 0;
        for (String module : List.of("cpufeatures-core", "cpufeatures-dispatch", "cpufeatures-x86", "cpufeatures-aarch64",
                "cpufeatures-ppc64le", "cpufeatures-cli")) {
            for (Path file : sources(module)) {
                files++;
                String code = COMMENT.matcher(Files.readString(file, StandardCharsets.UTF_8)).replaceAll(" ");
                for (String property : List.of("\"os.name\"", "\"os.arch\"", "\"os.version\"")) {
                    if (code.contains(property)) {
                        found.add(root().relativize(file) + " reads " + property + " (ask io.cpufeatures.os)");
                    }
                }
            }
        }
        assertTrue(files > 200, "the sources were found: " + files);
        assertEquals(List.of(), found);
    }

    @Test
    void theRegistrysTableIsEachModulesOwnOsArchValuesAndItsArchitectureClass() {
        Map<String, String> declared = new TreeMap<>();
        String[] table = io.cpufeatures.core.internal.Architectures.table();
        for (int i = 0; i < table.length; i += 3) {
            declared.put(table[i], table[i + 1]);
        }
        Map<String, String> modules = new TreeMap<>();
        for (ArchitectureModule p : io.cpufeatures.core.internal.Architectures.get().providers()) {
            io.cpufeatures.core.kit.Architecture<?, ?> a =
                    ((io.cpufeatures.core.internal.KitModule<?, ?>) p).architectureRules();
            for (String osArch : a.osArchs()) {
                String cls = declared.get(osArch);
                assertEquals(a.getClass().getName(), cls, osArch + " is declared by its module's Architecture");
                modules.put(osArch, cls);
            }
        }
        assertEquals(declared, modules, "every os.arch of the table is a module's, and every module's is in the table");
    }

    @Test
    void everyArchitectureModuleIsOnTheClassPath() {
        assertEquals(Set.of("io.cpufeatures.aarch64", "io.cpufeatures.ppc64le", "io.cpufeatures.x86"),
                architectures().keySet());
    }

    @Test
    void theNeutralModulesNameNoFeatureOfAnyArchitecture() throws IOException {
        List<String> found = new ArrayList<>();
        int files = 0;
        for (Map.Entry<String, FeatureVocabulary> arch : architectures().entrySet()) {
            FeatureVocabulary v = arch.getValue();
            Set<String> names = new java.util.HashSet<>(v.features().keySet());
            v.features().values().forEach(names::addAll);
            for (String module : NEUTRAL) {
                for (Path file : sources(module)) {
                    files++;
                    String code = COMMENT.matcher(Files.readString(file, StandardCharsets.UTF_8)).replaceAll(" ");
                    Matcher m = LITERAL.matcher(code);
                    while (m.find()) {
                        for (String word : m.group(1).split("[^a-z0-9_]+")) {
                            if (names.contains(word) && !NOT_FEATURES_THERE.contains(word)) {
                                found.add(root().relativize(file) + ": \"" + m.group(1) + "\" names " + v.architecture()
                                        + "'s " + word);
                            }
                        }
                    }
                }
            }
        }
        assertTrue(files > 120, "the sources were found: " + files);
        assertEquals(List.of(), found);
    }

    @Test
    void theCommandImportsNoArchitectureAndDependsOnNoExample() throws IOException {
        Set<String> packages = architectures().keySet();
        for (Path file : sources("cpufeatures-cli")) {
            String code = Files.readString(file, StandardCharsets.UTF_8);
            for (String p : packages) {
                assertFalse(code.contains(p), file + " names " + p);
            }
            assertFalse(code.contains("io.cpufeatures.examples"), file + " names an example");
        }
        String pom = Files.readString(root().resolve("cpufeatures-cli/pom.xml"), StandardCharsets.UTF_8);
        assertFalse(pom.contains("cpufeatures-example"), "the command's POM names an example module");
        for (String p : packages) {
            String artifact = "cpufeatures-" + p.substring(p.lastIndexOf('.') + 1);
            assertTrue(pom.contains("<artifactId>" + artifact + "</artifactId>"), "the command runs with " + artifact);
        }
    }
}
