/* The start-up check of the worker's mode table (fio's check_engine_ops). */
#include <stdio.h>
#include <string.h>

#include "worker/mode_ops.h"

static int problem(char *why, size_t len, const char *name, const char *what) {
  snprintf(why, len, "%s: %s", name, what);
  return -1;
}

static int check_one(const struct sl_mode_ops *ops, const struct sl_mode_layout *layout, char *why,
                     size_t len) {
  if (!ops) return problem(why, len, layout->name, "no operations");
  if (ops->version != SL_CHANNEL_VERSION)
    return problem(why, len, layout->name, "written for another channel version");
  if (!ops->name || strcmp(ops->name, layout->name) != 0)
    return problem(why, len, layout->name, "its operations carry another name");
  if (!ops->setup) return problem(why, len, layout->name, "no setup operation");
  if (!ops->loop) return problem(why, len, layout->name, "no loop operation");
  if (!ops->report) return problem(why, len, layout->name, "no report operation");
  return 0;
}

int sl_check_modes(const struct sl_mode_ops *const *modes, int n, const struct sl_mode_layout *layouts,
                   int nlayouts, char *why, size_t why_len) {
  if (n != nlayouts) return problem(why, why_len, "mode table", "not one entry per channel mode");
  for (int m = 0; m < n; m++) {
    if (check_one(modes[m], &layouts[m], why, why_len) != 0) return -1;
    for (int k = 0; k < m; k++)
      if (strcmp(layouts[k].name, layouts[m].name) == 0)
        return problem(why, why_len, layouts[m].name, "named twice");
  }
  return 0;
}
