/**
 * Storm's explicit DRN format (as read by Storm's DirectEncodingParser): a
 * header (@type, @parameters, @reward_models, @nr_states, @nr_choices), then
 * per state "state i !exit [rewards] labels", one "action 0" and its
 * "target : rate" lines. For a CTMC the values are rates.
 */
import type { ExportChain } from './chain.ts';
import { num, type ExportFile } from './files.ts';
import { headerLines, indicatorLabels, propertyLines, rewardStructures } from './rewards.ts';

function model(c: ExportChain): ExportFile {
  const rewards = rewardStructures(c);
  const labels = indicatorLabels(c);
  return {
    suffix: '.drn',
    lines(emit) {
      headerLines(c).forEach((l) => emit(`// ${l}`));
      emit('@type: CTMC');
      emit('@parameters');
      emit('');
      emit('@reward_models');
      emit(rewards.map((r) => r.name).join(' '));
      emit('@nr_states');
      emit(String(c.states));
      emit('@nr_choices');
      emit(String(c.states));
      emit('@model');
      for (let i = 0; i < c.states; i++) {
        const tuple = rewards.length > 0 ? ` [${rewards.map((r) => num(r.values[i])).join(', ')}]` : '';
        const names = [...(i === c.initial ? ['init'] : []), ...labels.filter((l) => l.holds[i] === 1).map((l) => l.name)];
        emit(`state ${i} !${num(c.exit[i])}${tuple}${names.map((n) => ` ${n}`).join('')}`);
        emit('\taction 0');
        for (let k = c.rowPtr[i]; k < c.rowPtr[i + 1]; k++) emit(`\t\t${c.col[k]} : ${num(c.rate[k])}`);
      }
    },
  };
}

export function drnFiles(c: ExportChain): ExportFile[] {
  return [model(c), { suffix: '.props', lines: (emit) => propertyLines(c).forEach(emit) }];
}
