#!/usr/bin/env python3
"""Cold start: the first answer and the first dispatched call of a fresh JVM, against a JVM that prints a constant.

    examples/benchmarks/cold-start.py [-n RUNS] [--tree LABEL=ROOT ...] [--json FILE] [JAVA_HOME ...]

Every case is a fresh JVM; each round runs every case once, in turn, so a load that comes and goes touches all of them
alike (RUNS rounds, default 20, after one warm-up round that also counts the classes each case loads). Per JDK (default:
the java on PATH and Temurin 25 if installed) it prints a Markdown table: the median wall time, the median CPU time
(user + system of the process and its children), the median time of the measured call inside the process, the classes
loaded, and the wall time as a multiple of the constant-printing JVM's.

The library's class path is what a consumer of one dispatched kernel has: core, os, x86, aarch64, ppc64le, dispatch,
the skeleton example's point, JNA and slf4j-api, and no logging provider (SLF4J then uses its no-operation logger; its
one-time notice goes to stderr, which is discarded). Each --tree is a built checkout (default: this one, labelled
"this"); give an earlier build's checkout too to run old and new alternately in one sitting. Anchors, where their jars
are in the local Maven repository: JNA's first library handle, and Lucene's first vectorised call (lucene-core
9.12.3, JDK 21+ reads its vector module only when told to, so it answers with its scalar provider here, after the same
decision). `./cpufeatures report --json` and `java -version` are measured in the same rounds (the command of the first
tree only).
"""

import argparse
import glob
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from jdks import default_homes  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
M2 = os.path.expanduser("~/.m2/repository")
MODULES = ["cpufeatures-core", "cpufeatures-os", "cpufeatures-x86", "cpufeatures-aarch64", "cpufeatures-ppc64le",
           "cpufeatures-dispatch"]



def pom_property(name):
    with open(os.path.join(ROOT, "pom.xml")) as f:
        return re.search(r"<%s>([^<]+)</%s>" % (re.escape(name), re.escape(name)), f.read()).group(1)


def m2_jar(group, artifact, version):
    path = os.path.join(M2, group.replace(".", "/"), artifact, version, "%s-%s.jar" % (artifact, version))
    return path if os.path.exists(path) else None


def tree_class_path(root):
    jars = []
    for module in MODULES:
        found = [j for j in glob.glob(os.path.join(root, module, "target", module + "-*.jar"))
                 if not j.endswith(("-javadoc.jar", "-sources.jar"))]
        if not found:
            sys.exit("%s: no jar of %s; build that checkout first (./mvnw -B install -DskipTests)" % (root, module))
        jars.append(found[0])
    skeleton = glob.glob(os.path.join(root, "examples", "skeleton", "target", "cpufeatures-example-skeleton-*.jar"))
    if not skeleton:
        sys.exit("%s: the skeleton example is not built" % root)
    jars.append(skeleton[0])
    jars.append(m2_jar("net.java.dev.jna", "jna", pom_property("jna.version")))
    jars.append(m2_jar("org.slf4j", "slf4j-api", pom_property("slf4j.version")))
    if None in jars:
        sys.exit("JNA or slf4j-api is not in %s: build this checkout first" % M2)
    return os.pathsep.join(jars)


def cases(java, trees, programs, release):
    """(label, argv, whether it prints its in-process time) of every case.

    The library's cases run with default options, as a consumer's application does; on JDK 24 and later, where
    native access decides the x86 source (the kernel's word without it, CPUID with it), they run granted too."""
    out = [("prints a constant", [java, "-cp", programs, "PrintConstant"], True),
           ("`java -version`", [java, "-version"], False)]
    for label, cp, _ in trees:
        suffix = "" if len(trees) == 1 else " (%s)" % label
        ways = [("", [])]
        if release >= 24:
            ways.append((", native access granted", ["--enable-native-access=ALL-UNNAMED"]))
        for way, options in ways:
            base = [java] + options + ["-cp", cp + os.pathsep + programs]
            out.append(("first `has(\"avx2\")`" + way + suffix, base + ["FirstHas"], True))
            out.append(("first dispatched call" + way + suffix, base + ["FirstDispatch"], True))
    jna = m2_jar("net.java.dev.jna", "jna", pom_property("jna.version"))
    out.append(("JNA's `NativeLibrary.getInstance(\"c\")`",
                [java, "--enable-native-access=ALL-UNNAMED", "-cp", jna + os.pathsep + programs, "JnaLibc"], True))
    lucene = m2_jar("org.apache.lucene", "lucene-core", "9.12.3")
    if lucene:
        out.append(("Lucene's first `VectorUtil.dotProduct`",
                    [java, "-cp", lucene + os.pathsep + programs, "LuceneFirst"], True))
    launcher = os.path.join(trees[0][2], "cpufeatures")
    env_home = os.path.dirname(os.path.dirname(java))
    out.append(("`./cpufeatures report --json`", ["env", "JAVA_HOME=" + env_home, launcher, "report", "--json"], False))
    return out


def run(argv, in_process):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit("failed (%d): %s" % (done.returncode, " ".join(argv)))
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    inside = int(done.stdout.split()[-1]) / 1000 if in_process else None
    return wall, cpu, inside


def classes_loaded(argv):
    if argv[0] == "env":
        return None
    with tempfile.NamedTemporaryFile(suffix=".log") as log:
        subprocess.run([argv[0], "-Xlog:class+load:file=" + log.name] + argv[1:], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
        with open(log.name) as f:
            return sum(1 for _ in f)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--runs", type=int, default=20)
    parser.add_argument("--tree", action="append", default=[], help="LABEL=ROOT of a built checkout")
    parser.add_argument("--json", help="write every measurement to this file")
    parser.add_argument("homes", nargs="*")
    args = parser.parse_args()
    trees = []
    for spec in args.tree or ["this=" + ROOT]:
        label, _, root = spec.partition("=")
        trees.append((label, tree_class_path(os.path.abspath(root)), os.path.abspath(root)))
    programs = tempfile.mkdtemp()
    sources = [os.path.join(HERE, "cold-start", f) for f in ("PrintConstant.java", "FirstHas.java",
                                                              "FirstDispatch.java", "JnaLibc.java")]
    subprocess.run(["javac", "--release", "17", "-cp", trees[0][1], "-d", programs] + sources, check=True)
    lucene = m2_jar("org.apache.lucene", "lucene-core", "9.12.3")
    if lucene:
        subprocess.run(["javac", "--release", "17", "-cp", lucene, "-d", programs,
                        os.path.join(HERE, "cold-start", "LuceneFirst.java")], check=True)
    cpu = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-"], capture_output=True,
                         text=True).stdout.strip()
    print("Machine: %s, %d CPUs, Linux %s; %d rounds" % (cpu, os.cpu_count(), os.uname().release, args.runs))
    everything = {}
    for home in args.homes or default_homes():
        java = os.path.join(home, "bin", "java")
        version = subprocess.run([java, "-version"], capture_output=True, text=True).stderr.splitlines()[0]
        release = int(version.split('"')[1].split(".")[0])
        todo = cases(java, trees, programs, release)
        counts = {label: classes_loaded(argv) for label, argv, _ in todo}
        for label, argv, inside in todo:
            run(argv, inside)
        samples = {label: [] for label, _, _ in todo}
        for _ in range(args.runs):
            for label, argv, inside in todo:
                samples[label].append(run(argv, inside))
        floor = statistics.median(s[0] for s in samples["prints a constant"])
        print("\n%s (%s)\n" % (version, home))
        print("| case | wall | CPU | the call, in the process | classes loaded | wall ÷ constant |")
        print("|---|--:|--:|--:|--:|--:|")
        for label, _, inside in todo:
            s = samples[label]
            wall = statistics.median(x[0] for x in s)
            cpu_ms = statistics.median(x[1] for x in s)
            call = "%.1f ms" % statistics.median(x[2] for x in s) if inside and label != "prints a constant" else ""
            count = "{:,}".format(counts[label]) if counts[label] else ""
            print("| %s | %.1f ms | %.1f ms | %s | %s | %.2f |" % (label, wall, cpu_ms, call, count, wall / floor))
        everything[version] = {label: {"samples": samples[label], "classes": counts[label]} for label in samples}
        sys.stdout.flush()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(everything, f, indent=1)


if __name__ == "__main__":
    main()
