/**
 * The one place that talks to Z3 (package z3-solver). Z3 starts once per process
 * (init and one Context('main'), see TOOLCHAIN.md); every query runs in a fresh
 * solver with a timeout. The process exits by itself: killThreads is never called
 * (under tsx it can hang), and the CLI ends with process.exit.
 */
import type { Arith, Bool, Context } from 'z3-solver';
import { Fraction, type Rational } from '../core/rational.ts';
import { freeVariables, type Prop, type Term } from './expr.ts';

type Ctx = Context<'main'>;

let started: Promise<Ctx> | undefined;

/**
 * Z3's context, started on first use (0.2-0.5 s) and reused for the life of the
 * process; the package itself is loaded then too (0.13 s), not by every command.
 */
export function z3Context(): Promise<Ctx> {
  started ??= import('z3-solver').then(({ init }) => init()).then(({ Context: C }) => C('main'));
  return started;
}

function compiler(ctx: Ctx): { term(t: Term): Arith<'main'>; prop(p: Prop): Bool<'main'> } {
  const vars = new Map<string, Arith<'main'>>();
  const term = (t: Term): Arith<'main'> => {
    const n = t.node;
    switch (n.kind) {
      case 'var': {
        let v = vars.get(n.name);
        if (!v) vars.set(n.name, (v = ctx.Real.const(n.name)));
        return v;
      }
      case 'const':
        return ctx.Real.val({ numerator: n.value.s * n.value.n, denominator: n.value.d });
      case 'add':
        return ctx.Sum(term(n.args[0]), ...n.args.slice(1).map(term));
      case 'mul':
        return ctx.Product(term(n.args[0]), ...n.args.slice(1).map(term));
      case 'sub':
        return term(n.a).sub(term(n.b));
      case 'div':
        return term(n.a).div(term(n.b));
      case 'ite':
        return ctx.If(prop(n.cond), term(n.ifTrue), term(n.ifFalse)) as Arith<'main'>;
    }
  };
  const prop = (p: Prop): Bool<'main'> => {
    const n = p.node;
    switch (n.kind) {
      case 'bool':
        return ctx.Bool.val(n.value);
      case 'cmp': {
        const a = term(n.a);
        const b = term(n.b);
        return n.op === '<=' ? a.le(b) : n.op === '<' ? a.lt(b) : n.op === '=' ? a.eq(b) : n.op === '>=' ? a.ge(b) : a.gt(b);
      }
      case 'and':
        return ctx.And(...n.args.map(prop));
      case 'or':
        return ctx.Or(...n.args.map(prop));
      case 'not':
        return ctx.Not(prop(n.a));
      case 'implies':
        return ctx.Implies(prop(n.a), prop(n.b));
      case 'iff':
        return prop(n.a).eq(prop(n.b));
    }
  };
  return { term, prop };
}

export type SatOutcome =
  | { status: 'unsat'; seconds: number }
  /** `values` holds every variable whose model value is rational; `irrational` the others (as Z3 prints them). */
  | { status: 'sat'; values: Map<string, Rational>; irrational: Record<string, string>; seconds: number }
  | { status: 'unknown'; reason: string; seconds: number };

/** Is the conjunction of `assertions` satisfiable? Z3 gives up after timeoutMs ('unknown', reason "timeout"). */
export async function checkSat(assertions: readonly Prop[], timeoutMs: number): Promise<SatOutcome> {
  const ctx = await z3Context();
  const start = performance.now();
  const solver = new ctx.Solver();
  solver.set('timeout', timeoutMs);
  const c = compiler(ctx);
  solver.add(...assertions.map(c.prop));
  const status = await solver.check();
  const seconds = (performance.now() - start) / 1000;
  if (status === 'unsat') return { status, seconds };
  if (status === 'unknown') return { status, reason: solver.reasonUnknown() || 'unknown', seconds };
  const model = solver.model();
  const values = new Map<string, Rational>();
  const irrational: Record<string, string> = {};
  for (const name of freeVariables(assertions)) {
    const v = model.eval(ctx.Real.const(name), true);
    if (ctx.isRealVal(v)) {
      const { numerator, denominator } = v.value();
      values.set(name, new Fraction(numerator, denominator));
    } else irrational[name] = v.sexpr();
  }
  return { status, values, irrational, seconds };
}

/** The assertions as an SMT-LIB2 benchmark (declarations, asserts, check-sat), printed by Z3. */
export async function toSmtlib2(assertions: readonly Prop[]): Promise<string> {
  const ctx = await z3Context();
  const solver = new ctx.Solver();
  const c = compiler(ctx);
  solver.add(...assertions.map(c.prop));
  return solver.toSmtlib2('unknown');
}
