/** Stands in for z3-solver in the page bundle (web/vite.config.ts): Z3 claims are decided by `lbcheck prove`. */
export function init(): never {
  throw new Error('Z3 does not run in the page: decide this claim with `lbcheck prove` (its refutation opens here)');
}
