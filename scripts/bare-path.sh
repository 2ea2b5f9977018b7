#!/usr/bin/env bash
# Prints a PATH that holds every command of this one except what the project installs for its tests and native
# builds: C and C++ compilers and preprocessors (gcc, g++, cc, c++, cpp, cross and mingw-w64 compilers, clang), qemu-user, Wine, zstd, zsh and groff. A
# build run with it sees a bare machine, as a contributor's first clone does:
#   PATH="$(scripts/bare-path.sh DIR)" ./mvnw -B verify
# DIR (made if missing) receives one symbolic link per command kept; the first of a name on PATH wins, as it would.
set -euo pipefail
dir=${1:?usage: scripts/bare-path.sh DIR}
mkdir -p "$dir"
IFS=: read -r -a path <<< "$PATH"
for d in "${path[@]}"; do
  [ -d "$d" ] || continue
  for f in "$d"/*; do
    name=${f##*/}
    [ -x "$f" ] && [ ! -d "$f" ] || continue
    case "$name" in
      gcc|gcc-[0-9]*|cc|c89|c99|c89-gcc|c99-gcc|*-gcc|*-gcc-[0-9]*|*-gcc-posix|*-gcc-win32|clang|clang-*|tcc|\
      g++|g++-[0-9]*|c++|*-g++|*-g++-[0-9]*|*-g++-posix|*-g++-win32|cpp|cpp-[0-9]*|*-cpp|*-cpp-[0-9]*|*-cpp-posix|*-cpp-win32|\
      qemu-*|wine|wine64|wine-*|zstd|zstdmt|unzstd|zstdcat|pzstd|zsh|zsh5|groff) continue ;;
    esac
    [ -e "$dir/$name" ] || [ -L "$dir/$name" ] || ln -s "$f" "$dir/$name"
  done
done
echo "$dir"
