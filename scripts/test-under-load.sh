#!/usr/bin/env bash
# Runs the whole `npm test` while two busy loops hold both cores (issue 28, item 2):
# the suites that start processes must pass on a slow machine. Not run by CI.
# The loops are bounded (LOAD_MINUTES, default 30) and stopped when the run ends,
# however it ends. Prints the load before, during and after.
set -uo pipefail
cd "$(dirname "$0")/.."
minutes="${LOAD_MINUTES:-30}"
loops=()
stop_loops() {
  for pid in "${loops[@]}"; do kill "$pid" 2>/dev/null; done
  wait "${loops[@]}" 2>/dev/null
}
trap stop_loops EXIT INT TERM
echo "before: $(uptime)"
for _ in 1 2; do
  timeout "${minutes}m" sh -c 'while :; do :; done' &
  loops+=("$!")
done
sleep 5
echo "with two busy loops: $(uptime)"
start=$(date +%s)
npm test "$@"
status=$?
echo "npm test exited ${status} after $(( $(date +%s) - start )) s; $(uptime)"
exit "$status"
