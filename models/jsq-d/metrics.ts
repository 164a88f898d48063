/** The metric schema of jsq-d: names and kinds as the chain, simulator and fluid view report them (core/metric-schema.ts). */
export const metrics = { meanJobs: 'scalar', meanSojourn: 'scalar', s: 'vector' } as const;
/** Those of its metrics that are probabilities or fractions, in [0, 1] (ModelFamily.probabilities). */
export const probabilities = ['s'] as const;
