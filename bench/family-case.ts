/** One case of the families bench, by its index in allFamilyCases, in a process of its own (bench/families.ts runIsolated). */
import { allFamilyCases, runCase } from './families.ts';

const index = Number(process.argv[2]);
const c = allFamilyCases[index];
if (!Number.isInteger(index) || c === undefined) {
  process.stderr.write(`usage: tsx bench/family-case.ts <index>, an index below ${allFamilyCases.length}\n`);
  process.exit(2);
}
runCase(c);
