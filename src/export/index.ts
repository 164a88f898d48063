/** Exports of a model's chain for PRISM and Storm: the formats and their files. */
import type { ExportChain } from './chain.ts';
import { drnFiles } from './drn.ts';
import type { ExportFile } from './files.ts';
import { prismExplicitFiles } from './prism-explicit.ts';
import { prismLanguageFiles } from './prism-language.ts';

export const FORMATS = ['prism-explicit', 'drn', 'prism'] as const;
export type ExportFormat = (typeof FORMATS)[number];

export function exportFiles(format: ExportFormat, c: ExportChain): ExportFile[] {
  switch (format) {
    case 'prism-explicit':
      return prismExplicitFiles(c);
    case 'drn':
      return drnFiles(c);
    case 'prism':
      return prismLanguageFiles(c);
  }
}

export { exportChain, type ExportChain } from './chain.ts';
export { writeExport } from './files.ts';
