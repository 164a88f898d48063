/** The benchmark suites by name. */
import { apiSuite } from './api.ts';
import { ctmcSuite } from './ctmc.ts';
import { familiesSuite, familyFloorsSuite } from './families.ts';
import { fluidSuite } from './fluid.ts';
import { paramSuite } from './param.ts';
import { refinedSuite } from './refined.ts';
import { regressCalibrationSuite, regressSuite } from './regress.ts';
import { simSuite } from './sim.ts';
import { smtSuite } from './smt.ts';
import { startupSuite } from './startup.ts';
import { sweepSuite } from './sweep.ts';
import { transientSuite } from './transient.ts';

export const suites: Record<string, () => void | Promise<void>> = {
  ctmc: ctmcSuite,
  sim: simSuite,
  families: familiesSuite,
  'families-floors': familyFloorsSuite,
  smt: smtSuite,
  fluid: fluidSuite,
  api: apiSuite,
  sweep: sweepSuite,
  param: paramSuite,
  transient: transientSuite,
  startup: startupSuite,
  refined: refinedSuite,
  regress: regressSuite,
  'regress-calibration': regressCalibrationSuite,
};
