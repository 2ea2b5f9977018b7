#!/bin/sh
# The consumer without module-info on the module path: its classes on the class path, cpufeatures and
# its dependencies on the module path (the README's note). With --add-modules io.cpufeatures.dispatch it
# runs and the architecture modules come by service binding; without it, its first use fails.
# Arguments: the consumer's classes directory, the runtime class path Maven gives (those classes first),
# the java to run.
classes=$1
path=$2
java=$3
modules=$(printf '%s' "$path" | tr ':' '\n' | grep -vxF "$classes" | paste -sd: -)

if out=$("$java" --add-modules jdk.incubator.vector --enable-native-access=io.cpufeatures.x86 --module-path "$modules" \
        -cp "$classes" com.example.sum.Main mixed vector 2>&1); then
    echo "consumer check failed: ran without --add-modules io.cpufeatures.dispatch: $out"
    exit 1
fi
case "$out" in
    *"NoClassDefFoundError: io/cpufeatures/"*)
        echo "consumer-refused path=mixed without --add-modules io.cpufeatures.dispatch: NoClassDefFoundError" ;;
    *)
        echo "consumer check failed: without --add-modules io.cpufeatures.dispatch it failed otherwise: $out"
        exit 1 ;;
esac

exec "$java" --add-modules jdk.incubator.vector,io.cpufeatures.dispatch --enable-native-access=io.cpufeatures.x86 \
    --module-path "$modules" -cp "$classes" com.example.sum.Main mixed vector
