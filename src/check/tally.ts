/**
 * Evidence a claim gathers over the cases of one run (the largest chain, the
 * worst error, how many cases ended on a bound): a fresh Tally per run, so a
 * claim keeps no state between runs (a replay is a run of its own) and needs
 * no module-level variables.
 */
import type { EvidenceRecord } from '../core/verdict.ts';

/** How a tally combines what it is given: the largest value, or the sum (a count when each value is 1). */
export type Fold = 'max' | 'sum';

/** The keys of a tally and how each folds, in the order the evidence shows them. */
export type Folds<K extends string> = { readonly [key in K]?: Fold };

export class Tally<K extends string> {
  readonly #folds: Folds<K> | undefined;
  readonly #values = new Map<K, number>();

  /** Every key starts at 0, in the declared order (the order the evidence shows). */
  constructor(folds?: Folds<K>) {
    this.#folds = folds;
    if (folds) for (const key in folds) this.#values.set(key, 0);
  }

  /** Folds value (default 1: counts one) into key. */
  note(key: K, value = 1): void {
    const v = this.get(key);
    this.#values.set(key, this.#folds?.[key] === 'max' ? Math.max(v, value) : v + value);
  }

  get(key: K): number {
    return this.#values.get(key) ?? 0;
  }

  /** Every key with its value, in the declared order. */
  record(): EvidenceRecord {
    return Object.fromEntries(this.#values);
  }
}
