#!/usr/bin/env bash
# Decoding cost of two builds, measured alternately in one sitting: DecodeBenchmark and AArch64DecodeBenchmark from the
# benchmarks jar of an earlier build (BEFORE) and of this one (AFTER), ROUNDS times each
# (default 3), pinned to CPU 1, 12 warm-up and 8 measured iterations of 1 s. Results land in
# OUT (default target/decode-before-after) as before-N.json and after-N.json.
#   examples/benchmarks/decode-before-after.sh BEFORE_JAR [AFTER_JAR] [ROUNDS] [OUT]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
before="${1:?usage: decode-before-after.sh BEFORE_JAR [AFTER_JAR] [ROUNDS] [OUT]}"
after="${2:-$here/examples/benchmarks/target/benchmarks.jar}"
rounds="${3:-3}"
out="${4:-$here/examples/benchmarks/target/decode-before-after}"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
mkdir -p "$out"
for i in $(seq 1 "$rounds"); do
  for side in before after; do
    jar="$before"; [ "$side" = after ] && jar="$after"
    taskset -c 1 "$java" -jar "$jar" DecodeBenchmark -wi 12 -i 8 -f 1 -rf json -rff "$out/$side-$i.json" \
      | grep -E '^(AArch64)?DecodeBenchmark' | sed "s/^/$side $i  /"
  done
done
