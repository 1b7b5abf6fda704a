#include "channel/histogram.h"

#include <string.h>

void sl_hist_init(struct sl_hist *h) {
  memset(h, 0, sizeof *h);
  h->min = UINT64_MAX;
}

void sl_hist_init_zeroed(struct sl_hist *h) { h->min = UINT64_MAX; }

uint32_t sl_hist_bucket(uint64_t v) {
  if (v < SL_HIST_LINEAR) return (uint32_t)v;
  const int msb = 63 - __builtin_clzll(v);
  if (msb >= SL_HIST_MAX_BITS) return SL_HIST_BUCKETS - 1;
  const uint32_t sub = (uint32_t)(v >> (msb - SL_HIST_SUB_BITS)) & ((1u << SL_HIST_SUB_BITS) - 1);
  return SL_HIST_LINEAR + (uint32_t)(msb - SL_HIST_SUB_BITS - 1) * (1u << SL_HIST_SUB_BITS) + sub;
}

uint64_t sl_hist_bucket_low(uint32_t b) {
  if (b < SL_HIST_LINEAR) return b;
  const uint32_t group = (b - SL_HIST_LINEAR) >> SL_HIST_SUB_BITS;
  const uint32_t sub = (b - SL_HIST_LINEAR) & ((1u << SL_HIST_SUB_BITS) - 1);
  const int msb = (int)group + SL_HIST_SUB_BITS + 1;
  return (1ull << msb) + ((uint64_t)sub << (msb - SL_HIST_SUB_BITS));
}

uint64_t sl_hist_bucket_width(uint32_t b) {
  if (b < SL_HIST_LINEAR) return 1;
  const uint32_t group = (b - SL_HIST_LINEAR) >> SL_HIST_SUB_BITS;
  return 1ull << (group + 1);
}

void sl_hist_add(struct sl_hist *h, uint64_t v) {
  h->buckets[sl_hist_bucket(v)]++;
  h->count++;
  if (v < h->min) h->min = v;
  if (v > h->max) h->max = v;
}

void sl_hist_merge(struct sl_hist *into, const struct sl_hist *from) {
  if (from->count == 0) return;
  for (uint32_t b = 0; b < SL_HIST_BUCKETS; b++) into->buckets[b] += from->buckets[b];
  into->count += from->count;
  if (from->min < into->min) into->min = from->min;
  if (from->max > into->max) into->max = from->max;
}

uint64_t sl_hist_percentile(const struct sl_hist *h, double p) {
  if (h->count == 0) return 0;
  /* ceil(p/100 * count) without libm: the worker links nothing it need not. */
  const double exact = p / 100.0 * (double)h->count;
  uint64_t target = (uint64_t)exact;
  if ((double)target < exact) target++;
  uint64_t seen = 0;
  for (uint32_t b = 0; b < SL_HIST_BUCKETS; b++) {
    seen += h->buckets[b];
    if (seen >= target && h->buckets[b] > 0) {
      uint64_t v = sl_hist_bucket_low(b) + sl_hist_bucket_width(b) / 2;
      if (sl_hist_bucket_width(b) == 1) v = sl_hist_bucket_low(b);
      if (v < h->min) v = h->min;
      if (v > h->max) v = h->max;
      return v;
    }
  }
  return h->max;
}
