/** The metric schema of hetero-ps: names and kinds as the chain, simulator and fluid view report them (core/metric-schema.ts). */
export const metrics = { meanJobs: 'scalar', classMeanJobs: 'vector', meanSojourn: 'scalar' } as const;
