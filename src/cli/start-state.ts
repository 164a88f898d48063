/**
 * `--from` of `lbcheck transient`: a state as the family's chain prints it
 * (`describe`). Either name=value pairs, "y0=1,y2=3" (jsq-d's occupancy
 * counts) or "n1=2,n2=0" (jiq-blocking's tokens), matching the state whose
 * description has those values, every name left out being 0 there; or any
 * other text, matching the state whose description is that text (outer
 * parentheses and spaces aside), e.g. hetero-ps's "class 1: 0,2; class 2: 1".
 */
import { UsageError } from '../core/errors.ts';
import type { StartTest } from '../transient/transient-chain.ts';

const PAIR = /^\s*([A-Za-z_][\w()]*)\s*=\s*(\d+)\s*$/;

/** The name=value pairs of a description or of --from; undefined when the text is not made of them alone. */
function pairs(text: string): Map<string, number> | undefined {
  const items = text.replace(/^\s*\(|\)\s*$/g, '').split(/[,;]/);
  const out = new Map<string, number>();
  for (const item of items) {
    const m = PAIR.exec(item);
    if (!m) return undefined;
    out.set(m[1], Number(m[2]));
  }
  return out;
}

const plain = (text: string): string => text.replace(/^\s*\(|\)\s*$/g, '').replace(/\s+/g, '');

export function parseStart(text: string): StartTest {
  if (text.trim() === '') throw new UsageError('--from: give a state as the chain prints it, e.g. y0=1,y2=3');
  const asked = pairs(text);
  if (asked) {
    return (def, digits) => {
      const seen = pairs(def.describe(digits));
      if (!seen) return false;
      for (const [name, v] of asked) if (seen.get(name) !== v) return false;
      for (const [name, v] of seen) if (!asked.has(name) && v !== 0) return false;
      return true;
    };
  }
  if (text.includes('=')) throw new UsageError(`--from: name=value pairs are whole numbers separated by commas, e.g. y0=1,y2=3, got "${text}"`);
  const wanted = plain(text);
  return (def, digits) => plain(def.describe(digits)) === wanted;
}

/** A name's stem: "y12" -> "y", "L(3)" -> "L(": names with the same stem come and go with the cap K. */
const stem = (name: string): string => name.replace(/\d+\)?$/, '');

/**
 * UsageError when --from names something no state of the chain has: a name
 * neither in `description` (a state's, e.g. the initial one's) nor of a stem
 * found there (y12 is fine beside y0..y9: a larger cap has it).
 */
export function checkStartNames(text: string, description: string): void {
  const asked = pairs(text);
  const seen = pairs(description);
  if (!asked || !seen) return;
  const stems = new Set([...seen.keys()].map(stem));
  for (const name of asked.keys()) {
    if (!seen.has(name) && !stems.has(stem(name))) throw new UsageError(`--from: the chain's states have no "${name}"; they print as ${description}`);
  }
}
