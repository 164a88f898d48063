#!/usr/bin/env python3
"""lbcheck's external-simulator protocol around a compiled program that knows
nothing of it (examples/jsqd_sim.c: its own command line, its own seed, its own
fixed run length). See docs/guides/regress-your-simulator.md.

    cc -O2 -o examples/jsqd_sim examples/jsqd_sim.c
    lbcheck regress jsq-d --d 2 --grid N=3,5 --grid lambda=0.7,0.9 --sim "python3 examples/jsqd_wrapper.py"

Reads one JSON case on stdin, e.g.
    {"family": "jsq-d", "params": {"N": 5, "lambda": 0.9, "d": 2, "sampling": "without"},
     "seed": 3, "horizon": 4000000}
(K is absent when the case has no queue cap), runs the program REPLICATIONS
times with seeds of its own, and prints the mean over replications with its
standard error on REPLICATIONS - 1 degrees of freedom. The program runs a fixed
number of events: the case's horizon, a suggestion, is ignored. It reports
meanJobs and s[1..4] only; lbcheck compares those.
"""
import json
import math
import os
import subprocess
import sys

PROGRAM = os.path.join(os.path.dirname(os.path.abspath(__file__)), "jsqd_sim")
REPLICATIONS = 10
EVENTS = int(os.environ.get("JSQD_EVENTS", 2_000_000))  # the run length: JSQD_EVENTS=... overrides
NAMES = ["meanJobs", "s[1]", "s[2]", "s[3]", "s[4]"]

case = json.load(sys.stdin)
p = case["params"]
if not os.access(PROGRAM, os.X_OK):
    sys.exit(f"{PROGRAM} is missing: cc -O2 -o {PROGRAM} {PROGRAM}.c")
runs = []
for r in range(REPLICATIONS):
    argv = [PROGRAM, str(p["N"]), repr(p["lambda"]), str(p["d"]), str(p.get("K", 0)), p["sampling"],
            str(case["seed"] * REPLICATIONS + r), str(EVENTS)]
    out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout.split()
    runs.append([float(x) for x in out[: len(NAMES)]])

metrics = {}
for j, name in enumerate(NAMES):
    xs = [run[j] for run in runs]
    mean = sum(xs) / REPLICATIONS
    var = sum((x - mean) ** 2 for x in xs) / (REPLICATIONS - 1)
    metrics[name] = {"mean": mean, "stderr": math.sqrt(var / REPLICATIONS), "df": REPLICATIONS - 1}
json.dump({"metrics": metrics}, sys.stdout)
print()
