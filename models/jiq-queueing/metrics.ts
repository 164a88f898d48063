/** The metric schema of jiq-queueing: names and kinds as the chain, simulator and fluid view report them (core/metric-schema.ts). */
export const metrics = { waitProbability: 'scalar', meanWait: 'scalar', meanJobs: 'scalar', meanSojourn: 'scalar', tokenFraction: 'vector' } as const;
/** Those of its metrics that are probabilities or fractions, in [0, 1] (ModelFamily.probabilities). */
export const probabilities = ['waitProbability', 'tokenFraction'] as const;
