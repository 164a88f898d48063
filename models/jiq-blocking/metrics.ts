/** The metric schema of jiq-blocking: names and kinds as the chain, simulator and fluid view report them (core/metric-schema.ts). */
export const metrics = { blocking: 'scalar', busyFraction: 'scalar', tokenFraction: 'vector', noTokenProbability: 'vector' } as const;
