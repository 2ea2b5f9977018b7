#!/usr/bin/env bash
# The one way native code reaches a jar. Each native library is kept as its C sources and a recipe,
# MODULE/src/main/c/native-builds, and as its committed builds, MODULE/src/main/native (a resource root the
# module's jar takes as it is: no Maven build ever runs a compiler, so a jar holds the same bytes on every host).
# This script rebuilds every build of every recipe with the pinned compilers, in a directory of its own, and
#   --check  (the default; .ci/run runs it) fails if any committed file differs from what the sources give, byte
#            for byte: a build, or the manifest, whose comments name the SHA-256 of each source it was built from;
#   --update writes the rebuilt builds and manifest over the committed ones (after changing a C source or a
#            recipe; commit the result with the source).
# A source changed without its builds is also caught on every machine, without compilers, by the verification
# module's NativeBuildsTest, which checks the manifest's source hashes against the files.
#
# A recipe:
#   # cpufeatures native builds 1
#   manifest io/example/native/lib.variants    the manifest's resource path below src/main/native
#   source lib.c                               every file of src/main/c the builds read (the recipe aside)
#   flags -O3                                  flags of every build (optional)
#   PLATFORM VARIANT FILE NEEDS FLAGS...       one build, best first per platform (NEEDS as the manifest takes them)
# Each build is compiled from all sources with the platform's pinned compiler, its common flags below, the
# recipe's flags and the build's FLAGS,
# and -DCPF_VARIANT='"PLATFORM/VARIANT"'. Usage: scripts/native-builds.sh [--check|--update] [RECIPE...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
self="scripts/native-builds.sh"
mode=check
case "${1:-}" in
  --check) shift ;;
  --update) mode=update; shift ;;
  -*) echo "native-builds: unknown option '$1'; accepted: --check (default), --update" >&2; exit 2 ;;
esac

# The pinned toolchain: Debian 12 (bookworm) GCC 12.2.0 and GNU binutils 2.40, as Debian packages them for each
# target (a cross compiler on other hosts, the native one on its own). Another release emits other bytes.
pinned_gcc=12.2.0
pinned_ld=2.40
declare -A compiler=(
  [linux-x86_64]=x86_64-linux-gnu-gcc
  [linux-aarch64]=aarch64-linux-gnu-gcc
  [linux-ppc64le]=powerpc64le-linux-gnu-gcc
  [windows-x86_64]=x86_64-w64-mingw32-gcc
)
declare -A package=(
  [linux-x86_64]="gcc on x86-64, gcc-x86-64-linux-gnu elsewhere"
  [linux-aarch64]="gcc on arm64, gcc-aarch64-linux-gnu elsewhere"
  [linux-ppc64le]="gcc-powerpc64le-linux-gnu"
  [windows-x86_64]="gcc-mingw-w64-x86-64"
)
# The same bytes on every run: no debug information or compiler identification, symbols stripped, the sources'
# directory written as '.'; PE files without a link time stamp or an image base hashed from the output's path.
common=(-shared -s -std=c11 -Wall -Werror -fno-ident)
declare -A platform_flags=(
  [linux-x86_64]="-fPIC"
  [linux-aarch64]="-fPIC"
  [linux-ppc64le]="-fPIC"
  [windows-x86_64]="-Wl,--no-insert-timestamp -Wl,--disable-auto-image-base -static-libgcc"
)

fail() { echo "native-builds: $*" >&2; exit 1; }

# Checks a platform's compiler once: present, and the pinned GCC and binutils.
declare -A checked=()
toolchain() { # PLATFORM
  local p=$1 cc version ld
  [ -n "${compiler[$p]:-}" ] || fail "no compiler is pinned for platform '$p'; pinned: ${!compiler[*]}"
  [ -n "${checked[$p]:-}" ] && return 0
  cc=${compiler[$p]}
  command -v "$cc" >/dev/null 2>&1 || fail "$cc is not on PATH; it builds $p (Debian package ${package[$p]})"
  version=$("$cc" -dumpfullversion 2>/dev/null || true)
  case "$version" in
    "$pinned_gcc"|12-win32|12-posix) ;;
    *) fail "$cc is GCC '$version'; the committed builds are made with GCC $pinned_gcc (Debian 12)" ;;
  esac
  if [ "$version" != "$pinned_gcc" ]; then
    # mingw-w64's GCC names its threading model, not its release: the Debian package that owns it names that
    local owner
    owner=$(dpkg -S "$(readlink -f "$(command -v "$cc")")" 2>/dev/null | cut -d: -f1 || true)
    [ -n "$owner" ] && dpkg-query -W -f='${Version}' "$owner" 2>/dev/null | grep -q "^$pinned_gcc-" \
      || "$cc" -v 2>&1 | grep -q "gcc version $pinned_gcc " || fail "$cc is not GCC $pinned_gcc (Debian 12)"
  fi
  ld=$("$("$cc" -print-prog-name=ld)" --version | head -1)
  case "$ld" in
    *" $pinned_ld") ;;
    *) fail "$cc links with '$ld'; the committed builds are linked with GNU binutils $pinned_ld (Debian 12)" ;;
  esac
  checked[$p]=1
}

sha() { sha256sum "$1" | cut -d' ' -f1; }

# Builds one recipe into OUT (a copy of what src/main/native should hold for it).
build_recipe() { # RECIPE OUT
  local recipe=$1 out=$2 src module manifest="" sources=() flags=() n=0 line
  src="$(cd "$(dirname "$recipe")" && pwd)"
  module="${src%/src/main/c}"
  [ "$module" != "$src" ] || fail "$recipe: a recipe lives in MODULE/src/main/c"
  local -a lines=()
  mapfile -t lines < "$recipe"
  [ "${lines[0]:-}" = "# cpufeatures native builds 1" ] || fail "$recipe:1: the first line must be '# cpufeatures native builds 1'"
  local -a builds=()
  for line in "${lines[@]}"; do
    n=$((n + 1))
    line="${line%%#*}"
    read -r -a f <<< "$line" || true
    [ "${#f[@]}" -gt 0 ] || continue
    case "${f[0]}" in
      manifest) [ "${#f[@]}" -eq 2 ] || fail "$recipe:$n: 'manifest' takes one resource path"; manifest=${f[1]} ;;
      source) [ "${#f[@]}" -eq 2 ] || fail "$recipe:$n: 'source' takes one file name"
              [ -f "$src/${f[1]}" ] || fail "$recipe:$n: source '${f[1]}' is not a file in $src"
              sources+=("${f[1]}") ;;
      flags) flags+=("${f[@]:1}") ;;
      *) [ "${#f[@]}" -ge 4 ] || fail "$recipe:$n: a build is PLATFORM VARIANT FILE NEEDS FLAGS...; got '$line'"
         builds+=("$n ${f[*]}") ;;
    esac
  done
  [ -n "$manifest" ] || fail "$recipe: no 'manifest' line"
  [ "${#sources[@]}" -gt 0 ] || fail "$recipe: no 'source' line"
  [ "${#builds[@]}" -gt 0 ] || fail "$recipe: no build line"
  local mdir="$out/$(dirname "$manifest")" list
  mkdir -p "$mdir"
  list="$out/$manifest"
  {
    echo "# cpufeatures native variants 1"
    echo "# Written by $self from ${recipe#"$root"/}; do not edit. Built from these files (SHA-256):"
    echo "# source $self $(sha "$root/$self")"
    echo "# source ${recipe#"$root"/} $(sha "$recipe")"
    for s in "${sources[@]}"; do
      echo "# source ${src#"$root"/}/$s $(sha "$src/$s")"
    done
    echo "# PLATFORM/VARIANT/FILE  SHA-256  NEEDS (best first per platform)"
  } > "$list"
  local work b platform variant file needs cc c
  work=$(mktemp -d)
  # the sources are compiled from a directory of their own, named '.' in what the compiler writes
  cp "${sources[@]/#/$src/}" "$work/"
  for b in "${builds[@]}"; do
    read -r -a f <<< "$b"
    n=${f[0]} platform=${f[1]} variant=${f[2]} file=${f[3]} needs=${f[4]}
    toolchain "$platform"
    cc=${compiler[$platform]}
    local dir="$mdir/$platform/$variant"
    mkdir -p "$dir"
    local -a cfiles=()
    for s in "${sources[@]}"; do
      case "$s" in *.c) cfiles+=("$s") ;; esac
    done
    # shellcheck disable=SC2086
    (cd "$work" && "$cc" "${common[@]}" ${platform_flags[$platform]} "${flags[@]}" "${f[@]:5}" -ffile-prefix-map="$work"=. \
        -DCPF_VARIANT="\"$platform/$variant\"" -o "$dir/$file" "${cfiles[@]}") \
      || fail "${recipe#"$root"/}:$n: $cc failed for $platform/$variant"
    echo "$platform/$variant/$file $(sha "$dir/$file") $needs" >> "$list"
  done
  rm -rf "$work"
}

mapfile -t recipes < <(if [ "$#" -gt 0 ]; then printf '%s\n' "$@"; else
  find "$root" -path '*/target' -prune -o -path "$root/.git" -prune -o -path '*/src/main/c/native-builds' -type f -print | sort; fi)
[ "${#recipes[@]}" -gt 0 ] || fail "no recipe (MODULE/src/main/c/native-builds) under $root"
status=0
for recipe in "${recipes[@]}"; do
  recipe="$(cd "$(dirname "$recipe")" && pwd)/$(basename "$recipe")"
  module="${recipe%/src/main/c/native-builds}"
  committed="$module/src/main/native"
  fresh=$(mktemp -d)
  build_recipe "$recipe" "$fresh"
  if [ "$mode" = update ]; then
    rm -rf "$committed"
    mkdir -p "$committed"
    cp -R "$fresh/." "$committed/"
    echo "native-builds: ${committed#"$root"/} rebuilt from ${recipe#"$root"/}"
  elif ! diff -r -q "$committed" "$fresh" > "$fresh.diff" 2>&1; then
    echo "native-builds: ${committed#"$root"/} is not what ${recipe#"$root"/} builds with the pinned compilers:" >&2
    sed "s|$fresh|(rebuilt)|g; s|$committed|${committed#"$root"/}|g" "$fresh.diff" >&2
    echo "native-builds: run $self --update after changing a source, and commit the builds with it" >&2
    status=1
  else
    echo "native-builds: ${committed#"$root"/} is what ${recipe#"$root"/} builds, byte for byte"
  fi
  rm -rf "$fresh" "$fresh.diff"
done
exit "$status"
