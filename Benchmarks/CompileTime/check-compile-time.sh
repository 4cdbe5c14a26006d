#!/usr/bin/env bash
# C1 (../../shared/bench/WORKLOADS.md): type-checks entry points that compose 10, 30 and 60
# lifted middlewares and as many lifted reducers with `<>`, in Swift 5 and Swift 6 language
# modes, each in a synchronous and an `async` function, and fails when one takes longer than its
# ceiling: 300 ms, and 100 ms for a 30-term one (-Xfrontend -debug-time-function-bodies).
#
#     Benchmarks/CompileTime/check-compile-time.sh [scratch-path]
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=${1:-.build}
swift build --target RexCore --scratch-path "$scratch" >/dev/null
modules=$(swift build --scratch-path "$scratch" --show-bin-path)/Modules
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/CompileTime/generate.py 10 30 60 > "$work/C1.swift"

failed=0
for mode in 5 6; do
    # A function that fails to type-check at all is reported as an error: that fails too.
    if ! swiftc -typecheck -swift-version "$mode" -I "$modules" -Xfrontend -debug-time-function-bodies \
        "$work/C1.swift" > "$work/times-$mode.txt" 2>&1; then
        echo "check-compile-time: Swift $mode mode does not type-check C1:" >&2
        grep -m5 error "$work/times-$mode.txt" >&2 || true
        failed=1
        continue
    fi
    # Lines read "12.34ms<TAB>file:line:col<TAB>global function C1.(file).composeMiddlewares30Async()@…".
    while IFS=$'\t' read -r time name; do
        milliseconds=${time%ms}
        terms=$(echo "$name" | sed 's/[^0-9]*\([0-9]*\).*/\1/')
        ceiling=300
        [ "$terms" = 30 ] && ceiling=100
        if awk -v t="$milliseconds" -v c="$ceiling" 'BEGIN { exit !(t <= c) }'; then
            echo "check-compile-time: Swift $mode, $name ${milliseconds} ms (ceiling $ceiling)"
        else
            echo "check-compile-time: Swift $mode, $name ${milliseconds} ms, over its ceiling of $ceiling ms" >&2
            failed=1
        fi
    done < <(sed -n 's/^\([0-9.]*ms\)\t[^\t]*\tglobal function C1\.(file)\.\(compose[A-Za-z0-9]*\)().*/\1\t\2/p' "$work/times-$mode.txt")
done
exit "$failed"
