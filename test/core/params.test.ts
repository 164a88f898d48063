/** Parameter parsing rules: what each kind accepts, and the one-line error naming the option otherwise. */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.ts';
import {
  choiceParam,
  distributionParam,
  exactParams,
  intListParam,
  intParam,
  optional,
  rationalListParam,
  rationalParam,
  readParams,
} from '../../src/core/params.ts';
import { ratString } from '../../src/core/rational.ts';

const usage = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error('no UsageError');
};

describe('intParam', () => {
  const N = intParam('servers', { min: 1, max: 100 });
  it.each([
    ['3', 3],
    [' 7 ', 7],
    ['+5', 5],
    ['100', 100],
  ])('reads %j as %d', (text, v) => expect(N.read(text, 'N')).toBe(v));
  it.each([
    ['3.0', '--N must be an integer, got "3.0"'],
    ['1e2', '--N must be an integer, got "1e2"'],
    ['', '--N must be an integer, got ""'],
    ['0x10', '--N must be an integer, got "0x10"'],
    ['0', '--N must be >= 1, got 0'],
    ['101', '--N must be <= 100, got 101'],
    // Past 2^53 the text and the double differ: refused, not rounded.
    ['9007199254740993', '--N must be an integer, got "9007199254740993"'],
  ])('refuses %j', (text, message) => expect(usage(() => N.read(text, 'N'))).toBe(message));
  it('is required unless optional', () => {
    expect(usage(() => N.read(undefined, 'N'))).toBe('--N is required');
    expect(optional(N).read(undefined, 'N')).toBeUndefined();
    expect(optional(N).read('4', 'N')).toBe(4);
  });
});

describe('rationals', () => {
  const lambda = rationalParam('rate', 'positive');
  it('reads decimals exactly and fractions as given', () => {
    expect(ratString(lambda.read('0.1', 'lambda'))).toBe('1/10');
    expect(ratString(lambda.read('9/10', 'lambda'))).toBe('9/10');
    expect(ratString(lambda.read('.5', 'lambda'))).toBe('1/2');
    expect(ratString(lambda.read('6/4', 'lambda'))).toBe('3/2');
  });
  it.each([
    ['0', '--lambda must be > 0, got 0'],
    ['-1/2', '--lambda must be > 0, got -1/2'],
    ['1/0', '--lambda: "1/0" divides by zero'],
    ['1e-3', '--lambda: "1e-3" is not a number (use a decimal like 0.9 or a fraction like 9/10)'],
    ['abc', '--lambda: "abc" is not a number'],
  ])('refuses %j', (text, message) => expect(usage(() => lambda.read(text, 'lambda'))).toContain(message));
  it('a default applies when absent; nonnegative admits 0', () => {
    expect(ratString(rationalParam('nu', 'nonnegative', '1/4').read(undefined, 'nu'))).toBe('1/4');
    expect(ratString(rationalParam('nu', 'nonnegative').read('0', 'nu'))).toBe('0');
    expect(usage(() => rationalParam('nu', 'nonnegative').read('-1', 'nu'))).toBe('--nu must be >= 0, got -1');
  });
});

describe('lists', () => {
  it('distributions are positive and sum to exactly 1', () => {
    const alpha = distributionParam('shares');
    expect(alpha.read('0.6,0.4', 'alpha').map(ratString)).toEqual(['3/5', '2/5']);
    expect(alpha.read('1/3,1/3,1/3', 'alpha').map(ratString)).toEqual(['1/3', '1/3', '1/3']);
    expect(usage(() => alpha.read('0.33,0.33,0.33', 'alpha'))).toBe('--alpha must sum to 1, got 99/100');
    expect(usage(() => alpha.read('1,0', 'alpha'))).toBe('--alpha[2] must be > 0, got 0');
    expect(usage(() => alpha.read('', 'alpha'))).toBe('--alpha must be a comma-separated list, got ""');
    expect(usage(() => alpha.read('1/2,', 'alpha'))).toContain('--alpha[2]: "" is not a number');
  });
  it('integer and rational lists name the bad entry', () => {
    expect(intListParam('servers', { min: 1 }).read('2,3', 'servers')).toEqual([2, 3]);
    expect(usage(() => intListParam('servers', { min: 1 }).read('2,0', 'servers'))).toBe('--servers[2] must be >= 1, got 0');
    expect(usage(() => rationalListParam('rates', 'positive').read('2,-1', 'rates'))).toBe('--rates[2] must be > 0, got -1');
  });
});

describe('choices and whole parameter sets', () => {
  const specs = {
    N: intParam('servers', { min: 1 }),
    lambda: rationalParam('rate', 'positive'),
    policy: choiceParam('policy', ['sq2', 'jsq'] as const, 'sq2'),
    alpha: distributionParam('shares'),
    K: optional(intParam('cap', { min: 1 })),
  };

  it('reads every declared name; an unknown one is an error listing the known', () => {
    const p = readParams(specs, { N: '2', lambda: '1/3', alpha: '1/4,3/4', policy: undefined, K: undefined });
    expect(p.policy).toBe('sq2');
    expect(usage(() => readParams(specs, { N: '2', lambda: '1', alpha: '1', policy: 'random' }))).toBe('--policy must be one of sq2, jsq, got "random"');
    expect(usage(() => readParams(specs, { N: '2', lambda: '1', alpha: '1', bogus: '1' }))).toBe(
      'unknown parameter --bogus (known: --N, --lambda, --policy, --alpha, --K)',
    );
  });

  it('exactParams writes them back as text that reads to the same parameters', () => {
    const p = readParams(specs, { N: '2', lambda: '0.3', alpha: '1/4,0.75', policy: 'jsq', K: undefined });
    const exact = exactParams(specs, p);
    expect(exact).toEqual({ N: 2, lambda: '3/10', policy: 'jsq', alpha: ['1/4', '3/4'] });
    const text = Object.fromEntries(Object.entries(exact).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
    const again = readParams(specs, text);
    expect(exactParams(specs, again)).toEqual(exact);
    expect(exactParams(specs, p, { N: undefined })).toEqual({ lambda: '3/10', policy: 'jsq', alpha: ['1/4', '3/4'] });
  });
});
