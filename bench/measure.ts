/** Wall and CPU time of one phase, and the JSON line a case prints. */
export interface Timed<T> {
  value: T;
  seconds: number;
  cpuSeconds: number;
}

export function timed<T>(f: () => T): Timed<T> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const value = f();
  const used = process.cpuUsage(cpu);
  return { value, seconds: (performance.now() - wall) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

export function emit(record: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(record)}\n`);
}

export const round = (x: number, digits = 4): number => Number(x.toPrecision(digits));
