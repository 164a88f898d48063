/**
 * A proposition evaluated exactly under an assignment, as data: every
 * comparison with the expression and exact value of each side, every
 * connective with its parts. This is how a refutation shows the two sides of
 * the violated claim (e.g. l = 1/4 against the closed form's 13/64).
 */
import { ratString } from '../core/rational.ts';
import { evalTerm, holds, type Assignment, type CmpOp, type Prop, type Term } from './expr.ts';

export type EvaluatedSide = { expression: string; value: string };

export type EvaluatedProp =
  | { kind: 'comparison'; relation: CmpOp; left: EvaluatedSide; right: EvaluatedSide; holds: boolean }
  | { kind: 'and' | 'or' | 'not' | 'implies' | 'iff'; holds: boolean; parts: EvaluatedProp[] }
  | { kind: 'constant'; holds: boolean };

/** Binding strength of a term's top operator, for parentheses. */
function strength(t: Term): number {
  const k = t.node.kind;
  return k === 'add' || k === 'sub' ? 1 : k === 'mul' || k === 'div' ? 2 : 3;
}

/** The term as people write it: "lambda (1 - 3 alpha3)/(...)"-like, with * for products. */
export function termText(t: Term): string {
  const n = t.node;
  const wrap = (x: Term, min: number) => (strength(x) < min ? `(${termText(x)})` : termText(x));
  switch (n.kind) {
    case 'var':
      return n.name;
    case 'const': {
      const s = ratString(n.value);
      return s.includes('/') || s.startsWith('-') ? `(${s})` : s;
    }
    case 'add':
      return n.args.map((a) => wrap(a, 1)).join(' + ');
    case 'sub':
      return `${wrap(n.a, 1)} - ${wrap(n.b, 2)}`;
    case 'mul':
      return n.args.map((a) => wrap(a, 2)).join('*');
    case 'div':
      return `${wrap(n.a, 2)}/${wrap(n.b, 3)}`;
    case 'ite':
      return `(if ${propText(n.cond)} then ${termText(n.ifTrue)} else ${termText(n.ifFalse)})`;
  }
}

export function propText(p: Prop): string {
  const n = p.node;
  switch (n.kind) {
    case 'bool':
      return String(n.value);
    case 'cmp':
      return `${termText(n.a)} ${n.op} ${termText(n.b)}`;
    case 'and':
    case 'or':
      return n.args.map((a) => `(${propText(a)})`).join(` ${n.kind} `);
    case 'not':
      return `not (${propText(n.a)})`;
    case 'implies':
      return `(${propText(n.a)}) implies (${propText(n.b)})`;
    case 'iff':
      return `(${propText(n.a)}) iff (${propText(n.b)})`;
  }
}

export function evaluateProp(p: Prop, env: Assignment): EvaluatedProp {
  const n = p.node;
  switch (n.kind) {
    case 'bool':
      return { kind: 'constant', holds: n.value };
    case 'cmp':
      return {
        kind: 'comparison',
        relation: n.op,
        left: { expression: termText(n.a), value: ratString(evalTerm(n.a, env)) },
        right: { expression: termText(n.b), value: ratString(evalTerm(n.b, env)) },
        holds: holds(p, env),
      };
    case 'and':
    case 'or':
      return { kind: n.kind, holds: holds(p, env), parts: n.args.map((a) => evaluateProp(a, env)) };
    case 'not':
      return { kind: 'not', holds: holds(p, env), parts: [evaluateProp(n.a, env)] };
    case 'implies':
    case 'iff':
      return { kind: n.kind, holds: holds(p, env), parts: [evaluateProp(n.a, env), evaluateProp(n.b, env)] };
  }
}
