/**
 * vitest's global setup: the tests spawn the built CLI (bin/lbcheck.js runs
 * dist/js/), serve the built page (dist/web/) and pack the package (with
 * dist/types/), so each part is rebuilt first when its sources changed since
 * its last build (a hash of them: nothing to do right after `npm install`;
 * the CLI alone takes about a second, the declarations and the page some
 * seconds each). The tests themselves never build.
 */
import { buildPart } from '../../scripts/build.ts';

export default async function setup(): Promise<void> {
  for (const part of ['js', 'types', 'web'] as const) await buildPart(part, true);
}
