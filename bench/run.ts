/**
 * `npm run bench -- <suite> [...]`: runs benchmark suites; each case prints one
 * JSON line (wall and CPU seconds side by side: the machine is shared and noisy).
 */
import { suites } from './suites.ts';

const names = process.argv.slice(2);
const unknown = names.filter((n) => !(n in suites));
if (names.length === 0 || unknown.length > 0) {
  process.stderr.write(`usage: npm run bench -- <suite> [...]; suites: ${Object.keys(suites).join(', ')}\n`);
  process.exit(2);
}
for (const name of names) await suites[name]();
