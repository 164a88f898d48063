/**
 * Comparing a per-server (labelled) chain with its exchangeability-lumped
 * chain state by state, in exact rationals: the labelled law summed over each
 * class must be the lumped law. Also for the chains restricted to a state set
 * that is a union of classes, as the finite state projection restricts them.
 */
import { expect } from 'vitest';
import { floatArith } from '../../src/core/arith.ts';
import { decodeInto } from '../../src/core/mixed-radix.ts';
import { Fraction, ratString, type Rational } from '../../src/core/rational.ts';
import { nearestCodes } from '../../src/ctmc/explore/explore.ts';
import { solveChain, type Chain, type Solved } from '../../src/ctmc/solve-chain.ts';

/** The lumped code of a labelled state's digits. */
export type Projection = (s: Int32Array) => number;

/** pi of each lumped code, from the labelled law summed over each class. */
export function aggregate(labelled: Solved, project: Projection): Map<number, Rational> {
  const { numerators, total } = labelled.exact!.solution;
  const digits = new Int32Array(labelled.radices.length);
  const law = new Map<number, Rational>();
  labelled.codes.forEach((code, i) => {
    decodeInto(code, labelled.radices, digits);
    const target = project(digits);
    law.set(target, (law.get(target) ?? new Fraction(0)).add(new Fraction(numerators[i], total)));
  });
  return law;
}

export function lumpedLaw(lumped: Solved): Map<number, Rational> {
  const { numerators, total } = lumped.exact!.solution;
  return new Map(Array.from(lumped.codes, (code, i) => [code, new Fraction(numerators[i], total)]));
}

export function expectSameLaw(a: Map<number, Rational>, b: Map<number, Rational>): void {
  expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
  for (const [code, p] of a) expect(ratString(p), `state ${code}`).toBe(ratString(b.get(code)!));
}

/**
 * Both chains restricted to the first half of the lumped states breadth first
 * (cut inside a level, so transitions are dropped) and, in the labelled chain,
 * every state of those classes: the same law, metrics and boundary (frontier)
 * mass, exactly. `perServer` is the labelled chain's full solve (its states).
 */
export function expectSameRestriction(lumpedChain: Chain, labelledChain: Chain, perServer: Solved, project: Projection): void {
  const set = nearestCodes(lumpedChain(floatArith), Math.ceil(perServer.codes.length / 2));
  const members = new Set(set);
  const digits = new Int32Array(perServer.radices.length);
  const lifted = Float64Array.from(
    Array.from(perServer.codes).filter((code) => {
      decodeInto(code, perServer.radices, digits);
      return members.has(project(digits));
    }),
  ).sort();
  const lumped = solveChain(lumpedChain, { method: 'exact', states: set });
  const labelled = solveChain(labelledChain, { method: 'exact', states: lifted });
  expect(lumped.evidence.states).toBeLessThan(set.length + 1);
  expect(lumped.evidence.truncation!.boundaryMass).toBeGreaterThan(0); // the set really cuts the chain
  expectSameLaw(aggregate(labelled, project), lumpedLaw(lumped));
  expect(lumped.exact!.text).toEqual(labelled.exact!.text);
  expect(lumped.evidence.truncation!.boundaryMass).toBeCloseTo(labelled.evidence.truncation!.boundaryMass, 14);
}
