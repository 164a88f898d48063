/**
 * vitest's global setup: the tests spawn the built CLI (bin/lbcheck.js runs
 * dist/js/), so it is rebuilt first whenever its sources changed since the
 * last build (a hash of them; esbuild takes about a second). The explorer's
 * page is rebuilt the same way by the tests that serve it.
 */
import { buildPart } from '../../scripts/build.ts';

export default async function setup(): Promise<void> {
  await buildPart('js', true);
}
