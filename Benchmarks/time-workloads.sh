#!/usr/bin/env bash
# Times workloads of rex-instructions as plain runs (no valgrind), in turn, for a number of
# rounds, and prints each one's wall time per action: the least and the median over the rounds.
# For costs that are memory traffic more than instructions (a kept state's copies of a large
# list), and on a machine whose speed changes from minute to minute: each round runs every
# workload once, so a slow minute slows all of them.
#
#     Benchmarks/time-workloads.sh 4000000 8 W13ns W13n W13nsb1 W13nb1
set -euo pipefail
cd "$(dirname "$0")"
if [ $# -lt 3 ]; then
    echo "usage: time-workloads.sh ACTIONS ROUNDS WORKLOAD..." >&2
    exit 2
fi
actions=$1
rounds=$2
shift 2
swift build -c release --product rex-instructions >/dev/null
binary=$(swift build -c release --show-bin-path)/rex-instructions
results=$(mktemp)
trap 'rm -f "$results"' EXIT
for _ in $(seq "$rounds"); do
    for workload in "$@"; do
        start=$(date +%s%N)
        "$binary" "$workload" "$actions" >/dev/null
        end=$(date +%s%N)
        echo "$workload $(( (end - start) / actions ))" >>"$results"
    done
done
for workload in "$@"; do
    grep "^$workload " "$results" | cut -d' ' -f2 | sort -n | awk -v name="$workload" \
        '{ times[NR] = $1 } END { printf "%s: least %d ns, median %d ns per action\n", name, times[1], (NR % 2 ? times[(NR + 1) / 2] : (times[NR / 2] + times[NR / 2 + 1]) / 2) }'
done
