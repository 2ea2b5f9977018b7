#!/bin/sh
# The consumer run with and without JNA, on the class path and on the module path; verify.groovy compares the runs.
# Each run's answer line, its count of WARN lines and its standard error are echoed into the build log.
# Arguments: the consumer's classes directory, the runtime class path Maven gives (those classes first), the java.
classes=$1
path=$2
java=$3
deps=$(printf '%s' "$path" | tr ':' '\n' | grep -vxF "$classes")
jna=$(printf '%s\n' "$deps" | grep '/jna-[0-9][^/]*\.jar$')
with=$(printf '%s\n' "$deps" | paste -sd: -)
without=$(printf '%s\n' "$deps" | grep -v '/jna-[0-9][^/]*\.jar$' | paste -sd: -)
if [ -z "$jna" ]; then
    echo "consumer check failed: no JNA jar in $path"
    exit 1
fi
out=target/runs
mkdir -p "$out"

run() {
    name=$1
    shift
    if ! "$java" "$@" >"$out/$name.out" 2>"$out/$name.err"; then
        echo "consumer check failed: run $name failed: $(cat "$out/$name.out" "$out/$name.err")"
        exit 1
    fi
    echo "run $name: $(grep '^answer ' "$out/$name.out")"
    echo "warns $name: $(grep -c ' WARN ' "$out/$name.err")"
    sed "s/^/stderr $name: /" "$out/$name.err"
}

main=com.example.nojna.Main
module=com.example.nojna/$main
run cp-jna --enable-native-access=ALL-UNNAMED -cp "$classes:$with" $main class-path
run cp-nojna --enable-native-access=ALL-UNNAMED -cp "$classes:$without" $main class-path
run mp-jna --enable-native-access=io.cpufeatures.x86,com.sun.jna --add-modules com.sun.jna \
    --module-path "$classes:$with" --module $module module-path
run mp-nojna --enable-native-access=io.cpufeatures.x86 --module-path "$classes:$without" --module $module module-path
# The probe library refused (a relative cache directory): the stub page would need JNA, which is absent.
run cp-nojna-stubpage -Dcpufeatures.native.cache=relative/dir --enable-native-access=ALL-UNNAMED \
    -cp "$classes:$without" $main class-path
run mp-nojna-stubpage -Dcpufeatures.native.cache=relative/dir --enable-native-access=io.cpufeatures.x86 \
    --module-path "$classes:$without" --module $module module-path
