/**
 * Regression panels: a family's built-in panel by name, or a JSON file of cases
 * [{"id": "a", "params": {"N": 8, "lambda": 0.9, "alpha": [0.6, 0.4]}, "horizon": 4000}, ...]
 * (params as on the command line; numbers are read as the decimals they spell).
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { UsageError } from '../core/errors.ts';
import type { PanelCase, SimulatorView } from './view.ts';

const scalar = z.union([z.number(), z.string()]);
const fileSchema = z
  .array(
    z.object({
      id: z.string().min(1).optional(),
      params: z.record(z.string(), z.union([scalar, z.array(scalar)])),
      horizon: z.number().positive(),
    }),
  )
  .min(1);

function optionText(v: number | string | (number | string)[]): string {
  return Array.isArray(v) ? v.map(String).join(',') : String(v);
}

function readPanelFile(path: string): PanelCase[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new UsageError(`--cases ${path}: not a JSON file (${e instanceof Error ? e.message : String(e)})`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`--cases ${path}: ${issue.path.join('.') || 'the file'}: ${issue.message}`);
  }
  return parsed.data.map((c, i) => ({
    id: c.id ?? `case-${i + 1}`,
    params: Object.fromEntries(Object.entries(c.params).map(([k, v]) => [k, optionText(v)])),
    horizon: c.horizon,
  }));
}

/** The family's panel of that name, else the JSON file at that path. */
export function resolvePanel<P>(view: SimulatorView<P>, nameOrFile: string): PanelCase[] {
  if (Object.hasOwn(view.panels, nameOrFile)) return [...view.panels[nameOrFile]];
  if (existsSync(nameOrFile)) return readPanelFile(nameOrFile);
  throw new UsageError(`--cases must name a panel (${Object.keys(view.panels).join(', ')}) or a JSON file, got "${nameOrFile}"`);
}
