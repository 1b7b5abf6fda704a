# One instance of the shell workload (schedlab run shell): sort a text, dump
# it with od and sort that numerically, grep it through tee and wc, clean up.
# Run as: SHELL script.sh INPUT, in the copy's working directory.
sort > sort.$$ < "$1"
od sort.$$ | sort -n -k 1 > od.$$
grep the sort.$$ | tee grep.$$ | wc > wc.$$
rm sort.$$ od.$$ grep.$$ wc.$$
