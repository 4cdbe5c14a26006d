#!/usr/bin/env bash
# Times workloads of rex-instructions as plain runs (no valgrind), in turn, for a number of
# rounds, and prints each one's wall time per action: the least and the median over the rounds.
# For costs that are memory traffic more than instructions (a kept state's copies of a large
# list), and on a machine whose speed changes from minute to minute: each round runs every
# workload once, so a slow minute slows all of them. A run's time includes the workload's
# set-up and end (for W13, building 10,000 items and the last save).
#
#     Benchmarks/time-workloads.sh 4000000 8 W13ns W13n W13nsb1 W13nb1
set -euo pipefail
cd "$(dirname "$0")"
usage="usage: time-workloads.sh ACTIONS ROUNDS WORKLOAD... (ACTIONS and ROUNDS whole numbers above 0)"
if [ $# -lt 3 ] || ! [[ "$1" =~ ^[1-9][0-9]*$ ]] || ! [[ "$2" =~ ^[1-9][0-9]*$ ]]; then
    echo "$usage" >&2
    exit 2
fi
actions=$1
rounds=$2
shift 2
swift build -c release --product rex-instructions >/dev/null
binary=$(swift build -c release --show-bin-path)/rex-instructions

# Nanoseconds since the epoch: GNU date's %N, or Python's clock where date has none (macOS).
now() {
    local stamp
    stamp=$(date +%s%N)
    if [[ "$stamp" =~ ^[0-9]+$ ]]; then echo "$stamp"; else python3 -c 'import time; print(time.time_ns())'; fi
}

# Each name is tried once with no actions, so that a misspelt one stops the script at once,
# saying why, before any round runs.
for workload in "$@"; do
    if ! output=$("$binary" "$workload" 0 2>&1); then
        echo "time-workloads: $workload: $output" >&2
        exit 2
    fi
done

results=$(mktemp)
trap 'rm -f "$results"' EXIT
for _ in $(seq "$rounds"); do
    for workload in "$@"; do
        start=$(now)
        "$binary" "$workload" "$actions" >/dev/null
        end=$(now)
        echo "$workload $(( (end - start) / actions ))" >>"$results"
    done
done
for workload in "$@"; do
    grep "^$workload " "$results" | cut -d' ' -f2 | sort -n | awk -v name="$workload" \
        '{ times[NR] = $1 } END { printf "%s: least %d ns, median %d ns per action\n", name, times[1], (NR % 2 ? times[(NR + 1) / 2] : (times[NR / 2] + times[NR / 2 + 1]) / 2) }'
done
