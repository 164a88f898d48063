/**
 * `npm run readme`: re-runs the README's example commands and rewrites their
 * output blocks (scripts/readme-examples.ts says how a block is marked).
 *   npm run readme                  every block
 *   npm run readme -- --fast        only blocks not marked slow
 *   npm run readme -- <text>        only blocks with a command containing <text>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { regenerate, ROOT, type Example } from './readme-examples.ts';

const args = process.argv.slice(2);
const fast = args.includes('--fast');
const filters = args.filter((a) => a !== '--fast');
const choose = (e: Example): boolean => (!fast || !e.slow) && (filters.length === 0 || filters.some((f) => e.command.includes(f)));

const file = join(ROOT, 'README.md');
const before = readFileSync(file, 'utf8');
const after = regenerate(before, choose, (command) => process.stderr.write(`readme: lbcheck ${command}\n`));
writeFileSync(file, after);
process.stderr.write(after === before ? 'readme: no change\n' : 'readme: README.md rewritten\n');
