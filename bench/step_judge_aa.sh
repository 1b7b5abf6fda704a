#!/bin/sh
# How the bisect step judge (`check --kernel STEP --good-kernel GOOD`)
# decides on this machine: STEPS steps of STEP judged beside GOOD, each a
# whole interleaved experiment (docs/check.md, "The step judge").  With
# STEP = GOOD (an A/A) every "bad" is a false alarm and the rate of "bad"
# must stay at or under 5%; with a kernel known to be slower, "bad" is the
# power.  Prints a TSV row per step and a summary: the rates of good, bad
# and cannot tell, and the median blocks of boots a step took.
#
# Resumable: everything lives in DIR (step-N.json, the evidence of step N;
# steps.db, the store every step's sets go to, labelled step-N); a step
# whose evidence exists is read, not run again, so an interrupted bench
# goes on where it stopped.  Under TCG a step takes minutes: the whole
# takes hours.
#
# Usage: bench/step_judge_aa.sh SCHEDLAB GOOD_IMAGE STEP_IMAGE DIR [STEPS] [THRESHOLD] [MAX_BOOTS] -- run WORKLOAD ...
# Extra check options (e.g. --one-at-a-time, --vcpus via the baseline) go in CHECK_OPTIONS.
# Needs jq.
set -eu
schedlab=${1:?usage: step_judge_aa.sh SCHEDLAB GOOD STEP DIR [STEPS] [THRESHOLD] [MAX_BOOTS] -- run WORKLOAD ...}
good=${2:?GOOD_IMAGE} step=${3:?STEP_IMAGE} dir=${4:?DIR}
shift 4
steps=20 threshold=5 max_boots=16
[ $# -gt 0 ] && [ "$1" != -- ] && { steps=$1; shift; }
[ $# -gt 0 ] && [ "$1" != -- ] && { threshold=$1; shift; }
[ $# -gt 0 ] && [ "$1" != -- ] && { max_boots=$1; shift; }
[ "${1:-}" = -- ] || { echo "step_judge_aa.sh: the spec goes after --: -- run WORKLOAD ..." >&2; exit 2; }
shift
mkdir -p "$dir"
# The good kernel's baseline: the spec and the guest's shape (1 vCPU, so
# that two guests fit side by side on a 2-CPU host); measured once.
if [ ! -f "$dir/baseline.json" ]; then
  "$schedlab" kernels --kernel good="$good" --vcpus "${VCPUS:-1}" --boots 1 --quiet --no-store \
    --json "$dir/baseline.json" -- "$@" >/dev/null
fi
n=1
{
printf 'step\tstarted\texit\tverdict\tchange_pct\tlow_pct\thigh_pct\tblocks\tseconds\tload\n'
while [ "$n" -le "$steps" ]; do
  ev=$dir/step-$n.json
  if [ ! -f "$ev" ]; then
    started=$(date -u +%FT%TZ)
    t0=$(date +%s)
    # shellcheck disable=SC2086 # CHECK_OPTIONS is a list of words
    "$schedlab" check --kernel "$step" --good-kernel "$good" --baseline "$dir/baseline.json" --emulated-ok \
      --threshold "$threshold" --max-boots "$max_boots" --json "$ev.new" --store "$dir/steps.db" \
      ${CHECK_OPTIONS:-} >"$dir/step-$n.out" 2>"$dir/step-$n.err" || true
    [ -f "$ev.new" ] || { echo "step $n wrote no evidence: $(tail -n 1 "$dir/step-$n.err")" >&2; exit 1; }
    jq --arg started "$started" --argjson seconds "$(( $(date +%s) - t0 ))" \
       --arg load "$(cut -d' ' -f1 /proc/loadavg)" \
       '. + {bench: {started: $started, seconds: $seconds, load: $load}}' "$ev.new" >"$ev"
    rm -f "$ev.new"
  fi
  jq -r --arg n "$n" '[$n, .bench.started, .exit, .verdict, (.change.pct // ""), (.change.low // ""),
      (.change.high // ""), .blocks, .bench.seconds, .bench.load] | @tsv' "$ev"
  n=$((n + 1))
done
} | tee "$dir/steps.tsv"
median_blocks=$(tail -n +2 "$dir/steps.tsv" | cut -f8 | sort -n |
  awk '{ b[NR] = $1 } END { if (NR) print (NR % 2 ? b[(NR + 1) / 2] : (b[NR / 2] + b[NR / 2 + 1]) / 2) }')
awk -F'\t' -v blocks="$median_blocks" 'NR > 1 { n++; e[$3]++ }
  END {
    if (n) printf "# %d steps: good %.0f%%, bad %.0f%%, cannot tell %.0f%%; median blocks of boots %s\n",
      n, 100 * e[0] / n, 100 * e[1] / n, 100 * e[125] / n, blocks
  }' "$dir/steps.tsv"
