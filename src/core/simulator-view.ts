/**
 * What a model family's event simulator offers: a seeded run over a time horizon
 * that records batch sums for output analysis (sim/batch-means.ts), and panels of
 * small cases on which `lbcheck regress` compares it with the exact CTMC.
 */

/** Batch sums recorded by a simulator, row-major: y[b * names.length + m]. */
export interface BatchSeries {
  readonly names: readonly string[];
  readonly batches: number;
  readonly y: Float64Array;
  readonly z: Float64Array;
}

export interface SimulationOptions {
  /** 32-bit seed; the same seed reproduces the run bit for bit. */
  seed: number;
  /** Simulated time, warm-up included (> 0). */
  horizon: number;
  /** Number of equal-length batches to record over the horizon. */
  batches: number;
  /** Called after each recorded batch with the fraction of the horizon done. */
  onProgress?: (fraction: number) => void;
}

export interface SimulationRecord extends BatchSeries {
  /** Events simulated (arrivals, blocked or not, completions, token moves ...). */
  readonly events: number;
}

/** A regression case: parameters as option text (as on the command line) and a horizon. */
export interface PanelCase {
  readonly id: string;
  readonly params: Readonly<Record<string, string>>;
  readonly horizon: number;
}

export interface SimulatorView<P> {
  /**
   * Runs the simulator. Metric names follow the CTMC's metrics, vector metrics
   * flattened as name[i] (1-based), so that estimates and exact values pair up.
   */
  simulate(p: P, o: SimulationOptions): SimulationRecord;
  /** How the simulator works, when it is not an independent per-server simulator (e.g. `derived: ...`). */
  method?(p: P): string;
  /** Named panels of small-N cases whose exact answers the CTMC engine computes; `small` is the default. */
  readonly panels: Readonly<Record<string, readonly PanelCase[]>>;
  /**
   * The flat CTMC metric names `regress` expects every simulator of this family to
   * report (absent: all of them), and why the others are left out.
   */
  readonly comparedMetrics?: { select(p: P, ctmcMetrics: readonly string[]): readonly string[]; readonly why: string };
  /**
   * Metrics that are a fixed function of another (meanSojourn = meanJobs /
   * throughput, Little's law), by name: `regress` counts such a pair once in
   * its multiple-testing correction.
   */
  readonly functionOf?: Readonly<Record<string, string>>;
}
