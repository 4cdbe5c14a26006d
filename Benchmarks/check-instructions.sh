#!/usr/bin/env bash
# Counts the instructions per action (per effect, for W6) of W1–W4 (and W2 with a persistence middleware, W2p, with a recorder, W2r, keeping every state, W2re, and streaming to the live inspector, W2l), W6, W8–W11 (and W8 through subscript(id:), W8s), W13, W14, W15 and W15 with undo (W15u), and W2 beside a state-driven set, W2s under valgrind's
# callgrind and holds them against instruction-ceilings.txt: a change that puts work on the
# store's hot path fails.
# Two run lengths are counted and differenced, so start-up and tear-down cancel out.
#
#     Benchmarks/check-instructions.sh
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v valgrind >/dev/null; then
    echo "check-instructions: installing valgrind"
    if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; else sudo apt-get update -qq && sudo apt-get install -y -qq valgrind >/dev/null; fi
fi
swift build -c release --product rex-instructions >/dev/null
binary=$(swift build -c release --show-bin-path)/rex-instructions

count() {  # workload actions threads -> total instructions (of the main thread alone with "main")
    # Deterministic hashing: with a per-process seed, a Set's or Dictionary's layout (and so the
    # probes of each lookup) differs between runs; W14's count moved by 15% between two runs.
    local dir separate=no file=out
    [ "$3" = main ] && separate=yes && file=out-01
    dir=$(mktemp -d)
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --separate-threads="$separate" \
        --callgrind-out-file="$dir/out" "$binary" "$1" "$2" >/dev/null 2>&1
    sed -n 's/^totals: \([0-9]*\).*/\1/p' "$dir/$file"
    rm -rf "$dir"
}

failed=0
# A line may give its own two run lengths (W13's turns cost a thousand times W1's), and then
# "main" to count the instructions of the thread that dispatches alone.
while read -r workload ceiling short long threads; do
    case "$workload" in ''|'#'*) continue ;; esac
    short=${short:-20000}
    long=${long:-40000}
    first=$(count "$workload" "$short" "${threads:-all}")
    second=$(count "$workload" "$long" "${threads:-all}")
    perAction=$(( (second - first) / (long - short) ))
    if [ "$perAction" -le "$ceiling" ]; then
        echo "check-instructions: $workload $perAction instructions per action (ceiling $ceiling)"
    else
        echo "check-instructions: $workload $perAction instructions per action, over its ceiling of $ceiling" >&2
        failed=1
    fi
done < instruction-ceilings.txt
exit "$failed"
