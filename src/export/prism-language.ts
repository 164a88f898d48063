/**
 * The chain as a PRISM-language CTMC: one module whose variables are the chain's
 * digits, one command per state (guard: the state; updates: its transitions, rate
 * and changed digits), a label per 0/1 metric and a reward structure per metric,
 * each listing the states where it is non-zero. Rates and rewards are exact
 * rationals ("63/50") where the chain carries them, so PRISM's -exact mode
 * solves the very chain lbcheck solves. It spells out every state, so it suits
 * chains up to some 10^5 states; prism-explicit scales further.
 */
import type { ExportChain } from './chain.ts';
import { identifier } from './chain.ts';
import { num, type ExportFile } from './files.ts';
import { headerLines, indicatorLabels, propertyLines, rewardStructures } from './rewards.ts';

function model(c: ExportChain): ExportFile {
  const d = c.variables.length;
  const names = c.variables.map((v) => v.name);
  const digit = (i: number, v: number): number => c.digits[i * d + v];
  const guard = (i: number): string => names.map((n, v) => `${n}=${digit(i, v)}`).join(' & ');
  return {
    suffix: '.sm',
    lines(emit) {
      headerLines(c).forEach((l) => emit(`// ${l}`));
      emit('ctmc');
      emit('');
      emit(`module ${identifier(c.family)}`);
      c.variables.forEach((v, k) => emit(`  ${v.name} : [0..${v.max}] init ${digit(c.initial, k)};`));
      emit('');
      for (let i = 0; i < c.states; i++) {
        if (c.rowPtr[i] === c.rowPtr[i + 1]) continue;
        const updates: string[] = [];
        for (let k = c.rowPtr[i]; k < c.rowPtr[i + 1]; k++) {
          const j = c.col[k];
          const changes = names.flatMap((n, v) => (digit(j, v) !== digit(i, v) ? [`(${n}'=${digit(j, v)})`] : []));
          updates.push(`${c.exact ? c.exact.rate[k] : num(c.rate[k])}:${changes.join('&')}`);
        }
        emit(`  [] ${guard(i)} -> ${updates.join(' + ')};`);
      }
      emit('endmodule');
      for (const l of indicatorLabels(c)) {
        const states: string[] = [];
        l.holds.forEach((h, i) => h === 1 && states.push(`(${guard(i)})`));
        emit('');
        emit(`label "${l.name}" = ${states.length > 0 ? states.join(' | ') : 'false'};`);
      }
      for (const r of rewardStructures(c)) {
        emit('');
        emit(`rewards "${r.name}"`);
        r.values.forEach((v, i) => v !== 0 && emit(`  ${guard(i)} : ${r.text(i)};`));
        emit('endrewards');
      }
    },
  };
}

export function prismLanguageFiles(c: ExportChain): ExportFile[] {
  return [model(c), { suffix: '.props', lines: (emit) => propertyLines(c).forEach(emit) }];
}
