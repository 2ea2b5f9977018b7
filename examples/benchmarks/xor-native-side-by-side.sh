#!/usr/bin/env bash
# The native xor's variants (raid.xor.native, through JNA) beside the Java kernels of raid.xor, in one JMH run per
# JDK given (default: this java, and Temurin 25 if installed), pinned to CPU 1: XorNativeBenchmark, two sources,
# 4 KiB and 1 MiB, byte arrays and direct buffers. Results go to docs/results/xor-native-*; the table in
# docs/raid-xor.md ("Native variants") is written from them.
# Usage (from the project root): examples/benchmarks/xor-native-side-by-side.sh [java-home ...]
set -euo pipefail
cd "$(dirname "$0")/../.."
. examples/benchmarks/side-by-side-lib.sh
mkdir -p docs/results
benchmarks_jar
machine_line | tee docs/results/xor-native-machine.txt
jdk_homes "$@" | while read -r home; do
  jmh_runs xor-native "$home" XorNativeBenchmark
done
