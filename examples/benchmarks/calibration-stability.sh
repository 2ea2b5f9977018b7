#!/usr/bin/env bash
# How stable raid.xor's calibrated choice is from run to run: starts N fresh JVMs (default 50) with
# the vector kernels disabled, so the two scalar kernels are calibrated, and counts each choice.
#   examples/benchmarks/calibration-stability.sh [RAID_XOR_JAR] [N]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
jar="${1:-$here/examples/raid-xor/target/raid-xor.jar}"
n="${2:-50}"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
for i in $(seq 1 "$n"); do
  "$java" -Dcpufeatures.disable=avx2,avx512f -jar "$jar" 2>/dev/null | sed -n 's/^raid\.xor: using \([a-z0-9-]*\).*/\1/p'
done | sort | uniq -c
