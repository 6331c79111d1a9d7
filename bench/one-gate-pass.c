/*
 * The ceiling of bench/simulate.bench.ts: one in-place pass of a one-qubit
 * gate over a split re/im state of 2^n amplitudes, as a plain C loop (the
 * bench builds it with the system compiler, -O2 -march=native). The pairs
 * (i, i + 2^q) are numbered 0 .. 2^(n-1) - 1 and each thread takes an equal
 * range of them, so any target qubit splits evenly.
 *
 * Usage: one-gate-pass <n>, then one request a line on stdin,
 * `<h|rz> <q> <threads> <repeats>`, each answered with a line: the median
 * milliseconds of the timed passes (after one untimed pass). The state stays
 * allocated and touched between requests, so the bench can time C and its own
 * pass alternately, seconds apart at most, under the same load.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  double *re, *im;
  size_t first, end;
  int q, rz;
} share_t;

static const double THETA = 0.2;

static void *pass(void *arg) {
  share_t *s = (share_t *)arg;
  double *restrict re = s->re, *restrict im = s->im;
  const size_t step = (size_t)1 << s->q;
  const double h = M_SQRT1_2, c = cos(THETA / 2), sn = sin(THETA / 2);
  if (step == 1) {
    /* Qubit 0: the pairs are neighbours, one plain loop. */
    for (size_t i = 2 * s->first; i < 2 * s->end; i += 2) {
      const double ar = re[i], ai = im[i], br = re[i + 1], bi = im[i + 1];
      if (s->rz) {
        re[i] = c * ar + sn * ai;
        im[i] = c * ai - sn * ar;
        re[i + 1] = c * br - sn * bi;
        im[i + 1] = c * bi + sn * br;
      } else {
        re[i] = h * (ar + br);
        im[i] = h * (ai + bi);
        re[i + 1] = h * (ar - br);
        im[i + 1] = h * (ai - bi);
      }
    }
    return NULL;
  }
  for (size_t p = s->first; p < s->end;) {
    const size_t off = p & (step - 1);
    const size_t i0 = ((p >> s->q) << (s->q + 1)) + off;
    size_t count = step - off;
    if (count > s->end - p) count = s->end - p;
    if (s->rz) {
      for (size_t k = 0; k < count; k++) {
        const size_t i = i0 + k, j = i + step;
        const double ar = re[i], ai = im[i], br = re[j], bi = im[j];
        re[i] = c * ar + sn * ai;
        im[i] = c * ai - sn * ar;
        re[j] = c * br - sn * bi;
        im[j] = c * bi + sn * br;
      }
    } else {
      for (size_t k = 0; k < count; k++) {
        const size_t i = i0 + k, j = i + step;
        const double ar = re[i], ai = im[i], br = re[j], bi = im[j];
        re[i] = h * (ar + br);
        im[i] = h * (ai + bi);
        re[j] = h * (ar - br);
        im[j] = h * (ai - bi);
      }
    }
    p += count;
  }
  return NULL;
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Runs one request; returns the median pass time in ms. */
static double timed_passes(double *re, double *im, size_t pairs, int q, int rz, int threads, int repeats,
                           double *times) {
  pthread_t ids[64];
  share_t shares[64];
  for (int r = -1; r < repeats; r++) {
    const double t0 = now_ms();
    for (int t = 0; t < threads; t++) {
      shares[t] = (share_t){re, im, pairs * t / threads, pairs * (t + 1) / threads, q, rz};
      if (t > 0) pthread_create(&ids[t], NULL, pass, &shares[t]);
    }
    pass(&shares[0]);
    for (int t = 1; t < threads; t++) pthread_join(ids[t], NULL);
    if (r >= 0) times[r] = now_ms() - t0;
  }
  qsort(times, (size_t)repeats, sizeof(double), by_value);
  return times[repeats / 2];
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s <n>, then lines <h|rz> <q> <threads> <repeats> on stdin\n", argv[0]);
    return 2;
  }
  const int n = atoi(argv[1]);
  if (n < 2 || n > 34) return 2;
  const size_t len = (size_t)1 << n, pairs = len / 2;
  double *re = malloc(len * sizeof(double)), *im = malloc(len * sizeof(double));
  if (!re || !im) return 2;
  for (size_t i = 0; i < len; i++) re[i] = im[i] = 0.5 / sqrt((double)len);
  char gate[8];
  int q, threads, repeats;
  while (scanf("%7s %d %d %d", gate, &q, &threads, &repeats) == 4) {
    if (threads < 1 || threads > 64 || q < 0 || q >= n || repeats < 1 || repeats > 1000) return 2;
    double times[1000];
    printf("%.4f\n", timed_passes(re, im, pairs, q, strcmp(gate, "rz") == 0, threads, repeats, times));
    fflush(stdout);
  }
  /* Keeps the passes from being optimized away. */
  fprintf(stderr, "checksum %g\n", re[len - 1] + im[0]);
  return 0;
}
