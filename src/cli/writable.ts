/** Output paths checked before the work that fills them, so a long run never ends on "cannot write". */
import { accessSync, constants, existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../core/errors.ts';

/** UsageError unless `file` can be written: its folder exists and is writable, and the file, if there, is a writable file. */
export function checkWritable(file: string, flag: string): void {
  const path = resolve(file);
  const dir = dirname(path);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${flag} ${file}: the folder ${dir} does not exist`);
  try {
    if (existsSync(path)) {
      if (!statSync(path).isFile()) throw new UsageError(`${flag} ${file}: exists and is not a file`);
      accessSync(path, constants.W_OK);
    } else accessSync(dir, constants.W_OK);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${flag} ${file}: cannot write there (${e instanceof Error ? e.message : String(e)})`);
  }
}

/** Writes `text` to `file`, a failure as one UsageError line naming the option (checkWritable has refused the usual causes before the work). */
export function writeOutput(file: string, text: string, flag: string): void {
  try {
    writeFileSync(file, text);
  } catch (e) {
    throw new UsageError(`${flag} ${file}: cannot write (${e instanceof Error ? e.message : String(e)})`);
  }
}
