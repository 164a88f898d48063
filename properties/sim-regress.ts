/**
 * lbcheck's own simulators agree with the exact CTMC: for every family with a
 * simulator, on its small regression panel, no z-score (estimate - exact) /
 * stderr exceeds Šidák's bound at family-wise level 1%. One property per family.
 */
import { type Property, simulatorRegression } from 'lbcheck';
import { families } from 'lbcheck/models';

export const simRegressProperties: readonly Property[] = families.filter((f) => f.simulator).map((f) => simulatorRegression(f));
