/**
 * A coupled trace: the shared draws as a common lane, the systems side by side,
 * step by step (changes from the previous step highlighted, the violated
 * relation marked), a plot of the ordered quantities, and edits of a parameter
 * or of one event that re-run the trace at once in the worker.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { TraceCase, TraceCounterexample } from '../../../src/check/trace-claim.ts';
import { engine } from '../api.ts';
import { go } from '../route.ts';
import { Plot } from '../plot.tsx';
import { Command, Field, Message } from './common.tsx';
import { SharedLane, Systems } from './trace-lanes.tsx';

type RawEvent = Record<string, unknown>;

/** The trace's event list: the trace itself, or its `arrivals` (Theorem 1 traces also carry a job tape). */
function eventsOf(trace: unknown): { list: RawEvent[]; with(list: RawEvent[]): unknown } {
  if (Array.isArray(trace)) return { list: trace as RawEvent[], with: (list) => list };
  const t = trace as Record<string, unknown>;
  return { list: (t.arrivals ?? []) as RawEvent[], with: (list) => ({ ...t, arrivals: list }) };
}

function commandOf(id: string, origin?: { seed: number; path?: string }): string {
  return origin ? `lbcheck check ${id} --seed ${origin.seed}${origin.path ? ` --path ${origin.path}` : ''} --json` : `lbcheck check ${id} --json`;
}

function verdictText(data: TraceCounterexample): string {
  const v = data.violation;
  return v ? `the order fails after step ${v.step}: ${v.why}` : `every order holds through step ${data.events}`;
}

function EventEditor({
  event,
  index,
  onChange,
  onRemove,
  error,
}: {
  event: RawEvent;
  index: number;
  onChange: (e: RawEvent) => void;
  onRemove: () => void;
  error: string | null;
}) {
  return (
    <div class="editor" data-testid="event-editor">
      <div class="lane-title">edit event {index + 1} (uniforms are cells 0..999: u = (cell + 1/2)/1000)</div>
      {Object.entries(event).map(([k, v]) =>
        typeof v === 'number' || Array.isArray(v) ? (
          <Field
            key={k}
            name={`event.${k}`}
            value={Array.isArray(v) ? v.join(',') : String(v)}
            onInput={(text) => {
              const parse = (t: string) => (/^-?\d+$/.test(t.trim()) ? Number(t) : NaN);
              onChange({ ...event, [k]: Array.isArray(v) ? text.split(',').map(parse) : parse(text) });
            }}
          />
        ) : (
          <span class="fixed" key={k}>
            {k}: {String(v)}
          </span>
        ),
      )}
      <button type="button" onClick={onRemove}>
        remove this event
      </button>
      {error ? (
        <span class="rule" data-testid="rule-event">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export interface TraceViewProps {
  id: string;
  initial: TraceCounterexample;
  editable: readonly string[];
  step?: number;
  origin?: { seed: number; path?: string };
}

export function TraceView({ id, initial, editable: allowed, step: initialStep, origin }: TraceViewProps) {
  const [data, setData] = useState(initial);
  // A trace without its case (a user's couplingOrder claim) is shown, not edited.
  const original = initial.case ?? { params: {}, trace: [] };
  const editable = initial.case ? allowed : [];
  const current = data.case ?? original;
  const [step, setStepState] = useState(Math.min(initialStep ?? initial.steps.length - 1, initial.steps.length - 1));
  const [texts, setTexts] = useState<Record<string, string>>(original.params);
  const [fieldError, setFieldError] = useState<{ name: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [timing, setTiming] = useState<number | null>(null);
  // Counts finished re-runs, so a watcher sees each one even when two take the same time.
  const [reruns, setReruns] = useState(0);
  const editStart = useRef<number | null>(null);
  const roundTrip = useRef(0);
  const steps = data.steps;
  const shown = steps[Math.min(step, steps.length - 1)];
  const violation = data.violation;

  const setStep = (s: number, c: TraceCase = current) => {
    const k = Math.max(0, Math.min(steps.length - 1, s));
    setStepState(k);
    if (initial.case) go({ view: 'trace', id, case: c, step: k, ...(origin ? { origin } : {}) }, false);
  };

  // Re-run and redraw time of the last edit: from the edit to the first frame painted after the new DOM.
  useLayoutEffect(() => {
    if (editStart.current === null) return;
    const t0 = editStart.current;
    editStart.current = null;
    requestAnimationFrame(() => {
      setTiming(performance.now() - t0);
      setReruns((n) => n + 1);
    });
  }, [data]);

  const rerun = async (c: TraceCase, field: string) => {
    editStart.current = performance.now();
    setBusy(true);
    const r = await engine.replayTrace(id, c);
    roundTrip.current = performance.now() - editStart.current;
    setBusy(false);
    if (!r.ok) {
      editStart.current = null;
      setFieldError({ name: field, message: r.error });
      return;
    }
    setFieldError(null);
    const n = r.value.steps.length;
    setData(r.value);
    setStep(Math.min(step, n - 1), r.value.case ?? current);
  };

  const editParam = (name: string, value: string) => {
    const next = { ...texts, [name]: value };
    setTexts(next);
    void rerun({ ...current, params: next }, name);
  };

  const events = eventsOf(current.trace);
  const editEvent = (index: number, e: RawEvent | null) => {
    const list = events.list.slice();
    if (e === null) list.splice(index, 1);
    else list[index] = e;
    void rerun({ ...current, trace: events.with(list) as TraceCase['trace'] }, 'event');
  };

  const shrink = async () => {
    setBusy(true);
    const r = await engine.shrinkTrace(id, current, origin?.seed ?? 42);
    setBusy(false);
    if (!r.ok) return setFieldError({ name: 'event', message: r.error });
    if (r.value === null) return setFieldError({ name: 'event', message: 'the order holds on this trace: nothing to shrink' });
    setFieldError(null);
    setTexts(r.value.case?.params ?? texts);
    setData(r.value);
    setStep(r.value.steps.length - 1, r.value.case ?? current);
  };

  const quantities = Object.keys(shown.ordered);
  const [chosen, setChosen] = useState<string | null>(null);
  const plotted = chosen && quantities.includes(chosen) ? chosen : (violation?.comparison.quantity ?? quantities[0]);
  const x = useMemo(() => steps.map((s) => s.step), [data]);
  const series = useMemo(() => {
    const labels = [...new Set(steps.flatMap((s) => Object.keys(s.ordered[plotted] ?? {})))];
    return labels.map((label) => ({ label, values: steps.map((s) => s.ordered[plotted]?.[label] ?? null) }));
  }, [data, plotted]);

  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement).tagName === 'INPUT') return;
      if (e.key === 'ArrowRight') setStep(step + 1);
      if (e.key === 'ArrowLeft') setStep(step - 1);
    };
    addEventListener('keydown', key);
    return () => removeEventListener('keydown', key);
  });

  return (
    <section
      class="trace"
      data-testid="trace-view"
      data-busy={busy ? '1' : '0'}
      data-rerun-ms={timing === null ? '' : timing.toFixed(1)}
      data-reruns={reruns}
      data-worker-ms={roundTrip.current.toFixed(1)}
    >
      <h2>{id}: coupled trace</h2>
      <div class="params">
        {Object.keys(texts).map((name) => (
          <Field
            key={name}
            name={name}
            value={texts[name]}
            error={fieldError?.name === name ? fieldError.message : null}
            onInput={(v) => (editable.includes(name) ? editParam(name, v) : undefined)}
          />
        ))}
      </div>
      <p class={`trace-verdict ${violation ? 'fails' : 'holds'}`} data-testid="trace-verdict">
        {verdictText(data)}
      </p>
      {timing !== null ? (
        <p class="timing" data-testid="rerun-timing">
          re-ran and redrew in {timing.toFixed(1)} ms
        </p>
      ) : null}
      <div class="controls">
        <button type="button" data-testid="first" onClick={() => setStep(0)}>
          first
        </button>
        <button type="button" data-testid="back" onClick={() => setStep(step - 1)}>
          ◀ back
        </button>
        <span class="step" data-testid="step">
          step {shown.step} of {steps.length - 1}
        </span>
        <button type="button" data-testid="forward" onClick={() => setStep(step + 1)}>
          forward ▶
        </button>
        <button type="button" data-testid="jump" disabled={!violation} onClick={() => setStep(violation ? violation.step : step)}>
          jump to violation
        </button>
        {initial.case ? (
          <button type="button" data-testid="shrink" onClick={() => void shrink()}>
            shrink again
          </button>
        ) : null}
      </div>
      <div class="timeline">
        {steps.map((s) => (
          <button
            type="button"
            key={s.step}
            class={`tick${s.step === shown.step ? ' current' : ''}${s.violation ? ' bad' : ''}`}
            onClick={() => setStep(s.step)}
            title={s.event?.text ?? 'start'}
          >
            {s.step}
          </button>
        ))}
      </div>
      <SharedLane step={shown} shared={data.shared} />
      <Systems step={shown} previous={shown.step > 0 ? steps[shown.step - 1] : null} />
      {initial.case && shown.step > 0 && events.list[shown.step - 1] ? (
        <EventEditor
          key={`${shown.step}-${JSON.stringify(events.list[shown.step - 1])}`}
          event={events.list[shown.step - 1]}
          index={shown.step - 1}
          error={fieldError?.name === 'event' ? fieldError.message : null}
          onChange={(e) => editEvent(shown.step - 1, e)}
          onRemove={() => editEvent(shown.step - 1, null)}
        />
      ) : fieldError?.name === 'event' ? (
        <Message>{fieldError.message}</Message>
      ) : null}
      <div class="plot-head">
        plot:{' '}
        <select value={plotted} onChange={(e) => setChosen((e.target as HTMLSelectElement).value)} data-testid="plot-quantity">
          {quantities.map((q) => (
            <option key={q} value={q}>
              {q}
            </option>
          ))}
        </select>{' '}
        (click a point to go to that step; red: the violation)
      </div>
      <Plot
        title={plotted}
        xLabel="step"
        x={x}
        series={series}
        stepped
        mark={violation?.step ?? null}
        current={shown.step}
        onPick={(i) => setStep(i)}
        testid="trace-plot"
      />
      <Command text={commandOf(id, origin)} />
      {JSON.stringify(current) !== JSON.stringify(original) ? (
        <p class="note">edited in the page: the command replays the original; this view's URL replays the edit.</p>
      ) : null}
    </section>
  );
}
