/**
 * A max-heap of (key, slot) on one typed array (no allocation per entry): grow's
 * best-first order, the solver levels' merge of sorted runs. A slot is any
 * number (grow's are state codes, up to 2^53).
 *
 * Layout: entry i (1-based) at entries[2i] (key) and entries[2i + 1] (slot), so a
 * node's two children 2i and 2i + 1 are one 32-byte pair and an entry's key and
 * slot sit together: a sift-down level of a heap far larger than the cache is
 * one miss, where keys and slots in two arrays were two (jsq-d N = 8, grow's
 * 1,461,500-state round: 924,000 pops from a heap of up to 1.8 million
 * entries, the sift-down about 0.25 of grow's 4.3 CPU s by the profile).
 * The comparisons are those of the textbook binary heap, so entries of equal
 * keys come out in the same order as from any heap run with them.
 */
export class MaxHeap {
  private entries: Float64Array;
  size = 0;

  constructor(capacity = 1024) {
    this.entries = new Float64Array(2 * (Math.max(1, capacity) + 1));
  }

  /** The slot of the top entry (the heap is not empty). */
  top(): number {
    return this.entries[3];
  }

  push(key: number, slot: number): void {
    if (2 * (this.size + 2) > this.entries.length) {
      const grown = new Float64Array(2 * this.entries.length);
      grown.set(this.entries);
      this.entries = grown;
    }
    const e = this.entries;
    let i = ++this.size;
    while (i > 1) {
      const parent = i >> 1;
      if (e[2 * parent] >= key) break;
      e[2 * i] = e[2 * parent];
      e[2 * i + 1] = e[2 * parent + 1];
      i = parent;
    }
    e[2 * i] = key;
    e[2 * i + 1] = slot;
  }

  /** Removes the top entry and returns its slot. */
  pop(): number {
    const top = this.entries[3];
    const last = this.size--;
    this.siftDown(this.entries[2 * last], this.entries[2 * last + 1]);
    return top;
  }

  /** Replaces the top entry by (key, slot): a pop and a push in one sift. */
  replaceTop(key: number, slot: number): void {
    this.siftDown(key, slot);
  }

  private siftDown(key: number, slot: number): void {
    const e = this.entries;
    const n = this.size;
    let i = 1;
    for (;;) {
      let c = 2 * i;
      if (c > n) break;
      if (c < n && e[2 * c + 2] > e[2 * c]) c++;
      if (e[2 * c] <= key) break;
      e[2 * i] = e[2 * c];
      e[2 * i + 1] = e[2 * c + 1];
      i = c;
    }
    e[2 * i] = key;
    e[2 * i + 1] = slot;
  }
}
