# One loop of the shell workload: start N instances of the script in the
# background with the same shell, then wait for all of them.
# Executed directly (schedlab writes the chosen shell into its #! line):
# driver.sh N SHELL SCRIPT INPUT
n=$1
i=0
while [ "$i" -lt "$n" ]; do
  "$2" "$3" "$4" &
  i=$((i + 1))
done
wait
