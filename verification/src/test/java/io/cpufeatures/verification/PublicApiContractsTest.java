package io.cpufeatures.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.testing.NullPointerTester;
import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.emulation.EmulatedArmCpu;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.trace.Check;
import io.cpufeatures.dispatch.Candidate;
import io.cpufeatures.dispatch.DispatchException;
import io.cpufeatures.dispatch.DispatchOverrides;
import io.cpufeatures.dispatch.Dispatched;
import io.cpufeatures.dispatch.Explanation;
import io.cpufeatures.dispatch.Requirements;
import io.cpufeatures.ppc64le.Ppc64leSnapshot;
import io.cpufeatures.x86.CpuIdentity;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.Xcr0Source;
import io.cpufeatures.x86.Xcr0State;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReader;
import java.lang.module.ModuleReference;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The published modules as a consumer sees them: each exports its API packages and nothing else,
 * and every public constructor and static method of those packages refuses a null argument with a
 * NullPointerException at once, instead of storing it for a later failure far from its cause.
 */
class PublicApiContractsTest {

    /** Each library module, by a class it holds, with the packages it must export to every module. */
    private static final Map<String, Set<String>> EXPORTS = Map.of(
            "io.cpufeatures.core.CpuFeatures", Set.of("io.cpufeatures.core", "io.cpufeatures.core.jvm",
                    "io.cpufeatures.core.trace"),
            "io.cpufeatures.x86.CpuidSnapshot", architecture("x86"),
            "io.cpufeatures.aarch64.AArch64Snapshot", architecture("aarch64"),
            "io.cpufeatures.ppc64le.Ppc64leSnapshot", Set.of("io.cpufeatures.ppc64le"),
            "io.cpufeatures.dispatch.DispatchPoint", Set.of("io.cpufeatures.dispatch",
                    "io.cpufeatures.dispatch.testing"),
            "io.cpufeatures.os.AuxvFile", Set.of());

    /** The architecture modules. */
    private static final Set<String> ARCHITECTURES = Set.of("io.cpufeatures.x86", "io.cpufeatures.aarch64",
            "io.cpufeatures.ppc64le");

    /**
     * The packages exported to some modules, and only to them: the OS helpers to the architecture modules and to
     * dispatch (which reads native variants' ELF notes); the core's internals (Once, OwnThreadOnce, Log, the first
     * layers' registry) to dispatch and the architecture modules; the kit, the contract an architecture implements, to
     * the architecture modules only.
     */
    private static final Map<String, Set<String>> QUALIFIED = Map.of(
            "io.cpufeatures.os", union(ARCHITECTURES, Set.of("io.cpufeatures.dispatch", "io.cpufeatures.core")),
            "io.cpufeatures.core.internal", union(ARCHITECTURES, Set.of("io.cpufeatures.dispatch")),
            "io.cpufeatures.core.kit", ARCHITECTURES);

    /** At most this many public top-level types in the packages exported to every module. */
    static final int MAX_PUBLIC_TYPES = 90;

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> u = new TreeSet<>(a);
        u.addAll(b);
        return u;
    }

    /**
     * An architecture module's API: at most two packages (ppc64le has no emulation API, so one): its snapshot and the
     * facts {@code CpuFeatures.unwrap} gives (the root), and its emulated CPUs; its tables, probe, dump formats and
     * rules are not API.
     */
    private static Set<String> architecture(String name) {
        String root = "io.cpufeatures." + name;
        return Set.of(root, root + ".emulation");
    }

    private static final Set<Class<?>> NULL_ACCEPTED = Set.of(CpuDescription.Field.class, Dispatched.class);

    @Test
    void eachModuleExportsItsApiPackagesOnly() throws Exception {
        for (Map.Entry<String, Set<String>> e : EXPORTS.entrySet()) {
            ModuleDescriptor d = module(e.getKey()).descriptor();
            Set<String> exported = new TreeSet<>();
            d.exports().forEach(x -> {
                if (x.targets().isEmpty()) {
                    exported.add(x.source());
                } else {
                    assertEquals(QUALIFIED.get(x.source()), x.targets(), d.name() + " exports " + x.source() + " to "
                            + x.targets());
                }
            });
            assertEquals(new TreeSet<>(e.getValue()), exported, d.name());
            assertTrue(d.packages().containsAll(exported));
        }
    }

    @Test
    void everyPublicConstructorAndStaticMethodRefusesNull() throws Exception {
        NullPointerTester tester = tester();
        List<String> failures = new ArrayList<>();
        int classes = 0;
        for (Class<?> type : publicApiClasses()) {
            classes++;
            if (NULL_ACCEPTED.contains(type)) {
                continue;
            }
            try {
                tester.testAllPublicConstructors(type);
                tester.testAllPublicStaticMethods(type);
            } catch (AssertionError | RuntimeException e) {
                failures.add(type.getName() + ": " + e.getMessage().lines().findFirst().orElse(""));
            }
        }
        assertTrue(classes > 60, "the API's classes were found: " + classes);
        assertTrue(failures.isEmpty(), failures.size() + " types accept null:\n" + String.join("\n", failures));
    }

    @Test
    void thePublicApiIsAtMostNinetyTypes() throws Exception {
        List<String> topLevel = new ArrayList<>();
        for (Class<?> type : publicApiClasses()) {
            if (type.getDeclaringClass() == null) {
                topLevel.add(type.getName());
            }
        }
        assertTrue(topLevel.size() > 50, "the API's types were found: " + topLevel.size());
        assertTrue(topLevel.size() <= MAX_PUBLIC_TYPES, topLevel.size() + " public types in the exported packages, more than "
                + MAX_PUBLIC_TYPES + ": " + topLevel);
    }

    /**
     * A tester with a sample of each API type it cannot make itself (sealed interfaces, records
     * that check their parts).
     */
    private static NullPointerTester tester() {
        ProbeSource source = ProbeSource.of(SourceKind.EMULATED, "sample");
        Explanation explanation = new Explanation("sample", Optional.empty(), List.of(), "sample");
        CpuidSnapshot snapshot = EmulatedCpu.intel(6, 0x55, 4).features("x86-64-v3", "osxsave").build();
        return new NullPointerTester()
                .setDefault(ProbeSource.class, source)
                .setDefault(Check.class, new Check("CPUID bit", "sample", true))
                .setDefault(JvmGate.Rule.class, new JvmGate.VectorApi())
                .setDefault(io.cpufeatures.core.kit.HotSpotStart.class, new io.cpufeatures.core.kit.HotSpotStart(17,
                        Map.of()))
                .setDefault(CpuidSnapshot.class, snapshot)
                .setDefault(Xcr0State.class, new Xcr0State(OptionalLong.of(0x7), Xcr0Source.XGETBV, true, 0))
                .setDefault(AArch64Snapshot.class, EmulatedArmCpu.arm(0xd0c, 3, 1).features("fp", "asimd").snapshot())
                .setDefault(SnapshotSource.class, SnapshotSource.emulated("sample"))
                .setDefault(Ppc64leSnapshot.class, new Ppc64leSnapshot(0x58000580L, 0x8ee00000L, Optional.empty(),
                        Optional.empty(), OptionalInt.empty(), SnapshotSource.emulated("sample")))
                .setDefault(ClassLoader.class, PublicApiContractsTest.class.getClassLoader())
                .setDefault(CpuFeatures.class, EmulatedCpu.intel(6, 0x55, 4).features("x86-64-v3", "osxsave").decode())
                .setDefault(CpuIdentity.class, CpuIdentity.of(snapshot))
                .setDefault(Explanation.class, explanation)
                .setDefault(DispatchException.class, new DispatchException("sample", explanation))
                .setDefault(DispatchOverrides.PointKey.class, new DispatchOverrides.PointKey("sample", false))
                .setDefault(DispatchOverrides.Calibration.class, new DispatchOverrides.AllPoints())
                .setDefault(Candidate.class, Candidate.of("sample", "a sample", 0, Requirements.of(List.of(), List.of(),
                        "sample"), Object::new));
    }

    /** Every public type (nested ones included) of the exported packages of the library modules. */
    static List<Class<?>> publicApiClasses() throws Exception {
        List<Class<?>> result = new ArrayList<>();
        for (String anchor : EXPORTS.keySet()) {
            ModuleReference module = module(anchor);
            Set<String> exported = new TreeSet<>();
            // A package exported to some modules only is theirs, not API (the OS helpers).
            module.descriptor().exports().stream().filter(x -> x.targets().isEmpty()).forEach(x -> exported.add(x.source()));
            try (ModuleReader reader = module.open()) {
                for (String entry : reader.list().sorted().toList()) {
                    if (!entry.endsWith(".class") || entry.equals("module-info.class")) {
                        continue;
                    }
                    String name = entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
                    String pkg = name.substring(0, name.lastIndexOf('.'));
                    if (!exported.contains(pkg)) {
                        continue;
                    }
                    Class<?> type = Class.forName(name, false, PublicApiContractsTest.class.getClassLoader());
                    if (isPublicApi(type)) {
                        result.add(type);
                    }
                }
            }
        }
        return result;
    }

    private static boolean isPublicApi(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getDeclaringClass()) {
            if (!Modifier.isPublic(c.getModifiers()) || c.isAnonymousClass() || c.isSynthetic()) {
                return false;
            }
        }
        return true;
    }

    /** The module (jar or classes directory) that holds {@code className}, read as a module. */
    private static ModuleReference module(String className) throws IOException, URISyntaxException,
            ClassNotFoundException {
        Path location = Path.of(Class.forName(className).getProtectionDomain().getCodeSource().getLocation().toURI());
        Set<ModuleReference> found = ModuleFinder.of(location).findAll();
        assertEquals(1, found.size(), location + " is one module");
        ModuleReference ref = found.iterator().next();
        assertTrue(!ref.descriptor().isAutomatic(), location + " has a module-info");
        return ref;
    }
}
