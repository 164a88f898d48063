/**
 * Integration of piecewise-smooth fluid ODEs whose field switches on faces x_i = 0.
 *
 * Steps are Dormand-Prince 5(4) with the usual error control (Hairer, Norsett,
 * Wanner, Solving ODEs I, II.4-5). Face handling, so that no coordinate overshoots
 * into x_i < 0 and nothing chatters:
 * - stage states see face coordinates clamped at 0, so the model always evaluates
 *   the field of the side it is on (on the face: the sliding field, dx_i >= 0);
 * - a step that would carry a positive coordinate below 0 is cut at the crossing,
 *   found by regula falsi (Illinois) on the step length; the coordinate lands on
 *   the face and is set to exactly 0;
 * - a coordinate already on the face whose step ends below 0 rejects the step
 *   (the switch is resolved by shorter steps); one that ends a rounding error
 *   below 0 is set to 0 (the amount is reported as snapped mass).
 * Explicit Runge-Kutta steps preserve linear invariants, so conservation holds to
 * rounding; the largest defect along the run is reported.
 */
import { DEFAULT_ATOL, DEFAULT_RTOL } from '../core/numerical-policy.ts';
import type { FluidSystem } from './view.ts';

// Dormand-Prince 5(4) tableau (the fields are autonomous, so the nodes c_i are not needed).
const A = [
  [],
  [1 / 5],
  [3 / 40, 9 / 40],
  [44 / 45, -56 / 15, 32 / 9],
  [19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729],
  [9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656],
  [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84],
];
/** 5th-order weights (= A[6]) minus the embedded 4th-order weights. */
const E = [71 / 57600, 0, -71 / 16695, 71 / 1920, -17253 / 339200, 22 / 525, -1 / 40];

/** Coefficients of the Dormand-Prince continuous extension (Hairer, Norsett, Wanner, II.6). */
const D = [
  -12715105075 / 11282082432,
  0,
  87487479700 / 32700410799,
  -10690763975 / 1880347072,
  701980252875 / 199316789632,
  -1453857185 / 822651844,
  69997945 / 29380423,
];

/** A face coordinate this close to 0 (after a located crossing, or from rounding) is put on the face. */
const SNAP = 1e-14;

export interface IntegrateOptions {
  /** Integrate over [0, t]. */
  t: number;
  /** Sample times: `samples` equally spaced points on [0, t] (default 101). */
  samples?: number;
  rtol?: number;
  atol?: number;
  maxSteps?: number;
  /** Stop early, at the end of the first step where the drift max_i |f_i(x)| is at most this (the run has settled). */
  untilDrift?: number;
}

export interface IntegrationEvidence {
  method: 'dopri5';
  steps: number;
  rejected: number;
  evaluations: number;
  /** Located crossings onto a face. */
  faceHits: number;
  /** Mass set to 0 on faces after rounding (sum of |value|). */
  snappedMass: number;
  /** max over the run of |w.x - total| over the invariants. */
  conservationDefect: number;
  /** Smallest face coordinate ever accepted (>= 0 means no overshoot). */
  minFaceValue: number;
  /** max_i |f_i(x(t))| at the end. */
  finalDrift: number;
  /** With `untilDrift`: the time the run stopped at, its drift at most that (absent when it never fell so low). */
  settledAt?: number;
  /** The run reached t, or (with `untilDrift`) settled before it. */
  completed: boolean;
}

export interface Trajectory {
  times: Float64Array;
  /** states[k] is the state at times[k]. */
  states: Float64Array[];
  final: Float64Array;
  evidence: IntegrationEvidence;
}

export function integrate(sys: FluidSystem, x0: Float64Array, o: IntegrateOptions): Trajectory {
  const n = x0.length;
  const rtol = o.rtol ?? DEFAULT_RTOL;
  const atol = o.atol ?? DEFAULT_ATOL;
  const maxSteps = o.maxSteps ?? 1_000_000;
  const samples = Math.max(2, o.samples ?? 101);
  const isFace = new Uint8Array(n);
  for (const i of sys.faces) isFace[i] = 1;

  const k = Array.from({ length: 7 }, () => new Float64Array(n));
  const stage = new Float64Array(n);
  const y = new Float64Array(n);
  const x = Float64Array.from(x0);
  const fEnd = new Float64Array(n);
  const scratch = new Float64Array(n);
  let evaluations = 0;
  const f = (s: Float64Array, out: Float64Array): void => {
    for (const i of sys.faces) if (s[i] < 0) s[i] = 0;
    sys.derivative(s, out);
    evaluations++;
  };

  /** One step of length h from x (with k[0] = f(x)) into y; returns the scaled error norm. */
  const step = (h: number): number => {
    for (let s = 1; s < 7; s++) {
      for (let i = 0; i < n; i++) {
        let acc = x[i];
        for (let j = 0; j < s; j++) acc += h * A[s][j] * k[j][i];
        stage[i] = acc;
      }
      if (s === 6) y.set(stage);
      f(stage, k[s]);
    }
    let err = 0;
    for (let i = 0; i < n; i++) {
      let e = 0;
      for (let j = 0; j < 7; j++) e += E[j] * k[j][i];
      const scale = atol + rtol * Math.max(Math.abs(x[i]), Math.abs(y[i]));
      err = Math.max(err, Math.abs(h * e) / scale);
    }
    return err;
  };

  const defect = (s: Float64Array): number => {
    let worst = 0;
    for (const inv of sys.invariants) {
      let v = -inv.total;
      for (let i = 0; i < n; i++) v += inv.weights[i] * s[i];
      worst = Math.max(worst, Math.abs(v));
    }
    return worst;
  };

  const times = new Float64Array(samples);
  const states: Float64Array[] = [];
  for (let j = 0; j < samples; j++) times[j] = (o.t * j) / (samples - 1);
  let nextSample = 0;
  /** Dormand-Prince dense output (4th order) on the step (t0, x) -> (t0 + h, y) for the samples in (t0, t0 + h]. */
  const emitSamples = (t0: number, h: number): void => {
    while (nextSample < samples && times[nextSample] <= t0 + h * (1 + 1e-12)) {
      const u = h === 0 ? 1 : Math.min(1, Math.max(0, (times[nextSample] - t0) / h));
      const s = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const r2 = y[i] - x[i];
        const r3 = h * k[0][i] - r2;
        const r4 = r2 - h * k[6][i] - r3;
        let r5 = 0;
        for (let j = 0; j < 7; j++) r5 += D[j] * k[j][i];
        s[i] = x[i] + u * (r2 + (1 - u) * (r3 + u * (r4 + (1 - u) * h * r5)));
        if (isFace[i] && s[i] < 0) s[i] = 0;
      }
      states.push(s);
      nextSample++;
    }
  };

  f(x, k[0]);
  states.push(Float64Array.from(x));
  nextSample = 1;
  let t = 0;
  let h = Math.min(o.t, 1e-3);
  let steps = 0,
    rejected = 0,
    faceHits = 0,
    snappedMass = 0;
  let settledAt: number | undefined;
  let worstDefect = defect(x);
  const landed: number[] = []; // coordinates put on their face in the current step
  let minFace = Infinity;
  for (const i of sys.faces) minFace = Math.min(minFace, x[i]);

  while (t < o.t && steps < maxSteps) {
    h = Math.min(h, o.t - t);
    const err = step(h);
    if (!(err <= 1)) {
      rejected++;
      h *= Math.max(0.2, 0.9 * (Number.isFinite(err) ? err : 1e10) ** -0.2);
      continue;
    }
    if (leavesFaceBelow(sys.faces, x, y) && h > 1e-12) {
      rejected++; // a coordinate on its face ends the step clearly below it: shorter steps resolve the switch
      h *= 0.25;
      continue;
    }
    // Cut the step at the first crossing; if another coordinate is below 0 there, it crossed earlier.
    let taken = h;
    landed.length = 0;
    for (let c = firstCrossing(sys.faces, x, y); c >= 0; c = firstCrossing(sys.faces, x, y)) {
      taken = locateCrossing(c, x[c], taken, step, y);
      landed.push(c);
      faceHits++;
    }
    for (const i of sys.faces) {
      if (y[i] < 0 || (landed.includes(i) && y[i] <= SNAP)) {
        snappedMass += Math.abs(y[i]);
        y[i] = 0;
      }
    }
    scratch.set(y);
    f(scratch, fEnd);
    emitSamples(t, taken);
    t = taken === h && h === o.t - t ? o.t : t + taken;
    x.set(y);
    k[0].set(fEnd);
    steps++;
    worstDefect = Math.max(worstDefect, defect(x));
    for (const i of sys.faces) minFace = Math.min(minFace, x[i]);
    if (landed.length === 0) h = taken * Math.min(5, Math.max(0.2, 0.9 * Math.max(err, 1e-10) ** -0.2));
    if (o.untilDrift !== undefined && maxAbs(fEnd) <= o.untilDrift) {
      settledAt = t;
      break;
    }
  }
  emitSamples(t, 0);
  const drift = new Float64Array(n);
  scratch.set(x);
  f(scratch, drift);
  return {
    times: times.slice(0, states.length),
    states,
    final: Float64Array.from(x),
    evidence: {
      method: 'dopri5',
      steps,
      rejected,
      evaluations,
      faceHits,
      snappedMass,
      conservationDefect: worstDefect,
      minFaceValue: minFace,
      finalDrift: maxAbs(drift),
      ...(settledAt !== undefined ? { settledAt } : {}),
      completed: t >= o.t || settledAt !== undefined,
    },
  };
}

function maxAbs(v: Float64Array): number {
  let m = 0;
  for (let i = 0; i < v.length; i++) m = Math.max(m, Math.abs(v[i]));
  return m;
}

/** A face coordinate on its face (<= SNAP) at the start that ends the step below -SNAP. */
function leavesFaceBelow(faces: readonly number[], x: Float64Array, y: Float64Array): boolean {
  for (const i of faces) if (x[i] <= SNAP && y[i] < -SNAP) return true;
  return false;
}

/**
 * Of the face coordinates that start > SNAP and end the step below 0, the one that
 * crosses first by linear interpolation, or -1.
 */
function firstCrossing(faces: readonly number[], x: Float64Array, y: Float64Array): number {
  let first = -1;
  let when = Infinity;
  for (const i of faces) {
    if (!(x[i] > SNAP && y[i] < 0)) continue;
    const fraction = x[i] / (x[i] - y[i]);
    if (fraction < when) {
      when = fraction;
      first = i;
    }
  }
  return first;
}

/**
 * The step length at which coordinate i of the step reaches 0, by Illinois regula
 * falsi on tau -> y_i(tau) (y_i(0) > 0 > y_i(h)). Leaves y at the landing state.
 */
function locateCrossing(i: number, xi: number, h: number, step: (h: number) => number, y: Float64Array): number {
  let lo = 0,
    hi = h;
  let glo = xi,
    ghi = y[i];
  let side = 0;
  let tau = lo;
  for (let iter = 0; iter < 100; iter++) {
    tau = (lo * ghi - hi * glo) / (ghi - glo);
    if (!(tau > lo && tau < hi)) tau = 0.5 * (lo + hi);
    step(tau);
    const g = y[i];
    if (g >= 0 && g <= SNAP) return tau;
    if (g > 0) {
      lo = tau;
      glo = g;
      if (side === 1) ghi /= 2;
      side = 1;
    } else {
      hi = tau;
      ghi = g;
      if (side === -1) glo /= 2;
      side = -1;
    }
    if (hi - lo <= 1e-15 * Math.max(1, h)) break;
  }
  step(lo);
  return lo;
}
