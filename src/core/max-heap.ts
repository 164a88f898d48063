/** A max-heap of (key, slot) on typed arrays (no allocation per entry): grow's best-first order, the solver levels' merge of sorted runs. */
export class MaxHeap {
  private keys: Float64Array;
  private slots: Int32Array;
  size = 0;

  constructor(capacity = 1024) {
    this.keys = new Float64Array(Math.max(1, capacity));
    this.slots = new Int32Array(Math.max(1, capacity));
  }

  /** The slot of the top entry (the heap is not empty). */
  top(): number {
    return this.slots[0];
  }

  push(key: number, slot: number): void {
    if (this.size === this.keys.length) {
      const k = new Float64Array(this.size * 2);
      k.set(this.keys);
      this.keys = k;
      const s = new Int32Array(this.size * 2);
      s.set(this.slots);
      this.slots = s;
    }
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent] >= key) break;
      this.keys[i] = this.keys[parent];
      this.slots[i] = this.slots[parent];
      i = parent;
    }
    this.keys[i] = key;
    this.slots[i] = slot;
  }

  /** Removes the top entry and returns its slot. */
  pop(): number {
    const top = this.slots[0];
    this.size--;
    this.siftDown(this.keys[this.size], this.slots[this.size]);
    return top;
  }

  /** Replaces the top entry by (key, slot): a pop and a push in one sift. */
  replaceTop(key: number, slot: number): void {
    this.siftDown(key, slot);
  }

  private siftDown(key: number, slot: number): void {
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= this.size) break;
      if (c + 1 < this.size && this.keys[c + 1] > this.keys[c]) c++;
      if (this.keys[c] <= key) break;
      this.keys[i] = this.keys[c];
      this.slots[i] = this.slots[c];
      i = c;
    }
    this.keys[i] = key;
    this.slots[i] = slot;
  }
}
