package io.cpufeatures.buildsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/foreign-jres.sh}, which {@code .ci/run} uses to install the arm64 and ppc64el OpenJDK 17 runtimes,
 * against a mirror played by stand-ins for {@code apt-get}, {@code apt-cache}, {@code dpkg} and {@code dpkg-query}:
 * the version every architecture offers is installed, this machine's own packages moved to it where they must be;
 * a mirror in mid-sync with no common version is one line and status 0, and one whose update fails twice is used with
 * the indexes apt has.
 */
class ForeignJresScriptTest {

    private static final Path SCRIPT = Path.of(System.getProperty("user.dir")).getParent().resolve(
            "scripts/foreign-jres.sh");

    @TempDir
    Path tmp;

    private record Run(int exit, String err, String installed, int updates) {
    }

    private void tool(Path bin, String name, String body) throws IOException {
        Path p = Files.writeString(bin.resolve(name), "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /**
     * Runs the script for arm64 and ppc64el with the mirror offering {@code offers} (by architecture, each version
     * separated by spaces), this machine's runtime at {@code own}, and {@code update} failing that many times first.
     */
    private Run run(Map<String, String> offers, String own, int failingUpdates) throws Exception {
        return run(offers, own, failingUpdates, false);
    }

    private Run run(Map<String, String> offers, String own, int failingUpdates, boolean downloadable) throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path log = tmp.resolve("installed");
        Path updates = tmp.resolve("updates");
        Files.writeString(updates, "");
        StringBuilder madison = new StringBuilder("case \"$2\" in\n");
        for (Map.Entry<String, String> e : offers.entrySet()) {
            madison.append("  *:").append(e.getKey()).append(")\n");
            for (String v : e.getValue().split(" ")) {
                madison.append("    echo 'openjdk-17-jre-headless | ").append(v).append(" | http://deb.debian.org/debian"
                        + " bookworm/main ").append(e.getKey()).append(" Packages'\n");
            }
            madison.append("    ;;\n");
        }
        madison.append("esac\n");
        tool(bin, "apt-cache", madison.toString());
        // apt-get download makes a real package of the name asked (the runtime's holds bin/java), unless the mirror
        // has none (downloadable false)
        tool(bin, "apt-get", "case \"$1\" in\n"
                + "  update) echo x >> " + updates + "; [ $(wc -l < " + updates + ") -gt " + failingUpdates + " ];;\n"
                + "  install) shift; echo \"$@\" > " + log + ";;\n"
                + "  download) " + (downloadable ? "" : "exit 100;") + " p=\"${3%%:*}\"; a=\"${3##*:}\"; t=$(mktemp -d);"
                + " mkdir -p $t/DEBIAN $t/usr/lib/$a;"
                + " printf 'Package: %s\\nVersion: 1\\nArchitecture: %s\\nMaintainer: t\\nDescription: t\\n' $p $a"
                + " > $t/DEBIAN/control; echo $p > $t/usr/lib/$a/$p;"
                + " if [ $p = openjdk-17-jre-headless ]; then mkdir -p $t/usr/lib/jvm/java-17-openjdk-$a/bin;"
                + " printf '#!/bin/sh\\n' > $t/usr/lib/jvm/java-17-openjdk-$a/bin/java;"
                + " chmod 755 $t/usr/lib/jvm/java-17-openjdk-$a/bin/java; fi;"
                + " dpkg-deb --build $t ${p}_$a.deb >/dev/null;;\n"
                + "esac\n");
        tool(bin, "dpkg", "case \"$1\" in --print-architecture) echo amd64;; esac\n");
        tool(bin, "dpkg-query", "case \"$2\" in\n"
                + "  '-f=${Version}') printf %s '" + own + "';;\n"
                + "  *) echo 'openjdk-17-jdk-headless:amd64 openjdk-17'; echo 'openjdk-17-jre-headless:amd64 openjdk-17';"
                + " echo 'zlib1g:amd64 zlib';;\n"
                + "esac\n");
        tool(bin, "sleep", "exit 0\n");
        ProcessBuilder pb = new ProcessBuilder("bash", SCRIPT.toString(), "arm64", "ppc64el");
        pb.environment().put("PATH", bin + ":/usr/bin:/bin");
        pb.environment().put("UNPACK_ROOT", Files.createDirectories(tmp.resolve("root")).toString());
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), err);
        String installed = Files.exists(log) ? Files.readString(log).strip() : "";
        Files.deleteIfExists(log);
        return new Run(p.exitValue(), err.strip(), installed, Files.readAllLines(updates).size());
    }

    @Test
    void whereEveryArchitectureOffersThisMachinesVersionOnlyTheForeignRuntimesAreInstalled() throws Exception {
        Run r = run(Map.of("amd64", "17.0.19+10-1~deb12u2", "arm64", "17.0.19+10-1~deb12u2", "ppc64el",
                "17.0.19+10-1~deb12u2"), "17.0.19+10-1~deb12u2", 0);
        assertEquals(new Run(0, "", "-y -qq --allow-downgrades openjdk-17-jre-headless:arm64=17.0.19+10-1~deb12u2"
                + " openjdk-17-jre-headless:ppc64el=17.0.19+10-1~deb12u2", 1), r);
    }

    @Test
    void aMirrorInMidSyncGivesTheHighestVersionAllOfferAndThisMachineMovesToIt() throws Exception {
        // amd64's candidate is newer than arm64's; the security suite still offers the older one for amd64
        Run r = run(Map.of("amd64", "17.0.21+6-1~deb12u1 17.0.19+10-1~deb12u2", "arm64", "17.0.19+10-1~deb12u2",
                "ppc64el", "17.0.19+10-1~deb12u2 17.0.21+6-1~deb12u1"), "17.0.21+6-1~deb12u1", 1);
        assertEquals(0, r.exit(), r.err());
        assertEquals(2, r.updates(), "an update that fails is tried once more");
        assertEquals("-y -qq --allow-downgrades openjdk-17-jre-headless:arm64=17.0.19+10-1~deb12u2"
                + " openjdk-17-jre-headless:ppc64el=17.0.19+10-1~deb12u2"
                + " openjdk-17-jdk-headless:amd64=17.0.19+10-1~deb12u2 openjdk-17-jre-headless:amd64=17.0.19+10-1~deb12u2",
                r.installed());
    }

    @Test
    void whatAptCannotInstallIsUnpackedBesideTheSystemsFilesReplacingNone() throws Exception {
        Path kept = Files.createDirectories(tmp.resolve("root/usr/lib/arm64")).resolve("libc6");
        Files.writeString(kept, "the system's own\n");
        Run r = run(Map.of("amd64", "17.0.21+6-1~deb12u1", "arm64", "17.0.19+10-1~deb12u2", "ppc64el",
                "17.0.21+6-1~deb12u1"), "17.0.21+6-1~deb12u1", 0, true);
        assertEquals(0, r.exit(), r.err());
        assertEquals(List.of("foreign-jres: no version of openjdk-17-jre-headless is offered for amd64 and arm64 ppc64el"
                + " alike (amd64: 17.0.21+6-1~deb12u1 ; arm64: 17.0.19+10-1~deb12u2 ; ppc64el: 17.0.21+6-1~deb12u1 );"
                + " unpacked the arm64 ppc64el OpenJDK 17 runtime instead (files added, none replaced)"),
                r.err().lines().toList());
        for (String arch : List.of("arm64", "ppc64el")) {
            assertTrue(Files.isExecutable(tmp.resolve("root/usr/lib/jvm/java-17-openjdk-" + arch + "/bin/java")), arch);
            assertEquals("zlib1g\n", Files.readString(tmp.resolve("root/usr/lib/" + arch + "/zlib1g")), arch);
        }
        assertEquals("the system's own\n", Files.readString(kept), "an existing file is not replaced");
    }

    @Test
    void noCommonVersionIsOneLineAndStatusZeroAndAFailedUpdateGoesOn() throws Exception {
        Run r = run(Map.of("amd64", "17.0.21+6-1~deb12u1", "arm64", "17.0.19+10-1~deb12u2", "ppc64el",
                "17.0.21+6-1~deb12u1"), "17.0.21+6-1~deb12u1", 0);
        assertEquals(0, r.exit());
        assertEquals("", r.installed());
        assertEquals(List.of("foreign-jres: no version of openjdk-17-jre-headless is offered for amd64 and arm64 ppc64el"
                + " alike (amd64: 17.0.21+6-1~deb12u1 ; arm64: 17.0.19+10-1~deb12u2 ; ppc64el: 17.0.21+6-1~deb12u1 ),"
                + " and unpacking it failed too; the live tests that need the arm64 ppc64el OpenJDK 17 runtime will fail by"
                + " name"), r.err().lines().toList());

        // an update that fails twice (a mirror in mid-sync) goes on with the indexes apt has
        Run down = run(Map.of("amd64", "17.0.19+10-1~deb12u2", "arm64", "17.0.19+10-1~deb12u2", "ppc64el",
                "17.0.19+10-1~deb12u2"), "17.0.19+10-1~deb12u2", 2);
        assertEquals(new Run(0, "foreign-jres: apt-get update failed twice; going on with the indexes apt has",
                "-y -qq --allow-downgrades openjdk-17-jre-headless:arm64=17.0.19+10-1~deb12u2"
                + " openjdk-17-jre-headless:ppc64el=17.0.19+10-1~deb12u2", 2), down);
    }
}
