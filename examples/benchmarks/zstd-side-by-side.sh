#!/usr/bin/env bash
# zstd side by side, in one run: libzstd's anchor (../shared/bench/zstd_bench.c on the same corpus,
# every /usr/include/*.h in byte order of names), then ZstdDecompressBenchmark and
# ZstdThroughputBenchmark on each JDK given (default: this java, and Temurin 25 if installed).
# Every program is pinned to CPU 1, as ../shared/bench/run.sh pins the anchors. Results go to
# docs/results/zstd-*; then
#   java -cp examples/benchmarks/target/benchmarks.jar io.cpufeatures.examples.benchmarks.report.ZstdResultsReport docs/results
# rewrites the results section of docs/zstd.md and the chart docs/zstd.svg.
# Usage (from the project root): examples/benchmarks/zstd-side-by-side.sh [java-home ...]
set -euo pipefail
cd "$(dirname "$0")/../.."
. examples/benchmarks/side-by-side-lib.sh
mkdir -p docs/results
if ! dpkg -s libzstd-dev >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq libzstd-dev >/dev/null
fi
benchmarks_jar
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O2 -o "$tmp/zstd_bench" ../shared/bench/zstd_bench.c -lzstd
ls /usr/include/*.h | LC_ALL=C sort | xargs cat > "$tmp/corpus.bin"
{
  machine_line
  taskset -c 1 "$tmp/zstd_bench" "$tmp/corpus.bin" 11 | grep -v '^cmp '
} | tee docs/results/zstd-anchor.txt
jdk_homes "$@" | while read -r home; do
  jmh_runs zstd "$home" ZstdDecompressBenchmark ZstdThroughputBenchmark
done
