#!/bin/sh
# How often `schedlab check` calls an unchanged program "bad" on this
# machine (docs/statistics.md, "Calibration of check across sittings").
#
# The program is a shell script looping ITERATIONS times (PROG); PROG.good
# is a copy.  A baseline of PROG is recorded, then HISTORY more sittings of
# the same spec GAP seconds apart (the store's past sittings, which the
# between-sitting model reads), then CHECKS rounds, GAP seconds apart, each
#   - a sequential check of the unchanged PROG against the baseline (its
#     verdict, and what the runs' spread alone — the check before the
#     between-sitting model — decided on the same runs: the JSON's
#     within_only),
#   - a check --interleave PROG.good of the unchanged PROG,
#   - the same two with PROG made SLOW times slower (more iterations; put
#     back after): the power side, where "bad" is right,
#   - a new sitting of the spec (5 runs), compared with the previous
#     round's (a sequential A/A pair a round apart) by `compare`, with the
#     store's past sittings (the between-sitting model) and --no-history.
# Every schedlab invocation holds /work/.schedlab-run.lock for its own few
# seconds only, so that others get their turn.  Each row records the time,
# the load average and the busiest other processes: on a shared machine
# these are speed states plus load, a harsher test than speed states alone.
#
# Usage: bench/check_calibration.sh SCHEDLAB [CHECKS] [GAP_SECONDS] [HISTORY] [ITERATIONS] [SLOW]
# Needs jq.  Prints a TSV row per round and a summary; keeps its store and files in a
# temporary directory it names.
set -eu
schedlab=${1:?usage: check_calibration.sh SCHEDLAB [CHECKS] [GAP] [HISTORY] [ITERATIONS]}
checks=${2:-20}
gap=${3:-30}
history=${4:-3}
iterations=${5:-100000}
slow=${6:-1.25}
lock=${SCHEDLAB_RUN_LOCK:-/work/.schedlab-run.lock}
dir=$(mktemp -d /tmp/check-calibration.XXXXXX)
export XDG_DATA_HOME="$dir/data"  # a store of its own
prog=$dir/prog
write_prog() {  # FILE ITERATIONS
  printf '#!/bin/sh\ni=0; while [ $i -lt %s ]; do i=$((i+1)); done\n' "$2" >"$1.new"
  chmod +x "$1.new" && mv "$1.new" "$1"
}
write_prog "$prog" "$iterations"
write_prog "$prog.good" "$iterations"
slow_iterations=$(awk -v n="$iterations" -v s="$slow" 'BEGIN { printf "%d", n * s }')
echo "# files and store: $dir; program: $prog ($iterations iterations; slow: $slow_iterations)" >&2

locked() { flock "$lock" "$schedlab" "$@"; }
value() { jq -r "$1" "$2" 2>/dev/null || echo none; }
others() { ps -eo pcpu=,comm= --sort=-pcpu | grep -v -e schedlab -e ' ps$' | head -n 3 | awk '{printf "%s%s:%s", s, $2, $1; s=","}'; }

locked run command --runs 5 --json "$dir/base.json" -- "$prog" >/dev/null
for h in $(seq 1 "$history"); do
  sleep "$gap"
  locked run command --runs 5 -- "$prog" >/dev/null
done

# Whether compare marked the primary metric of a JSON comparison.
marked() { value '.metrics[0].sets[1].significant' "$1"; }

# A check's exit status, 0/1/125 (anything else: the check failed).
checked() { local s=0; locked check --trust-baseline --baseline "$dir/base.json" "$@" >/dev/null || s=$?; echo "$s"; }

printf 'round\ttime_utc\tloadavg\tsequential\twithin_only\tinterleaved\tslow_seq\tslow_int\taa_history\taa_welch\tbusiest_others\n'
seq_bad=0 seq_skip=0 old_bad=0 int_bad=0 int_skip=0 aa=0 aa_hist=0 aa_welch=0 slow_seq_bad=0 slow_int_bad=0
for r in $(seq 1 "$checks"); do
  sleep "$gap"
  s=$(checked --json "$dir/seq$r.json")
  i=$(checked --interleave "$prog.good" --json "$dir/int$r.json")
  write_prog "$prog" "$slow_iterations"
  ss=$(checked --json "$dir/slowseq$r.json")
  si=$(checked --interleave "$prog.good" --json "$dir/slowint$r.json")
  write_prog "$prog" "$iterations"
  [ "$ss" = 1 ] && slow_seq_bad=$((slow_seq_bad + 1))
  [ "$si" = 1 ] && slow_int_bad=$((slow_int_bad + 1))
  locked run command --runs 5 --json "$dir/aa$r.json" -- "$prog" >/dev/null
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
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$(date -u +%H:%M:%S)" "$(cut -d' ' -f1 /proc/loadavg)" \
    "$(value .verdict "$dir/seq$r.json")" "$w" "$(value .verdict "$dir/int$r.json")" \
    "$(value .verdict "$dir/slowseq$r.json")" "$(value .verdict "$dir/slowint$r.json")" "$h" "$n" "$(others)"
done
echo "# wrong bad: sequential $seq_bad/$checks (125: $seq_skip), runs' spread alone $old_bad/$checks," \
     "interleaved $int_bad/$checks (125: $int_skip)"
echo "# right bad on the program $slow times slower: sequential $slow_seq_bad/$checks, interleaved $slow_int_bad/$checks"
echo "# sequential A/A compares flagged: with history $aa_hist/$aa, Welch alone $aa_welch/$aa"
