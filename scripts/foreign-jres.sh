#!/usr/bin/env bash
# Installs Debian's OpenJDK 17 runtime (openjdk-17-jre-headless) for each foreign architecture named (arm64,
# ppc64el), for the live tests under qemu-user, at one version every architecture offers. Multiarch needs it: a
# "Multi-Arch: same" package is one version on all architectures, so on a mirror in mid-sync (amd64's candidate
# 17.0.21, arm64's 17.0.19) a plain `apt-get install openjdk-17-jre-headless:arm64` fails with "held broken
# packages". So:
#   - apt-get update is retried once, and where it still fails the indexes apt has are used;
#   - the version is the one this machine's own runtime has, if every named architecture offers it; else the
#     highest version every architecture (this one's too) offers, and this machine's openjdk-17 packages move to it;
#   - where no version is offered for all, or apt still refuses, the runtime and the few packages it runs with are
#     downloaded and unpacked beside the system's files (adding, never replacing), with one line saying so; where even
#     that fails, one line says so and the script ends with status 0: the live tests that need the runtime then fail
#     by name under CI=true (a missing tool is a failure there), rather than this script stopping every test.
# Usage: scripts/foreign-jres.sh ARCH...   (UNPACK_ROOT, default /, is where runtimes are unpacked, and JVM_ROOT, default
# UNPACK_ROOT/usr/lib/jvm, where they are looked for: tests give their own)
set -uo pipefail
pkg=openjdk-17-jre-headless
dest="${UNPACK_ROOT:-/}"
root="${JVM_ROOT:-${dest%/}/usr/lib/jvm}"
archs=()
for arch in "$@"; do
  [ -x "$root/java-17-openjdk-$arch/bin/java" ] || archs+=("$arch")
done
[ "${#archs[@]}" -gt 0 ] || exit 0
say() {
  echo "foreign-jres: $*; the live tests that need the ${archs[*]} OpenJDK 17 runtime will fail by name" >&2
  exit 0
}
# The packages a headless JRE runs with under qemu-user (its interpreter, C and C++ runtimes, zlib).
unpacked=(openjdk-17-jre-headless libc6 libgcc-s1 libstdc++6 zlib1g)
# Where apt cannot install a runtime for want of one version on all architectures, the runtime and what it runs with
# are downloaded (any version the mirror offers: apt-get download asks nothing of what is installed) and unpacked into
# the root, adding files only and replacing none: the architectures' own directories (/usr/lib/jvm/java-17-openjdk-ARCH,
# /lib/TRIPLET, the interpreter) are what qemu-user and the tests read. dpkg does not know of them.
unpack() {
  local arch="$1" dir
  dir="$(mktemp -d)"
  (cd "$dir" && for p in "${unpacked[@]}"; do apt-get download -qq "$p:$arch" >/dev/null 2>&1 || exit 1; done) \
    || { rm -rf "$dir"; return 1; }
  for d in "$dir"/*.deb; do dpkg-deb -x "$d" "$dir/root" || { rm -rf "$dir"; return 1; }; done
  # tar, not cp: the root's /lib may be a link to /usr/lib (merged /usr), which must stay a link
  tar -C "$dir/root" -cf - . | tar -C "$dest" -xf - --keep-directory-symlink --skip-old-files && rm -rf "$dir"
  [ -x "$root/java-17-openjdk-$arch/bin/java" ]
}
# Installs by unpacking when apt cannot; says so in one line either way.
fallback() {
  local why="$1" arch done=()
  for arch in "${archs[@]}"; do
    unpack "$arch" && done+=("$arch")
  done
  if [ "${#done[@]}" -eq "${#archs[@]}" ]; then
    echo "foreign-jres: $why; unpacked the ${archs[*]} OpenJDK 17 runtime instead (files added, none replaced)" >&2
    exit 0
  fi
  say "$why, and unpacking it failed too"
}
for arch in "${archs[@]}"; do
  dpkg --add-architecture "$arch" || say "dpkg --add-architecture $arch failed"
done
# an update that fails (a mirror in mid-sync: "File has unexpected size") is tried once more; apt keeps the indexes it
# had for what still fails, so the versions below are read from those
apt-get update -qq || { sleep 5; apt-get update -qq; } \
  || echo "foreign-jres: apt-get update failed twice; going on with the indexes apt has" >&2

# The versions the mirror offers for $1 (an architecture), one per line.
offered() {
  apt-cache madison "$pkg:$1" 2>/dev/null | awk -F'|' '{ gsub(/ /, "", $2); if ($2 != "") print $2 }' | sort -u
}
native="$(dpkg --print-architecture)"
own="$(dpkg-query -W -f='${Version}' "$pkg:$native" 2>/dev/null || true)"
common="$(offered "$native")"
everywhere_own=yes
for arch in "${archs[@]}"; do
  theirs="$(offered "$arch")"
  [ -n "$own" ] && printf '%s\n' "$theirs" | grep -qxF -- "$own" || everywhere_own=no
  common="$(comm -12 <(printf '%s\n' "$common") <(printf '%s\n' "$theirs") | sed '/^$/d')"
done
if [ "$everywhere_own" = yes ]; then
  version="$own"
else
  version="$(printf '%s\n' "$common" | sed '/^$/d' | sort -V | tail -n 1)"
fi
if [ -z "$version" ]; then
  offers="$native: $(offered "$native" | tr '\n' ' ')"
  for arch in "${archs[@]}"; do
    offers="$offers; $arch: $(offered "$arch" | tr '\n' ' ')"
  done
  fallback "no version of $pkg is offered for $native and ${archs[*]} alike ($offers)"
fi
install=()
for arch in "${archs[@]}"; do
  install+=("$pkg:$arch=$version")
done
if [ "$version" != "$own" ]; then
  # this machine's own openjdk-17 packages move to the same version (one version on all architectures)
  while read -r name source; do
    [ "$source" = openjdk-17 ] && install+=("$name=$version")
  done < <(dpkg-query -W -f='${binary:Package} ${source:Package}\n' 2>/dev/null)
fi
apt-get install -y -qq --allow-downgrades "${install[@]}" >/dev/null \
  || fallback "apt-get install ${install[*]} failed"
