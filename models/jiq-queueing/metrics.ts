/** The metric schema of jiq-queueing: names and kinds as the chain, simulator and fluid view report them (core/metric-schema.ts). */
export const metrics = { waitProbability: 'scalar', meanWait: 'scalar', meanJobs: 'scalar', meanSojourn: 'scalar', tokenFraction: 'vector' } as const;
