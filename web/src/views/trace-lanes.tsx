/** The lanes of a coupled trace's step: the shared draws, and the systems side by side with what changed and the violated relation. */
import type { TraceCounterexample } from '../../../src/check/trace-claim.ts';
import type { TraceStep } from '../../../src/coupling/coupled-run.ts';
import { drawsText, quantityText } from '../../../src/report/quantity-text.ts';

export function SharedLane({ step, shared }: { step: TraceStep; shared: TraceCounterexample['shared'] }) {
  return (
    <div class="lane shared" data-testid="shared-lane">
      <div class="lane-title">shared draws</div>
      <div class="event" data-testid="event-text">
        {step.event ? `step ${step.step}: ${step.event.text}` : 'step 0: start (no event)'}
      </div>
      {step.event ? (
        <div class="draws" data-testid="draws">
          {drawsText(step.event.draws)}
        </div>
      ) : null}
      {Object.entries(shared).map(([k, v]) => (
        <div class="tape" key={k}>
          <span class="label">{k}</span>{' '}
          {(Array.isArray(v) ? v : [v]).map((x, i) => (
            <span class="chip" key={i}>
              {typeof x === 'object' && x !== null
                ? Object.entries(x)
                    .map(([a, b]) => `${a} ${String(b)}`)
                    .join(' ')
                : String(x)}
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}

export function Systems({ step, previous }: { step: TraceStep; previous: TraceStep | null }) {
  const names = step.systems.map((s) => s.name);
  const keys = [...new Set(step.systems.flatMap((s) => Object.keys(s.quantities)))];
  const failed = step.violation?.comparison;
  const byName = Object.entries(step.ordered).filter(([, sides]) => Object.keys(sides).every((l) => names.includes(l)));
  const aside = Object.entries(step.ordered).filter(([, sides]) => !Object.keys(sides).every((l) => names.includes(l)));
  return (
    <div class="systems" style={{ gridTemplateColumns: `minmax(9em, max-content) repeat(${names.length}, minmax(8em, 1fr))` }} data-testid="systems">
      <div class="head" />
      {names.map((n) => (
        <div class="head" key={n}>
          {n}
        </div>
      ))}
      <div class="rowlabel">did</div>
      {step.systems.map((s) => (
        <div class="cell did" key={s.name}>
          {s.did.join('; ') || '–'}
        </div>
      ))}
      {keys.map((k) => [
        <div class="rowlabel" key={`l-${k}`}>
          {k}
        </div>,
        ...step.systems.map((s, i) => {
          const now = k in s.quantities ? quantityText(s.quantities[k]) : '';
          const before = previous && k in previous.systems[i].quantities ? quantityText(previous.systems[i].quantities[k]) : now;
          return (
            <div class={`cell${now !== before ? ' changed' : ''}`} key={`${k}-${s.name}`} data-system={s.name} data-quantity={k}>
              {now}
            </div>
          );
        }),
      ])}
      {byName.map(([quantity, sides]) => {
        const violated = failed?.quantity === quantity;
        return [
          <div class={`rowlabel ordered${violated ? ' violated' : ''}`} key={`o-${quantity}`}>
            {violated ? '✗ ' : ''}
            {quantity}
          </div>,
          ...names.map((n) => {
            const side = violated && (failed.left.label === n || failed.right.label === n);
            const was = previous?.ordered[quantity]?.[n];
            return (
              <div
                class={`cell ordered${side ? ' violated' : ''}${was !== undefined && was !== sides[n] ? ' changed' : ''}`}
                key={`${quantity}-${n}`}
                data-ordered={quantity}
                data-system={n}
              >
                {sides[n] ?? ''}
              </div>
            );
          }),
        ];
      })}
      {aside.map(([quantity, sides]) => {
        const violated = failed?.quantity === quantity;
        return [
          <div class={`rowlabel ordered${violated ? ' violated' : ''}`} key={`a-${quantity}`}>
            {violated ? '✗ ' : ''}
            {quantity}
          </div>,
          <div
            class={`cell ordered wide${violated ? ' violated' : ''}`}
            style={{ gridColumn: `span ${names.length}` }}
            key={`av-${quantity}`}
            data-ordered={quantity}
          >
            {Object.entries(sides)
              .map(([l, v]) => `${l} = ${v}`)
              .join(failed?.quantity === quantity ? ' > ' : ' ≤ ')}
          </div>,
        ];
      })}
    </div>
  );
}
