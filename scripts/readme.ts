/**
 * `npm run readme`: re-runs the example commands of the README and of the docs
 * (scripts/readme-examples.ts says which files and how a block is marked) and
 * rewrites their output blocks.
 *   npm run readme                      every block of every file
 *   npm run readme -- --fast            only blocks not marked slow
 *   npm run readme -- --slow            only blocks marked slow
 *   npm run readme -- <text>            only blocks with a command containing <text>
 *   npm run readme -- docs/commands/solve.md   only that file's blocks (any path ending in .md)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { docFiles, regenerate, ROOT, type Example } from './readme-examples.ts';

const args = process.argv.slice(2);
const fast = args.includes('--fast');
const slow = args.includes('--slow');
const files = args.filter((a) => a.endsWith('.md'));
const filters = args.filter((a) => a !== '--fast' && a !== '--slow' && !a.endsWith('.md'));
const choose = (e: Example): boolean => (!fast || !e.slow) && (!slow || e.slow) && (filters.length === 0 || filters.some((f) => e.command.includes(f)));

for (const name of files.length > 0 ? files : docFiles()) {
  const file = join(ROOT, name);
  const before = readFileSync(file, 'utf8');
  const after = regenerate(before, choose, (command) => process.stderr.write(`readme: ${name}: lbcheck ${command}\n`), name);
  if (after !== before) {
    writeFileSync(file, after);
    process.stderr.write(`readme: ${name} rewritten\n`);
  }
}
