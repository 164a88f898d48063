/** MaxHeap against a sorted list (the slots come out by decreasing key, through push, pop and replaceTop), and the order of its ties. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MaxHeap } from '../../src/core/max-heap.ts';

describe('MaxHeap', () => {
  it('pops slots by decreasing key, with replaceTop as a pop and a push, past its first capacity', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('push', 'pop', 'replace'), fc.integer({ min: -50, max: 50 })), { maxLength: 300 }), (ops) => {
        const heap = new MaxHeap(2);
        const model: { key: number; slot: number }[] = [];
        let slot = 0;
        const best = () => Math.max(...model.map((e) => e.key));
        for (const [op, key] of ops) {
          if (op === 'push' || model.length === 0) {
            heap.push(key, slot);
            model.push({ key, slot: slot++ });
            continue;
          }
          // The top is an entry of the largest key (ties in any order).
          const top = heap.top();
          const at = model.findIndex((e) => e.slot === top);
          expect(model[at].key).toBe(best());
          model.splice(at, 1);
          if (op === 'pop') expect(heap.pop()).toBe(top);
          else {
            heap.replaceTop(key, slot);
            model.push({ key, slot: slot++ });
          }
          expect(heap.size).toBe(model.length);
        }
        const keys: number[] = [];
        while (heap.size > 0) {
          const s = heap.pop();
          keys.push(model.find((e) => e.slot === s)!.key);
        }
        expect(keys).toEqual(model.map((e) => e.key).sort((a, b) => b - a));
      }),
      { numRuns: 300 },
    );
  });

  it("pops tied keys in a fixed order (grow's best-first order, and so its hashes, depend on it)", () => {
    // Worked by hand on the 0-based binary heap: a tie neither sifts a pushed entry up nor a moved one down.
    const pops = (ops: (number | 'pop')[]): number[] => {
      const heap = new MaxHeap(2);
      const out: number[] = [];
      let slot = 0;
      for (const op of ops) {
        if (op === 'pop') out.push(heap.pop());
        else heap.push(op, slot++);
      }
      while (heap.size > 0) out.push(heap.pop());
      return out;
    };
    // [0 1 2 3] -> pop 0, the last (3) moves to the top and stays: [3 1 2] -> 3, then [2 1] -> 2, 1
    expect(pops([1, 1, 1, 1])).toEqual([0, 3, 2, 1]);
    // a larger key among ties: slot 4 (key 2) sifts to the top past 1 and 0: [4 0 2 3 1] -> 4;
    // the last (1) moves to the top and stays: [1 0 2 3] -> 1; then [3 0 2] -> 3, [2 0] -> 2, 0
    expect(pops([1, 1, 1, 1, 2])).toEqual([4, 1, 3, 2, 0]);
    // pops between pushes: [0 1 2] -> 0; [2 1] + 3 -> [2 1 3] -> 2; [3 1] + 4 -> [3 1 4] -> 3, 4, 1
    expect(pops([1, 1, 1, 'pop', 1, 'pop', 1])).toEqual([0, 2, 3, 4, 1]);
  });
});
