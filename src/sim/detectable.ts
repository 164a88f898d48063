/**
 * What a simulator regression must be able to see (sim/regress.ts), in a module
 * of its own: a claim's description and the option parser quote it without
 * loading the statistics (multiple-testing.ts and its quantile packages load
 * only when a regression runs).
 */
import { UsageError } from '../core/errors.ts';

/**
 * The difference every comparison must be able to show: relative |exact| + absolute
 * (the absolute part keeps metrics near 0 testable).
 */
export interface Detect {
  readonly relative: number;
  readonly absolute: number;
}

export const DEFAULT_DETECT: Detect = { relative: 0.02, absolute: 1e-3 };

/**
 * Power asked of each comparison: a bias of D in it alone is flagged by the
 * per-comparison test with probability at least POWER. For a test that flags
 * |z| > c, the probability is about Phi(D / stderr - c), hence the stderr bound
 * of requiredStderr.
 */
export const POWER = 0.95;
/** Phi^{-1}(0.95), the normal quantile of POWER. */
export const Z_POWER = 1.6448536269514722;

export function detectableDifference(exact: number, d: Detect = DEFAULT_DETECT): number {
  return d.relative * Math.abs(exact) + d.absolute;
}

/** Largest stderr at which a bias of `detectable` is flagged with probability POWER by a test flagging |z| > critical. */
export function requiredStderr(critical: number, detectable: number): number {
  return detectable / (critical + Z_POWER);
}

/**
 * How many times longer a run must be for its stderr to reach `required`: the
 * stderr of a steady-state mean falls as 1/sqrt(run length), so (stderr / required)^2.
 */
export function lengthFactor(stderr: number, required: number): number {
  return (stderr / required) ** 2;
}

/** x rounded up to two significant digits (a run-length factor is never understated). */
export function roundUp(x: number): number {
  const unit = 10 ** (Math.floor(Math.log10(x)) - 1);
  return Number((Math.ceil(x / unit - 1e-9) * unit).toPrecision(2));
}

/** "2%", "2%+1e-4" (relative, absolute) or "0.005" (absolute only). */
export function parseDetect(text: string): Detect {
  const bad = (): never => {
    throw new UsageError(`--detect must be a percentage (2%), a percentage plus an absolute floor (2%+1e-4) or a number > 0 (0.005), got "${text}"`);
  };
  const [pct, rest] = text.includes('%') ? [text.slice(0, text.indexOf('%')), text.slice(text.indexOf('%') + 1)] : [undefined, text];
  const floor = pct === undefined ? rest : (/^\s*\+(.*)$/.exec(rest)?.[1] ?? (rest.trim() === '' ? undefined : bad()));
  const num = (s: string | undefined): number | undefined => {
    if (s === undefined) return undefined;
    const v = Number(s);
    return Number.isFinite(v) && v >= 0 && s.trim() !== '' ? v : bad();
  };
  const percent = num(pct);
  const absolute = num(floor);
  const d: Detect = percent === undefined ? { relative: 0, absolute: absolute! } : { relative: percent / 100, absolute: absolute ?? DEFAULT_DETECT.absolute };
  if (!(d.relative > 0 || d.absolute > 0) || d.relative >= 1) return bad();
  return d;
}

/** "2% |exact| + 0.001", for reports. */
export function detectText(d: Detect): string {
  const rel = d.relative > 0 ? `${Number((d.relative * 100).toPrecision(6))}% |exact|` : '';
  return [rel, d.absolute > 0 ? String(d.absolute) : ''].filter(Boolean).join(' + ');
}
