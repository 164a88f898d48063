/** The benchmark suites by name. */
import { ctmcSuite } from './ctmc.ts';
import { familiesSuite } from './families.ts';
import { simSuite } from './sim.ts';

export const suites: Record<string, () => void | Promise<void>> = {
  ctmc: ctmcSuite,
  sim: simSuite,
  families: familiesSuite,
};
