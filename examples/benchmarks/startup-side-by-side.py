#!/usr/bin/env python3
"""Start-up of ./cpufeatures against `java -version`, side by side, on one or more JDKs.

    examples/benchmarks/startup-side-by-side.py [-n RUNS] [--before JAR] [JAVA_HOME ...]

For each JDK (default: the java on PATH and Temurin 25 if installed) it runs every command once to
warm up (the launcher makes its class-data archive then), then RUNS rounds (default 20) in which
each command runs once, in turn, so a load that comes and goes touches all of them alike. It prints
a Markdown table: per command the median wall time, the median CPU time (user + system, of the
process and its children) and both as a multiple of `java -version`'s. --before adds the demo jar
of an earlier build run as the launcher ran it then (`java --add-modules jdk.incubator.vector
--enable-native-access=ALL-UNNAMED -jar JAR report --json`). Run from anywhere.
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from jdks import default_homes  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LAUNCHER = os.path.join(ROOT, "cpufeatures")



def commands(home, before):
    """(label, argv, extra environment) of each command measured."""
    java = os.path.join(home, "bin", "java")
    earlier = [("`report --json` of the earlier build (`--before`)", [java, "--add-modules", "jdk.incubator.vector",
                "--enable-native-access=ALL-UNNAMED", "-jar", before, "report", "--json"], {})] if before else []
    return [
        ("`java -version`", [java, "-version"], {}),
        ("`./cpufeatures --version`", [LAUNCHER, "--version"], {}),
        ("`./cpufeatures report --json`", [LAUNCHER, "report", "--json"], {}),
        ("`./cpufeatures report --json`, no archive (`CPUFEATURES_CDS=off`)", [LAUNCHER, "report", "--json"],
         {"CPUFEATURES_CDS": "off"}),
    ] + earlier


def version(home):
    out = subprocess.run([os.path.join(home, "bin", "java"), "-version"], capture_output=True, text=True).stderr
    return out.splitlines()[0].strip() if out else home


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--runs", type=int, default=20)
    parser.add_argument("--before", help="the demo jar of an earlier build, to run as it was run then")
    parser.add_argument("homes", nargs="*")
    args = parser.parse_args()
    cpu = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-"], capture_output=True,
                         text=True).stdout.strip()
    load = os.getloadavg()[0]
    print(f"{cpu}, {os.cpu_count()} CPUs, load average {load:.1f} at the start, {args.runs} rounds, medians\n")
    for home in args.homes or default_homes():
        cmds = commands(home, args.before)
        for label, argv, extra in cmds:
            env_home = dict(extra, JAVA_HOME=home)
            run_with(argv, env_home)
        walls = {label: [] for label, _, _ in cmds}
        cpus = {label: [] for label, _, _ in cmds}
        for _ in range(args.runs):
            for label, argv, extra in cmds:
                w, c = run_with(argv, dict(extra, JAVA_HOME=home))
                walls[label].append(w)
                cpus[label].append(c)
        base_wall = statistics.median(walls[cmds[0][0]])
        base_cpu = statistics.median(cpus[cmds[0][0]])
        print(f"{version(home)} ({home})\n")
        print("| command | wall | x `java -version` | CPU | x `java -version` |")
        print("|---|---|---|---|---|")
        for label, _, _ in cmds:
            w = statistics.median(walls[label])
            c = statistics.median(cpus[label])
            print(f"| {label} | {w:.3f} s | {w / base_wall:.1f} | {c:.3f} s | {c / base_cpu:.1f} |")
        print()
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


def run_with(argv, env_extra):
    env = dict(os.environ, **env_extra)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.decode(errors='replace')}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


if __name__ == "__main__":
    main()
