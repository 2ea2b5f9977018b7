#!/usr/bin/env bash
# Builds xor.c once per CPU level into OUT/PLATFORM/VARIANT/libcpfxor.so and writes OUT/xor.variants, the
# manifest the raid.xor.native dispatch point reads (io.cpufeatures.dispatch.NativeVariants), best first per
# platform. x86-64 builds carry GCC's GNU_PROPERTY_X86_ISA_1_NEEDED note (-mneeded); the v3 variant's needs are
# read from it, the others are declared. arm64 variants are built with aarch64-linux-gnu-gcc (Debian's
# gcc on arm64, gcc-aarch64-linux-gnu elsewhere), x86-64 ones with x86_64-linux-gnu-gcc; a platform whose
# compiler is missing is left out, said on stderr (.ci/run installs both).
# The output is the same bytes on every run with the same compilers: no debug information, symbols stripped,
# file names relative.
set -euo pipefail
out=$1
src_dir=$(cd "$(dirname "$0")" && pwd)
cd "$src_dir"
rm -rf "$out"
mkdir -p "$out"
manifest="$out/xor.variants"
{
  echo "# cpufeatures native variants 1"
  echo "# PLATFORM/VARIANT/FILE  SHA-256  NEEDS (best first per platform; written by src/main/c/build-variants.sh)"
} > "$manifest"
common=(-O3 -shared -fPIC -s -std=c11 -Wall -Werror -fno-ident -ffile-prefix-map="$src_dir"=.)

build() { # CC PLATFORM VARIANT NEEDS FLAGS...
  local cc=$1 platform=$2 variant=$3 needs=$4
  shift 4
  local dir="$out/$platform/$variant"
  mkdir -p "$dir"
  "$cc" "${common[@]}" "$@" -DVARIANT="\"$platform/$variant\"" -o "$dir/libcpfxor.so" xor.c
  echo "$platform/$variant/libcpfxor.so $(sha256sum "$dir/libcpfxor.so" | cut -d' ' -f1) $needs" >> "$manifest"
}

# Debian names each compiler by its target triplet, the host's own and a cross compiler alike.
x86=x86_64-linux-gnu-gcc
if ! command -v "$x86" >/dev/null; then
  echo "build-variants.sh: no $x86 (Debian gcc on x86-64, gcc-x86-64-linux-gnu elsewhere): the linux-x86_64 variants are not built" >&2
  x86=
fi
if [ -n "$x86" ]; then
  # AVX-512 at 512 bits, so it is not for CPUs that prefer 256-bit registers (Skylake-SP to Tiger Lake)
  build "$x86" linux-x86_64 x86-64-v4 'x86-64-v4,!prefer_ymm' -march=x86-64-v4 -mprefer-vector-width=512 -mneeded
  build "$x86" linux-x86_64 x86-64-v3 elf-note -march=x86-64-v3 -mneeded
  build "$x86" linux-x86_64 x86-64-v2 x86-64-v2 -march=x86-64-v2 -mneeded
  build "$x86" linux-x86_64 baseline - -march=x86-64 -mneeded
fi
if command -v aarch64-linux-gnu-gcc >/dev/null; then
  build aarch64-linux-gnu-gcc linux-aarch64 sve sve -march=armv8-a+sve
  build aarch64-linux-gnu-gcc linux-aarch64 baseline - -march=armv8-a
else
  echo "build-variants.sh: no aarch64-linux-gnu-gcc (Debian gcc on arm64, gcc-aarch64-linux-gnu elsewhere): the linux-aarch64 variants are not built" >&2
fi
