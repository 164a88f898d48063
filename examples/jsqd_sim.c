/*
 * A stand-alone JSQ(d) simulator with its own command line, as a third-party
 * program would have one (see docs/guides/regress-your-simulator.md):
 *
 *   jsqd_sim N LAMBDA D K SAMPLING SEED EVENTS
 *
 * N servers of rate 1, Poisson arrivals of rate LAMBDA N; each arrival samples
 * D servers (SAMPLING "without" or "with" replacement) and joins the shortest
 * sampled queue (ties at random); a queue of K jobs (K = 0: no cap) turns the
 * arrival away. After EVENTS / 10 warm-up events it runs EVENTS events and
 * prints one line: the time-average jobs per server, then s_1 .. s_8 (the
 * fraction of servers with at least i jobs). Build: cc -O2 -o jsqd_sim jsqd_sim.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEVELS 8

static uint64_t state;

/* splitmix64: a small, well-mixed 64-bit generator. */
static uint64_t next64(void) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static double uniform(void) { return (next64() >> 11) * 0x1.0p-53; }
static int below(int n) { return (int)(uniform() * n); }

int main(int argc, char **argv) {
  if (argc != 8) {
    fprintf(stderr, "usage: jsqd_sim N LAMBDA D K with|without SEED EVENTS\n");
    return 2;
  }
  int n = atoi(argv[1]), d = atoi(argv[3]), cap = atoi(argv[4]);
  double lambda = atof(argv[2]);
  int with = strcmp(argv[5], "with") == 0;
  state = strtoull(argv[6], NULL, 10);
  long events = atol(argv[7]), warmup = events / 10;
  int *queue = calloc(n, sizeof(int)), *picked = calloc(n, sizeof(int));
  int busy = 0, jobs = 0;
  int atLeast[LEVELS + 1] = {0}; /* atLeast[i]: servers with >= i jobs */
  double time = 0, jobArea = 0, levelArea[LEVELS + 1] = {0};
  for (long e = 0; e < warmup + events; e++) {
    double rate = lambda * n + busy;
    double dt = 1.0 / rate; /* the mean holding time: the jump chain's clock */
    if (e >= warmup) {
      time += dt;
      jobArea += dt * jobs;
      for (int i = 1; i <= LEVELS; i++) levelArea[i] += dt * atLeast[i];
    }
    if (uniform() * rate < lambda * n) {
      int best = -1, ties = 0;
      for (int k = 0; k < d; k++) {
        int s;
        if (with) s = below(n);
        else { /* partial Fisher-Yates over picked[] */
          if (k == 0) for (int i = 0; i < n; i++) picked[i] = i;
          int j = k + below(n - k), t = picked[k];
          picked[k] = picked[j]; picked[j] = t; s = picked[k];
        }
        if (best < 0 || queue[s] < queue[best]) { best = s; ties = 1; }
        else if (queue[s] == queue[best] && below(++ties) == 0) best = s;
      }
      if (cap > 0 && queue[best] >= cap) continue;
      int q = ++queue[best];
      jobs++;
      if (q == 1) busy++;
      if (q <= LEVELS) atLeast[q]++;
    } else {
      int r = below(busy), s = -1; /* the r-th busy server */
      for (int i = 0; i < n; i++) if (queue[i] > 0 && r-- == 0) { s = i; break; }
      int q = queue[s]--;
      jobs--;
      if (q == 1) busy--;
      if (q <= LEVELS) atLeast[q]--;
    }
  }
  printf("%.10g", jobArea / time / n);
  for (int i = 1; i <= LEVELS; i++) printf(" %.10g", levelArea[i] / time / n);
  printf("\n");
  return 0;
}
