#!/usr/bin/env node
// Runs the built CLI (dist/js/, which `npm install` builds through `prepare`).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/js/lbcheck.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('lbcheck: not built: run `npm run build` in the lbcheck checkout\n');
  process.exit(2);
}
await import(cli.href);
