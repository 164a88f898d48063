/** Pieces every view uses: the equivalent command, messages, a parameter field with its rule. */
import type { ComponentChildren } from 'preact';

export function Command({ text }: { text: string }) {
  return (
    <div class="command">
      <span class="label">same in the terminal</span>
      <code data-testid="command">{text}</code>
    </div>
  );
}

export function Message({ kind = 'error', children }: { kind?: 'error' | 'info'; children: ComponentChildren }) {
  return (
    <div class={`message ${kind}`} role={kind === 'error' ? 'alert' : 'status'} data-testid={kind === 'error' ? 'error' : 'info'}>
      {children}
    </div>
  );
}

export function Field({
  name,
  value,
  help,
  error,
  onInput,
}: {
  name: string;
  value: string;
  help?: string;
  error?: string | null;
  onInput: (v: string) => void;
}) {
  return (
    <label class="field">
      <span class="name">{name}</span>
      <input name={name} value={value} title={help} onInput={(e) => onInput((e.target as HTMLInputElement).value)} />
      {error ? (
        <span class="rule" data-testid={`rule-${name}`}>
          {error}
        </span>
      ) : help ? (
        <span class="help">{help}</span>
      ) : null}
    </label>
  );
}

export function Verdict({ verdict, expected }: { verdict: string; expected?: string }) {
  return (
    <span class={`verdict v-${verdict}`} data-testid="verdict">
      {verdict}
      {expected && expected !== verdict ? ` (expected ${expected})` : ''}
    </span>
  );
}
