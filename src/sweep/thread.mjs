// A piscina worker thread running sweep jobs. Plain JavaScript so the thread can
// register tsx's ESM loader before it imports any TypeScript (the runner module).
import { register } from 'tsx/esm/api';

register();
const runners = new Map();

export default async function run({ runner, data, env }) {
  if (!runners.has(runner)) runners.set(runner, import(runner));
  return (await runners.get(runner)).runJob(data, env);
}
