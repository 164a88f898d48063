/**
 * lbcheck's own simulators agree with the exact CTMC: for every family with a
 * simulator, on its small regression panel, no z-score (estimate - exact) /
 * stderr exceeds Šidák's bound at family-wise level 1%. One property per family.
 */
import { simulatorRegression, type Property } from '../src/api.ts';
import { families } from '../models/index.ts';

export const simRegressProperties: readonly Property[] = families.filter((f) => f.simulator).map((f) => simulatorRegression(f));
