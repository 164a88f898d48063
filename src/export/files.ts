/**
 * Export output: each format is a set of named files whose lines are produced on
 * demand, written through temporary files and renamed into place only when every
 * file is complete, so a failed export leaves nothing half-written.
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { UsageError } from '../core/errors.ts';

/** One output file: its suffix after PREFIX (".tra") and a producer of its lines. */
export interface ExportFile {
  readonly suffix: string;
  readonly lines: (emit: (line: string) => void) => void;
}

/** A rate or reward as text: the shortest decimal that reads back as the same double. */
export const num = (x: number): string => String(x);

const CHUNK = 1 << 20;

function writeOne(path: string, file: ExportFile): void {
  const fd = openSync(path, 'w');
  try {
    let buf = '';
    file.lines((line) => {
      buf += `${line}\n`;
      if (buf.length >= CHUNK) {
        writeSync(fd, buf);
        buf = '';
      }
    });
    writeSync(fd, buf);
  } finally {
    closeSync(fd);
  }
}

/** Writes PREFIX + suffix for every file; returns the paths written. */
export function writeExport(prefix: string, files: readonly ExportFile[]): string[] {
  const paths = files.map((f) => prefix + f.suffix);
  try {
    files.forEach((f, i) => writeOne(`${paths[i]}.tmp`, f));
  } catch (e) {
    for (const p of paths) rmSync(`${p}.tmp`, { force: true });
    if (typeof (e as NodeJS.ErrnoException).code !== 'string') throw e;
    throw new UsageError(`--out ${prefix}: cannot write (${(e as Error).message})`);
  }
  paths.forEach((p) => renameSync(`${p}.tmp`, p));
  return paths;
}
