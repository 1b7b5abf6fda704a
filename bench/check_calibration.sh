#!/bin/sh
# How often `schedlab check` calls an unchanged program "bad" on this
# machine (docs/statistics.md, "Calibration of check across sessions").
#
# A baseline of a short shell loop is recorded, then HISTORY more sessions
# of the same spec GAP seconds apart (the store's past sessions, which the
# between-session model reads), then CHECKS rounds, GAP seconds apart, each
# running the same unchanged program through
#   - a sequential check against the baseline (its verdict, and what the
#     runs' spread alone — the check before the between-session model —
#     decided on the same runs: the JSON's within_only), and
#   - a check --interleave with the same program as GOOD, and
#   - a new session of the spec (5 runs), compared with the previous
#     round's (a sequential A/A pair a round apart) by `compare`, with the
#     store's past sessions (the between-session model) and --no-history.
# Every schedlab invocation holds /work/.schedlab-run.lock for its own few
# seconds only, so that others get their turn.  Each row records the time,
# the load average and the busiest other processes: on a shared machine
# these are speed states plus load, a harsher test than speed states alone.
#
# Usage: bench/check_calibration.sh SCHEDLAB [CHECKS] [GAP_SECONDS] [HISTORY] [ITERATIONS]
# Needs jq.  Prints a TSV row per round and a summary; keeps its store and files in a
# temporary directory it names.
set -eu
schedlab=${1:?usage: check_calibration.sh SCHEDLAB [CHECKS] [GAP] [HISTORY] [ITERATIONS]}
checks=${2:-20}
gap=${3:-30}
history=${4:-3}
iterations=${5:-100000}
lock=${SCHEDLAB_RUN_LOCK:-/work/.schedlab-run.lock}
dir=$(mktemp -d /tmp/check-calibration.XXXXXX)
export XDG_DATA_HOME="$dir/data"  # a store of its own
loop="i=0; while [ \$i -lt $iterations ]; do i=\$((i+1)); done"
echo "# files and store: $dir; program: sh -c '$loop'" >&2

locked() { flock "$lock" "$schedlab" "$@"; }
value() { jq -r "$1" "$2" 2>/dev/null || echo none; }
others() { ps -eo pcpu=,comm= --sort=-pcpu | grep -v -e schedlab -e ' ps$' | head -n 3 | awk '{printf "%s%s:%s", s, $2, $1; s=","}'; }

locked run command --runs 5 --json "$dir/base.json" -- sh -c "$loop" >/dev/null
for h in $(seq 1 "$history"); do
  sleep "$gap"
  locked run command --runs 5 -- sh -c "$loop" >/dev/null
done

# Whether compare marked the primary metric of a JSON comparison.
marked() { value '.metrics[0].sets[1].significant' "$1"; }

printf 'round\ttime_utc\tloadavg\tsequential\twithin_only\tinterleaved\taa_history\taa_welch\tbusiest_others\n'
seq_bad=0 seq_skip=0 old_bad=0 int_bad=0 int_skip=0 aa=0 aa_hist=0 aa_welch=0
for r in $(seq 1 "$checks"); do
  sleep "$gap"
  s=0; locked check --trust-baseline --baseline "$dir/base.json" --json "$dir/seq$r.json" >/dev/null || s=$?
  i=0; locked check --trust-baseline --baseline "$dir/base.json" --interleave sh --json "$dir/int$r.json" \
    >/dev/null || i=$?
  locked run command --runs 5 --json "$dir/aa$r.json" -- sh -c "$loop" >/dev/null
  h=- n=-
  if [ "$r" -gt 1 ]; then
    locked compare --style json "$dir/aa$((r - 1)).json" "$dir/aa$r.json" >"$dir/cmp$r.json"
    locked compare --style json --no-history "$dir/aa$((r - 1)).json" "$dir/aa$r.json" >"$dir/cmpw$r.json"
    h=$(marked "$dir/cmp$r.json") n=$(marked "$dir/cmpw$r.json")
    aa=$((aa + 1))
    [ "$h" = true ] && aa_hist=$((aa_hist + 1))
    [ "$n" = true ] && aa_welch=$((aa_welch + 1))
  fi
  w=$(value .within_only.verdict "$dir/seq$r.json")
  [ "$s" = 1 ] && seq_bad=$((seq_bad + 1))
  [ "$s" = 125 ] && seq_skip=$((seq_skip + 1))
  [ "$w" = bad ] && old_bad=$((old_bad + 1))
  [ "$i" = 1 ] && int_bad=$((int_bad + 1))
  [ "$i" = 125 ] && int_skip=$((int_skip + 1))
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$(date -u +%H:%M:%S)" "$(cut -d' ' -f1 /proc/loadavg)" \
    "$(value .verdict "$dir/seq$r.json")" "$w" "$(value .verdict "$dir/int$r.json")" "$h" "$n" "$(others)"
done
echo "# wrong bad: sequential $seq_bad/$checks (125: $seq_skip), runs' spread alone $old_bad/$checks," \
     "interleaved $int_bad/$checks (125: $int_skip)"
echo "# sequential A/A compares flagged: with history $aa_hist/$aa, Welch alone $aa_welch/$aa"
