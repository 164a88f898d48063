/**
 * The expression layer claims are stated in: real-valued terms and propositions
 * over named real variables. One statement serves three readers: Z3 (smt/z3.ts
 * compiles it), SMT-LIB2 (through Z3's printer), and exact rational evaluation
 * (evalTerm / holds), which confirms a counterexample independently of Z3.
 */
import { Fraction, type Rational } from '../core/rational.ts';

export type CmpOp = '<=' | '<' | '=' | '>=' | '>';

export type TermNode =
  | { kind: 'var'; name: string }
  | { kind: 'const'; value: Rational }
  | { kind: 'add'; args: readonly Term[] }
  | { kind: 'mul'; args: readonly Term[] }
  | { kind: 'sub'; a: Term; b: Term }
  | { kind: 'div'; a: Term; b: Term }
  | { kind: 'ite'; cond: Prop; ifTrue: Term; ifFalse: Term };

export type PropNode =
  | { kind: 'bool'; value: boolean }
  | { kind: 'cmp'; op: CmpOp; a: Term; b: Term }
  | { kind: 'and'; args: readonly Prop[] }
  | { kind: 'or'; args: readonly Prop[] }
  | { kind: 'not'; a: Prop }
  | { kind: 'implies'; a: Prop; b: Prop }
  | { kind: 'iff'; a: Prop; b: Prop };

export type Operand = Term | number | Rational;

/** A real-valued term; methods build larger terms and comparisons. */
export class Term {
  constructor(readonly node: TermNode) {}
  add(b: Operand): Term {
    return sum([this, lift(b)]);
  }
  sub(b: Operand): Term {
    return new Term({ kind: 'sub', a: this, b: lift(b) });
  }
  mul(b: Operand): Term {
    return product([this, lift(b)]);
  }
  div(b: Operand): Term {
    return new Term({ kind: 'div', a: this, b: lift(b) });
  }
  /** this^n for a natural n, as a product (keeps claims polynomial). */
  pow(n: number): Term {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`pow needs a natural exponent, got ${n}`);
    return n === 0 ? num(1) : product(Array.from({ length: n }, () => this));
  }
  le(b: Operand): Prop {
    return cmp('<=', this, b);
  }
  lt(b: Operand): Prop {
    return cmp('<', this, b);
  }
  eq(b: Operand): Prop {
    return cmp('=', this, b);
  }
  ge(b: Operand): Prop {
    return cmp('>=', this, b);
  }
  gt(b: Operand): Prop {
    return cmp('>', this, b);
  }
}

/** A proposition; methods combine propositions. */
export class Prop {
  constructor(readonly node: PropNode) {}
  and(...b: Prop[]): Prop {
    return and(this, ...b);
  }
  or(...b: Prop[]): Prop {
    return or(this, ...b);
  }
  implies(b: Prop): Prop {
    return new Prop({ kind: 'implies', a: this, b });
  }
  iff(b: Prop): Prop {
    return new Prop({ kind: 'iff', a: this, b });
  }
  not(): Prop {
    return new Prop({ kind: 'not', a: this });
  }
}

export function variable(name: string): Term {
  return new Term({ kind: 'var', name });
}

export function num(value: number | Rational): Term {
  return new Term({ kind: 'const', value: typeof value === 'number' ? new Fraction(value) : value });
}

function lift(x: Operand): Term {
  return x instanceof Term ? x : num(x);
}

export function sum(args: readonly Operand[]): Term {
  return args.length === 0 ? num(0) : args.length === 1 ? lift(args[0]) : new Term({ kind: 'add', args: args.map(lift) });
}

export function product(args: readonly Operand[]): Term {
  return args.length === 0 ? num(1) : args.length === 1 ? lift(args[0]) : new Term({ kind: 'mul', args: args.map(lift) });
}

function cmp(op: CmpOp, a: Term, b: Operand): Prop {
  return new Prop({ kind: 'cmp', op, a, b: lift(b) });
}

export function and(...args: Prop[]): Prop {
  return args.length === 1 ? args[0] : new Prop({ kind: 'and', args });
}

export function or(...args: Prop[]): Prop {
  return args.length === 1 ? args[0] : new Prop({ kind: 'or', args });
}

export function ite(cond: Prop, then: Operand, otherwise: Operand): Term {
  return new Term({ kind: 'ite', cond, ifTrue: lift(then), ifFalse: lift(otherwise) });
}

export function min(a: Operand, b: Operand): Term {
  return ite(lift(a).le(b), a, b);
}

export function max(a: Operand, b: Operand): Term {
  return ite(lift(a).ge(b), a, b);
}

/** The positive part [a]^+ = max{a, 0}. */
export function pos(a: Operand): Term {
  return max(a, 0);
}

/** Variable values by name, exact. */
export type Assignment = ReadonlyMap<string, Rational>;

export function evalTerm(t: Term, env: Assignment): Rational {
  const n = t.node;
  switch (n.kind) {
    case 'var': {
      const v = env.get(n.name);
      if (v === undefined) throw new RangeError(`no value for variable ${n.name}`);
      return v;
    }
    case 'const':
      return n.value;
    case 'add':
      return n.args.reduce((s, a) => s.add(evalTerm(a, env)), new Fraction(0));
    case 'mul':
      return n.args.reduce((p, a) => p.mul(evalTerm(a, env)), new Fraction(1));
    case 'sub':
      return evalTerm(n.a, env).sub(evalTerm(n.b, env));
    case 'div': {
      const d = evalTerm(n.b, env);
      if (d.n === 0n) throw new RangeError('division by zero in a claim');
      return evalTerm(n.a, env).div(d);
    }
    case 'ite':
      return holds(n.cond, env) ? evalTerm(n.ifTrue, env) : evalTerm(n.ifFalse, env);
  }
}

/** Exact truth value of a proposition under an assignment. */
export function holds(p: Prop, env: Assignment): boolean {
  const n = p.node;
  switch (n.kind) {
    case 'bool':
      return n.value;
    case 'cmp': {
      const c = evalTerm(n.a, env).compare(evalTerm(n.b, env));
      return n.op === '<=' ? c <= 0 : n.op === '<' ? c < 0 : n.op === '=' ? c === 0 : n.op === '>=' ? c >= 0 : c > 0;
    }
    case 'and':
      return n.args.every((a) => holds(a, env));
    case 'or':
      return n.args.some((a) => holds(a, env));
    case 'not':
      return !holds(n.a, env);
    case 'implies':
      return !holds(n.a, env) || holds(n.b, env);
    case 'iff':
      return holds(n.a, env) === holds(n.b, env);
  }
}

/** Names of the variables a proposition mentions, in first-seen order. */
export function freeVariables(props: readonly Prop[]): string[] {
  const seen = new Set<string>();
  const term = (t: Term): void => {
    const n = t.node;
    if (n.kind === 'var') seen.add(n.name);
    else if (n.kind === 'add' || n.kind === 'mul') n.args.forEach(term);
    else if (n.kind === 'sub' || n.kind === 'div') {
      term(n.a);
      term(n.b);
    } else if (n.kind === 'ite') {
      prop(n.cond);
      term(n.ifTrue);
      term(n.ifFalse);
    }
  };
  const prop = (p: Prop): void => {
    const n = p.node;
    if (n.kind === 'cmp') {
      term(n.a);
      term(n.b);
    } else if (n.kind === 'and' || n.kind === 'or') n.args.forEach(prop);
    else if (n.kind === 'not') prop(n.a);
    else if (n.kind === 'implies' || n.kind === 'iff') {
      prop(n.a);
      prop(n.b);
    }
  };
  props.forEach(prop);
  return [...seen];
}
