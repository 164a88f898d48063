/** MaxHeap against a sorted list: the slots come out by decreasing key, through push, pop and replaceTop. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MaxHeap } from '../../src/ctmc/max-heap.ts';

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
});
