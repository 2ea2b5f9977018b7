#!/usr/bin/env bash
# RAID xor side by side, in one run: the native anchors of ../shared/bench/xor_bench.c (ISA-L
# xor_gen, C AVX2 and AVX-512 loops), then XorGenBenchmark and XorGenMisalignedBenchmark on each JDK
# given (default: this java, and Temurin 25 if installed). Every program is pinned to CPU 1, as
# ../shared/bench/run.sh pins the anchors. Results go to docs/results/xor-*; then
#   java -cp examples/benchmarks/target/benchmarks.jar io.cpufeatures.examples.benchmarks.report.XorResultsReport docs/results
# rewrites the table in docs/raid-xor.md and the chart docs/raid-xor.svg.
# Usage (from the project root): examples/benchmarks/xor-side-by-side.sh [java-home ...]
set -euo pipefail
cd "$(dirname "$0")/../.."
. examples/benchmarks/side-by-side-lib.sh
mkdir -p docs/results
if ! dpkg -s libisal-dev >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq libisal-dev >/dev/null
fi
benchmarks_jar
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O3 -mavx2 -mavx512f -o "$tmp/xor_bench" ../shared/bench/xor_bench.c -lisal
{
  machine_line
  taskset -c 1 "$tmp/xor_bench" 11 128
} | tee docs/results/xor-anchor.txt
jdk_homes "$@" | while read -r home; do
  jmh_runs xor "$home" XorGenBenchmark XorGenMisalignedBenchmark
done
