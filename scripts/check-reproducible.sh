#!/usr/bin/env bash
# Reproducible builds: clones the repository's HEAD twice into different directories, builds each
# (without tests) and compares every jar byte for byte. The second build runs on a bare PATH, without any
# compiler, qemu or zstd (scripts/bare-path.sh), so a jar that depended on the host's tools would differ.
# Prints the jars and their SHA-256; exits 1 naming the jars that differ.
# Usage: scripts/check-reproducible.sh [extra Maven options, e.g. -o]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
bare="$("$root/scripts/bare-path.sh" "$work/bare-bin")"
for build in a b; do
  git clone -q "$root" "$work/$build"
  path=$PATH
  [ "$build" = a ] || path=$bare
  (cd "$work/$build" && PATH="$path" ./mvnw -B -q "$@" package -DskipTests -Dinvoker.skip=true)
done
cd "$work/a"
mapfile -t jars < <(find . -path '*/target/*' -name '*.jar' -not -path '*/local-repo/*' -not -path '*/target/it/*' | sort)
if [ "${#jars[@]}" -eq 0 ]; then
  echo "check-reproducible: the build made no jars" >&2
  exit 1
fi
differ=()
for jar in "${jars[@]}"; do
  a="$(sha256sum "$work/a/$jar" | cut -d' ' -f1)"
  b="$(sha256sum "$work/b/$jar" 2>/dev/null | cut -d' ' -f1 || true)"
  echo "$a  ${jar#./}"
  [ "$a" = "$b" ] || differ+=("${jar#./}")
done
if [ "${#differ[@]}" -gt 0 ]; then
  echo "check-reproducible: ${#differ[@]} of ${#jars[@]} jars differ between two clean builds (the second on a bare PATH): ${differ[*]}" >&2
  exit 1
fi
echo "check-reproducible: ${#jars[@]} jars identical in two clean builds, the second on a bare PATH"
