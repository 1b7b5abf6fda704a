/* Latency histogram with bounded relative error, fixed memory per thread.
 *
 * Log-linear buckets over nanoseconds, after fio's "plat" scheme (which
 * schbench uses in microseconds): values below 512 have a bucket each
 * (exact); above, each power of two [2^k, 2^(k+1)) is split into 256 equal
 * buckets, so a bucket is at most 1/256 (0.39%) of its values wide and its
 * midpoint is within 0.2% of any value in it.  Values from 2^SL_HIST_MAX_BITS
 * ns (137 s) on fall into the last bucket.  Min and max are kept exactly.
 * Bins are 64-bit so that merged histograms never saturate (fio keeps its
 * latency bins 64-bit for the same reason).  Written by one thread; merged
 * by another only once the writer has stopped adding (see worker/wakeup.c).
 * It is also the layout the runner-worker channel carries (protocol.h). */
#ifndef SCHEDLAB_CHANNEL_HISTOGRAM_H
#define SCHEDLAB_CHANNEL_HISTOGRAM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SL_HIST_SUB_BITS 8                              /* 256 buckets per power of two */
#define SL_HIST_LINEAR (2u << SL_HIST_SUB_BITS)         /* 512 exact buckets */
#define SL_HIST_MAX_BITS 37
#define SL_HIST_BUCKETS (SL_HIST_LINEAR + (SL_HIST_MAX_BITS - SL_HIST_SUB_BITS - 1) * (1u << SL_HIST_SUB_BITS))

struct sl_hist {
  uint64_t count;
  uint64_t min; /* UINT64_MAX while empty */
  uint64_t max;
  uint64_t buckets[SL_HIST_BUCKETS];
};

/* Empties a histogram.  Only min is written when the bins are already zero
 * (`zeroed`), so that fresh anonymous or shared memory stays untouched. */
void sl_hist_init(struct sl_hist *h);
void sl_hist_init_zeroed(struct sl_hist *h);
void sl_hist_add(struct sl_hist *h, uint64_t value);
/* Adds every sample of `from` to `into`. */
void sl_hist_merge(struct sl_hist *into, const struct sl_hist *from);
/* Bucket of a value, and the lowest value and width of a bucket. */
uint32_t sl_hist_bucket(uint64_t value);
uint64_t sl_hist_bucket_low(uint32_t bucket);
uint64_t sl_hist_bucket_width(uint32_t bucket);
/* The p-th percentile (0 < p <= 100): the first bucket whose cumulative
 * count reaches p/100 of the samples (no interpolation, as schbench), given
 * as that bucket's midpoint, clamped to [min, max].  0 when empty. */
uint64_t sl_hist_percentile(const struct sl_hist *h, double p);

#ifdef __cplusplus
}
#endif

#endif
