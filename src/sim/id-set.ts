/**
 * A set of server ids 0..n-1 with O(1) add, remove by id, and access by
 * position (removal swaps the last member into the gap): busy servers, a
 * dispatcher's tokens. Typed arrays only, nothing allocated per event.
 */
export class IdSet {
  private readonly items: Int32Array;
  private readonly pos: Int32Array;
  size = 0;

  constructor(ids: number) {
    this.items = new Int32Array(ids);
    this.pos = new Int32Array(ids).fill(-1);
  }

  add(id: number): void {
    this.pos[id] = this.size;
    this.items[this.size++] = id;
  }

  remove(id: number): void {
    const i = this.pos[id];
    const last = this.items[--this.size];
    this.items[i] = last;
    this.pos[last] = i;
    this.pos[id] = -1;
  }

  /** The member at position i (0 <= i < size). */
  at(i: number): number {
    return this.items[i];
  }
}
