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
shared=../shared/bench
out=docs/results
mkdir -p "$out"
homes=("$@")
if [ ${#homes[@]} -eq 0 ]; then
  homes=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
  [ -x /usr/lib/jvm/temurin-25-jdk-amd64/bin/java ] && homes+=(/usr/lib/jvm/temurin-25-jdk-amd64)
fi
if ! dpkg -s libzstd-dev >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq libzstd-dev >/dev/null
fi
[ -f examples/benchmarks/target/benchmarks.jar ] || ./mvnw -q -B -DskipTests package -pl examples/benchmarks -am
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O2 -o "$tmp/zstd_bench" "$shared/zstd_bench.c" -lzstd
ls /usr/include/*.h | LC_ALL=C sort | xargs cat > "$tmp/corpus.bin"
{
  echo "# $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) CPUs, Linux $(uname -r), gcc $(gcc -dumpversion)"
  taskset -c 1 "$tmp/zstd_bench" "$tmp/corpus.bin" 11 | grep -v '^cmp '
} | tee "$out/zstd-anchor.txt"
for home in "${homes[@]}"; do
  v=$("$home/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.version = \([0-9]*\).*/\1/p')
  for b in ZstdDecompressBenchmark ZstdThroughputBenchmark; do
    taskset -c 1 "$home/bin/java" -jar examples/benchmarks/target/benchmarks.jar "\.$b\." -jvm "$home/bin/java" \
      -rf csv -rff "$out/zstd-jdk$v-$b.csv" 2>&1 | grep -E '^(# (VM version|JMH version)|Benchmark|Zstd)'
  done
  "$home/bin/java" -version 2>&1 | head -2 > "$out/zstd-jdk$v.version"
done
