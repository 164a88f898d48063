#!/usr/bin/env python3
"""A jiq-blocking simulator that speaks lbcheck's external-simulator protocol.

    lbcheck regress jiq-blocking --sim "python3 examples/jiq_blocking_sim.py"

Reads one JSON case on stdin, e.g.
    {"family": "jiq-blocking", "params": {"N": 8, "lambda": 0.9, "alpha": [0.6, 0.4],
     "beta": [0.5, 0.5], "nu": 0}, "seed": 17, "horizon": 4000}
and prints one JSON result on stdout:
    {"metrics": {"blocking": {"mean": 0.346, "stderr": 0.004, "df": 19}, ...}}

Independent of lbcheck's own simulator on purpose: it keeps token counts (not
server ids), samples true exponential holding times, and uses Python's random
module. Output analysis: the first 10% of the horizon is warm-up, the rest is cut
into 20 batches; each metric is a ratio sum(y) / sum(z) over the batches, with a
delta-method standard error on 19 degrees of freedom.
"""
import json
import math
import random
import sys

WARMUP = 0.1
BATCHES = 20


def pick(u, weights):
    """Index i with probability weights[i] (weights sum to 1), from a uniform u."""
    for i, w in enumerate(weights):
        u -= w
        if u < 0:
            return i
    return len(weights) - 1


def allot(rng, beta):
    """The dispatcher that receives the token of a server that just became idle."""
    return pick(rng.random(), beta)


def ratio_estimate(ys, zs):
    k = len(ys)
    mean = sum(ys) / sum(zs)
    zbar = sum(zs) / k
    s2 = sum((y - mean * z) ** 2 for y, z in zip(ys, zs)) / (k - 1)
    return {"mean": mean, "stderr": math.sqrt(s2 / k) / zbar, "df": k - 1}


def simulate(case):
    p = case["params"]
    n, lam, alpha, beta, nu = p["N"], p["lambda"], p["alpha"], p["beta"], p["nu"]
    r_count = len(alpha)
    rng = random.Random(case["seed"])
    horizon = case["horizon"]
    start = WARMUP * horizon
    batch_length = (horizon - start) / BATCHES

    tokens = [0] * r_count
    for _ in range(n):
        tokens[allot(rng, beta)] += 1
    busy = 0
    names = ["blocking", "busyFraction"] + [f"tokenFraction[{r + 1}]" for r in range(r_count)] \
        + [f"noTokenProbability[{r + 1}]" for r in range(r_count)]
    ys = {name: [0.0] * BATCHES for name in names}
    zs = {name: [0.0] * BATCHES for name in names}

    def record(b, dt):
        """Time averages over [t, t + dt) in batch b."""
        ys["busyFraction"][b] += busy * dt / n
        zs["busyFraction"][b] += dt
        for r in range(r_count):
            ys[f"tokenFraction[{r + 1}]"][b] += tokens[r] * dt / n
            zs[f"tokenFraction[{r + 1}]"][b] += dt
            ys[f"noTokenProbability[{r + 1}]"][b] += dt if tokens[r] == 0 else 0.0
            zs[f"noTokenProbability[{r + 1}]"][b] += dt

    t = 0.0
    while True:
        idle = n - busy
        rate = lam * n + busy + nu * idle
        t_next = min(t + rng.expovariate(rate), horizon)
        # Split the holding interval over the batches it covers.
        s = max(t, start)
        while s < t_next:
            b = min(int((s - start) / batch_length), BATCHES - 1)
            e = min(t_next, start + (b + 1) * batch_length)
            record(b, e - s)
            s = e
        t = t_next
        if t >= horizon:
            break
        b = int((t - start) / batch_length) if t >= start else -1
        u = rng.random() * rate
        if u < lam * n:
            r = pick(u / (lam * n), alpha)
            if b >= 0:
                zs["blocking"][b] += 1
            if tokens[r] > 0:
                tokens[r] -= 1
                busy += 1
            elif b >= 0:
                ys["blocking"][b] += 1
        elif u < lam * n + busy:
            busy -= 1
            tokens[allot(rng, beta)] += 1
        else:
            # A token (uniform among the idle) moves to a dispatcher uniform among all R.
            source = pick(rng.random(), [x / idle for x in tokens])
            tokens[source] -= 1
            tokens[rng.randrange(r_count)] += 1
    return {name: ratio_estimate(ys[name], zs[name]) for name in names}


def main():
    case = json.load(sys.stdin)
    json.dump({"metrics": simulate(case)}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
