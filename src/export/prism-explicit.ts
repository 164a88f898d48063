/**
 * PRISM's explicit files (PRISM manual, appendix "Explicit Model Files"):
 * .tra "n m" then "i j rate" rows in source order; .sta "(v1,...)" then
 * "i:(x1,...)"; .lab "0="init" 1="deadlock" ..." then "i: labels"; one .srew
 * per reward structure, "n nnz" then "i r"; and a .props file of queries.
 */
import type { ExportChain } from './chain.ts';
import { num, type ExportFile } from './files.ts';
import { indicatorLabels, propertyLines, rewardStructures } from './rewards.ts';

function transitions(c: ExportChain): ExportFile {
  return {
    suffix: '.tra',
    lines(emit) {
      emit(`${c.states} ${c.rowPtr[c.states]}`);
      for (let i = 0; i < c.states; i++) for (let k = c.rowPtr[i]; k < c.rowPtr[i + 1]; k++) emit(`${i} ${c.col[k]} ${num(c.rate[k])}`);
    },
  };
}

function states(c: ExportChain): ExportFile {
  const d = c.variables.length;
  return {
    suffix: '.sta',
    lines(emit) {
      emit(`(${c.variables.map((v) => v.name).join(',')})`);
      for (let i = 0; i < c.states; i++) emit(`${i}:(${Array.from(c.digits.subarray(i * d, (i + 1) * d)).join(',')})`);
    },
  };
}

function labels(c: ExportChain): ExportFile {
  const extra = indicatorLabels(c);
  return {
    suffix: '.lab',
    lines(emit) {
      emit(['0="init"', '1="deadlock"', ...extra.map((l, k) => `${k + 2}="${l.name}"`)].join(' '));
      for (let i = 0; i < c.states; i++) {
        const on = extra.flatMap((l, k) => (l.holds[i] === 1 ? [k + 2] : []));
        if (i === c.initial) on.unshift(0);
        if (on.length > 0) emit(`${i}: ${on.join(' ')}`);
      }
    },
  };
}

function stateRewards(c: ExportChain): ExportFile[] {
  return rewardStructures(c).map((r) => ({
    suffix: `.${r.name}.srew`,
    lines(emit) {
      emit(`# Reward structure "${r.name}"`);
      emit('# State rewards');
      let nonzero = 0;
      for (const v of r.values) if (v !== 0) nonzero++;
      emit(`${c.states} ${nonzero}`);
      r.values.forEach((v, i) => v !== 0 && emit(`${i} ${num(v)}`));
    },
  }));
}

export function prismExplicitFiles(c: ExportChain): ExportFile[] {
  return [transitions(c), states(c), labels(c), ...stateRewards(c), { suffix: '.props', lines: (emit) => propertyLines(c).forEach(emit) }];
}
