#!/usr/bin/env bash
# RAID xor side by side, in one run: the native anchors of ../shared/bench/xor_bench.c (ISA-L
# xor_gen, C AVX2 and AVX-512 loops), then XorGenBenchmark and XorGenMisalignedBenchmark on each JDK
# given (default: this java, and Temurin 25 if installed). Every program is pinned to CPU 1, as
# ../shared/bench/run.sh pins the anchors. Results go to docs/results/xor-*; then
#   java -cp examples/benchmarks/target/benchmarks.jar io.cpufeatures.examples.benchmarks.XorResultsReport docs/results
# rewrites the table in docs/raid-xor.md and the chart docs/raid-xor.svg.
# Usage (from the project root): examples/benchmarks/xor-side-by-side.sh [java-home ...]
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
if ! dpkg -s libisal-dev >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq libisal-dev >/dev/null
fi
[ -f examples/benchmarks/target/benchmarks.jar ] || ./mvnw -q -B -DskipTests package -pl examples/benchmarks -am
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O3 -mavx2 -mavx512f -o "$tmp/xor_bench" "$shared/xor_bench.c" -lisal
{
  echo "# $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) CPUs, Linux $(uname -r), gcc $(gcc -dumpversion)"
  taskset -c 1 "$tmp/xor_bench" 11 128
} | tee "$out/xor-anchor.txt"
for home in "${homes[@]}"; do
  v=$("$home/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.version = \([0-9]*\).*/\1/p')
  for b in XorGenBenchmark XorGenMisalignedBenchmark; do
    taskset -c 1 "$home/bin/java" -jar examples/benchmarks/target/benchmarks.jar "\.$b\." -jvm "$home/bin/java" \
      -rf csv -rff "$out/xor-jdk$v-$b.csv" 2>&1 | grep -E '^(# (VM version|JMH version)|Benchmark|XorGen)'
  done
  "$home/bin/java" -version 2>&1 | head -2 > "$out/xor-jdk$v.version"
done
