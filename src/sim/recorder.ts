/**
 * Batch bookkeeping shared by the event simulators: the horizon cut into equal
 * batches, and per metric a numerator and denominator summed over the current
 * batch (sim/batch-means.ts reads them). A time-average metric's denominator is
 * the batch length, filled in here; a per-job ratio's denominator is counted by
 * the simulator (one per arrival, say).
 */
import type { SimulationOptions, SimulationRecord } from './view.ts';

export class BatchRecorder {
  /** Sums over the current batch, by metric; the simulator adds to them. */
  readonly num: Float64Array;
  readonly den: Float64Array;
  /** End time of the current batch. */
  end: number;
  private readonly y: Float64Array;
  private readonly z: Float64Array;
  private readonly length: number;
  private b = 0;
  /** Simulated time and number of events so far. */
  private t = 0;
  private events = 0;

  /** `timeAverage[m]`: metric m's denominator is time (else the simulator counts it). */
  constructor(
    readonly names: readonly string[],
    private readonly timeAverage: readonly boolean[],
    private readonly o: SimulationOptions,
  ) {
    const M = names.length;
    this.num = new Float64Array(M);
    this.den = new Float64Array(M);
    this.y = new Float64Array(o.batches * M);
    this.z = new Float64Array(o.batches * M);
    this.length = o.horizon / o.batches;
    this.end = this.length;
  }

  /** Stores the current batch and starts the next; true when the horizon is reached. */
  close(): boolean {
    const M = this.names.length;
    for (let m = 0; m < M; m++) {
      this.y[this.b * M + m] = this.num[m];
      this.z[this.b * M + m] = this.timeAverage[m] ? this.length : this.den[m];
    }
    this.num.fill(0);
    this.den.fill(0);
    this.b++;
    this.o.onProgress?.(this.b / this.o.batches);
    this.end = (this.b + 1) * this.length;
    return this.b === this.o.batches;
  }

  /**
   * Holds the current state for dt (the mean holding time 1/q), crediting
   * `accumulate` with the part of dt that falls in each batch, and counts the
   * event that ends the holding; false once the horizon is reached first.
   */
  hold(dt: number, accumulate: (dt: number) => void): boolean {
    while (this.t + dt >= this.end) {
      const part = this.end - this.t;
      accumulate(part);
      dt -= part;
      this.t = this.end;
      if (this.close()) return false;
    }
    accumulate(dt);
    this.t += dt;
    this.events++;
    return true;
  }

  result(): SimulationRecord {
    return { names: this.names, batches: this.o.batches, y: this.y, z: this.z, events: this.events };
  }
}
