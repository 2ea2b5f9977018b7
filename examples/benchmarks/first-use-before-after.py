#!/usr/bin/env python3
"""The first answer of a fresh JVM, two builds alternately in one sitting.

    examples/benchmarks/first-use-before-after.py BEFORE_JAR AFTER_JAR [-n RUNS] [JAVA_HOME ...]

Each jar is a demo assembly (examples/demo/target/cpufeatures-demo.jar: the library with every module). Each
round runs cold-start/FirstHas.java once per build, in turn, pinned to CPU 1, without a logging provider: a fresh
JVM whose only work is CpuFeatures.current().has("avx2"). Prints, per JDK (default: the java on PATH and Temurin 25
if installed), the median wall time and the median time of that first call inside the process, and their ratios.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from jdks import default_homes  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))



def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("-n", type=int, default=20)
    ap.add_argument("homes", nargs="*")
    a = ap.parse_args()
    classes = tempfile.mkdtemp()
    subprocess.run(["javac", "--release", "17", "-cp", a.after, "-d", classes,
                    os.path.join(HERE, "cold-start", "FirstHas.java")], check=True)
    builds = {"before": a.before, "after": a.after}
    for home in a.homes or default_homes():
        java = os.path.join(home, "bin", "java")
        def run(jar):
            t = time.perf_counter()
            out = subprocess.run(["taskset", "-c", "1", java, "-Dslf4j.provider=org.slf4j.helpers.NOP_FallbackServiceProvider",
                                  "-cp", jar + os.pathsep + classes, "FirstHas"], capture_output=True, text=True, check=True)
            return (time.perf_counter() - t) * 1000, int(out.stdout.split()[1]) / 1000
        for jar in builds.values():
            run(jar)  # warm the file cache
        res = {k: ([], []) for k in builds}
        for _ in range(a.n):
            for k, jar in builds.items():
                wall, inproc = run(jar)
                res[k][0].append(wall)
                res[k][1].append(inproc)
        med = {k: (statistics.median(v[0]), statistics.median(v[1])) for k, v in res.items()}
        print(f"{home}: {a.n} rounds")
        for k in builds:
            print(f"  {k:6s} wall {med[k][0]:6.1f} ms, first has() in the process {med[k][1]:6.1f} ms")
        print(f"  after / before: wall {med['after'][0] / med['before'][0]:.2f}, in the process {med['after'][1] / med['before'][1]:.2f}")


if __name__ == "__main__":
    main()
