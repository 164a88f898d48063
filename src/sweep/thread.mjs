// A piscina worker thread running sweep jobs. Plain JavaScript so that, when
// lbcheck runs from its sources, the thread can register tsx's ESM loader before
// it imports the TypeScript runner module; the built runner (dist/js/) needs none.
const runners = new Map();

async function load(runner) {
  if (runner.endsWith('.ts')) (await import('tsx/esm/api')).register();
  return import(runner);
}

export default async function run({ runner, data, env }) {
  if (!runners.has(runner)) runners.set(runner, load(runner));
  return (await runners.get(runner)).runJob(data, env);
}
