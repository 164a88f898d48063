/** MaxHeap against a sorted list (the slots come out by decreasing key, through push, pop and replaceTop) and against the textbook binary heap (ties in its order). */
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

  it('pops tied keys in the order of the textbook 0-based binary heap (grow\'s best-first order depends on it)', () => {
    /** The binary heap of CLRS on plain arrays: the comparisons MaxHeap makes, on a layout of its own. */
    class Textbook {
      keys: number[] = [];
      slots: number[] = [];
      push(key: number, slot: number): void {
        let i = this.keys.length;
        this.keys.push(key);
        this.slots.push(slot);
        while (i > 0 && this.keys[(i - 1) >> 1] < key) {
          const p = (i - 1) >> 1;
          this.keys[i] = this.keys[p];
          this.slots[i] = this.slots[p];
          i = p;
        }
        this.keys[i] = key;
        this.slots[i] = slot;
      }
      pop(): number {
        const top = this.slots[0];
        const key = this.keys.pop()!;
        const slot = this.slots.pop()!;
        const n = this.keys.length;
        let i = 0;
        for (;;) {
          let c = 2 * i + 1;
          if (c >= n) break;
          if (c + 1 < n && this.keys[c + 1] > this.keys[c]) c++;
          if (this.keys[c] <= key) break;
          this.keys[i] = this.keys[c];
          this.slots[i] = this.slots[c];
          i = c;
        }
        if (n > 0) {
          this.keys[i] = key;
          this.slots[i] = slot;
        }
        return top;
      }
    }
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 3 })), { maxLength: 400 }), (ops) => {
        const heap = new MaxHeap(2);
        const reference = new Textbook();
        let slot = 0;
        for (const [push, key] of ops) {
          if (push || reference.keys.length === 0) {
            heap.push(key, slot);
            reference.push(key, slot++);
          } else expect(heap.pop()).toBe(reference.pop());
        }
        while (reference.keys.length > 0) expect(heap.pop()).toBe(reference.pop());
        expect(heap.size).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
