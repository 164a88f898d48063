/** The metric schema of jiq-blocking: names and kinds as the chain, simulator and fluid view report them (core/metric-schema.ts). */
export const metrics = { blocking: 'scalar', busyFraction: 'scalar', tokenFraction: 'vector', noTokenProbability: 'vector' } as const;
/** Those of its metrics that are probabilities or fractions, in [0, 1] (ModelFamily.probabilities). */
export const probabilities = ['blocking', 'busyFraction', 'tokenFraction', 'noTokenProbability'] as const;
