/** The metric schema of jsq-d: names and kinds as the chain, simulator and fluid view report them (core/metric-schema.ts). */
export const metrics = { meanJobs: 'scalar', meanSojourn: 'scalar', s: 'vector' } as const;
