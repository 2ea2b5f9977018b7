package io.cpufeatures.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md states the contract on one screen; its module table says what each module exports, to whom,
 * and what it requires. This test reads that table and the modules' descriptors and fails where they differ, as
 * {@code GeneratedDocsTest} does for the generated tables.
 */
class ArchitectureDocTest {

    /** Each module of the table, by a class it holds. */
    private static final Map<String, String> ANCHORS = Map.of(
            "cpufeatures-os", "io.cpufeatures.os.AuxvFile",
            "cpufeatures-core", "io.cpufeatures.core.CpuFeatures",
            "cpufeatures-x86", "io.cpufeatures.x86.CpuidSnapshot",
            "cpufeatures-aarch64", "io.cpufeatures.aarch64.AArch64Snapshot",
            "cpufeatures-ppc64le", "io.cpufeatures.ppc64le.Ppc64leSnapshot",
            "cpufeatures-dispatch", "io.cpufeatures.dispatch.DispatchPoint");

    private static final Pattern ROW = Pattern.compile("^\\| `(cpufeatures-[a-z0-9]+)` \\| [^|]+ \\| ([^|]+) \\| ([^|]+) \\|$",
            Pattern.MULTILINE);
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");

    /** What the doc says of one module: its exports (package to targets, empty for all) and what it requires. */
    private record Claims(Map<String, Set<String>> exports, Set<String> requires) {
    }

    private static Map<String, Claims> claims() throws Exception {
        Path doc = Paths.get(System.getProperty("cpufeatures.project.dir", "..")).resolve("docs/architecture.md");
        String text = Files.readString(doc, StandardCharsets.UTF_8);
        Map<String, Claims> claims = new TreeMap<>();
        Matcher row = ROW.matcher(text);
        while (row.find()) {
            Map<String, Set<String>> exports = new TreeMap<>();
            for (String item : row.group(2).split(";")) {
                Matcher pkg = CODE.matcher(item);
                if (!pkg.find()) {
                    continue;
                }
                Set<String> targets = new TreeSet<>();
                int to = item.indexOf(" to ");
                if (to >= 0) {
                    for (String t : item.substring(to + 4).split(",")) {
                        targets.add("io.cpufeatures." + t.trim());
                    }
                }
                exports.put(pkg.group(1), targets);
            }
            Set<String> requires = new TreeSet<>();
            Matcher m = CODE.matcher(row.group(3));
            while (m.find()) {
                requires.add(m.group(1));
            }
            claims.put(row.group(1), new Claims(exports, requires));
        }
        return claims;
    }

    private static ModuleDescriptor descriptor(String anchor) throws Exception {
        Path location = Path.of(Class.forName(anchor).getProtectionDomain().getCodeSource().getLocation().toURI());
        Set<ModuleReference> found = ModuleFinder.of(location).findAll();
        assertEquals(1, found.size(), location + " is one module");
        return found.iterator().next().descriptor();
    }

    @Test
    void theModuleTableSaysWhatEachModuleExportsAndRequires() throws Exception {
        Map<String, Claims> claims = claims();
        assertEquals(ANCHORS.keySet(), claims.keySet(), "docs/architecture.md's module table has a row per module");
        for (Map.Entry<String, String> e : ANCHORS.entrySet()) {
            ModuleDescriptor d = descriptor(e.getValue());
            Map<String, Set<String>> exports = new TreeMap<>();
            for (ModuleDescriptor.Exports x : d.exports()) {
                exports.put(x.source(), new TreeSet<>(x.targets()));
            }
            Set<String> requires = new TreeSet<>();
            for (ModuleDescriptor.Requires r : d.requires()) {
                if (!r.name().equals("java.base")) {
                    requires.add(r.name());
                }
            }
            Claims c = claims.get(e.getKey());
            assertEquals(exports, c.exports(), e.getKey() + "'s exports in docs/architecture.md");
            assertEquals(requires, c.requires(), e.getKey() + "'s requires in docs/architecture.md");
        }
    }

    @Test
    void theContractFitsOnOneScreen() throws Exception {
        Path doc = Paths.get(System.getProperty("cpufeatures.project.dir", "..")).resolve("docs/architecture.md");
        String text = Files.readString(doc, StandardCharsets.UTF_8);
        int start = text.indexOf("## The contract, on one screen");
        int end = text.indexOf("\n## ", start + 1);
        assertTrue(start >= 0 && end > start, "docs/architecture.md has its contract section");
        long lines = text.substring(start, end).lines().count();
        assertTrue(lines <= 60, "the contract takes " + lines + " lines");
    }
}
