#!/usr/bin/env bash
# What the command prints for every dump of the shared corpus and every bundled AArch64 dump, one file
# per command and dump, for comparing two builds (e.g. before and after a refactoring) with diff -r.
# Usage: scripts/output-snapshot.sh OUTDIR [DEMO_JAR]
#   DEMO_JAR defaults to this tree's examples/demo/target/cpufeatures-demo.jar (build it first:
#   ./mvnw -B -q install -DskipTests -Dinvoker.skip=true).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:?usage: scripts/output-snapshot.sh OUTDIR [DEMO_JAR]}"
jar="${2:-$root/examples/demo/target/cpufeatures-demo.jar}"
corpus="${CPUFEATURES_CORPUS:-$root/../shared/cpuid-corpus}"
[ -f "$jar" ] || { echo "output-snapshot: no jar at $jar; build it first" >&2; exit 2; }
[ -d "$corpus" ] || { echo "output-snapshot: no corpus at $corpus (set CPUFEATURES_CORPUS)" >&2; exit 2; }
inputs=("$corpus/normalized" "$corpus/libcpuid" "$corpus/instlatx64" "$root/cpufeatures-x86/src/test/resources/io/cpufeatures/x86/libcpuid"
  "$root/cpufeatures-aarch64/src/test/resources/io/cpufeatures/aarch64/qemu")
for d in "$root"/examples/demo/src/test/resources/arm64/*.txt; do inputs+=("$d"); done
for d in "$root"/cpufeatures-ppc64le/src/test/resources/io/cpufeatures/ppc64le/*/; do [ -d "$d" ] && inputs+=("$d"); done
mkdir -p "$out"
java --add-modules jdk.incubator.vector -Dslf4j.provider=io.cpufeatures.cli.StderrLoggerProvider \
  -Dslf4j.internal.verbosity=WARN -cp "$jar" "$root/scripts/OutputSnapshot.java" "$out" "${inputs[@]}" 2>&1 \
  | grep -v 'Using incubator modules' || true
