import { describe, expect, it } from 'vitest';
import { expandGrid, parseAxis } from '../../src/sweep/grid.ts';

describe('sweep grids', () => {
  it('reads a range exactly: 0.1:0.1:0.9 is nine decimals, no 0.30000000000000004', () => {
    expect(parseAxis('lambda=0.1:0.1:0.9')).toEqual({ name: 'lambda', values: ['0.1', '0.2', '0.3', '0.4', '0.5', '0.6', '0.7', '0.8', '0.9'] });
    expect(parseAxis('x=1/3:1/3:1').values).toEqual(['1/3', '2/3', '1']);
    expect(parseAxis('N=10:10:35').values).toEqual(['10', '20', '30']); // 35 is not on the step
  });

  it('reads lists, and ;-lists of values that hold commas', () => {
    expect(parseAxis('N=10,20').values).toEqual(['10', '20']);
    expect(parseAxis('alpha=3/5,2/5;1/2,1/2').values).toEqual(['3/5,2/5', '1/2,1/2']);
  });

  it.each([
    ['lambda', 'expected name=start:step:end'],
    ['lambda=0.1:0:1', 'the step must be > 0'],
    ['lambda=1:0.1:0.5', 'the range ends below its start'],
    ['lambda=0:1e-9:1', 'is not a number'],
    ['lambda=0:1/100000:1', 'values on one axis (at most 10000)'],
    ['lambda=1:2', 'a range is start:step:end'],
    ['N=1,1', 'a value is listed twice'],
    ['N=1,,2', 'an empty value'],
  ])('refuses %s', (spec, message) => {
    expect(() => parseAxis(spec)).toThrow(message);
  });

  it('expands the product with the first axis slowest', () => {
    expect(expandGrid([parseAxis('a=1,2'), parseAxis('b=x,y,z')])).toEqual([
      { a: '1', b: 'x' },
      { a: '1', b: 'y' },
      { a: '1', b: 'z' },
      { a: '2', b: 'x' },
      { a: '2', b: 'y' },
      { a: '2', b: 'z' },
    ]);
    expect(() => expandGrid([parseAxis('a=1,2'), parseAxis('a=3')])).toThrow('--grid a is given twice');
    expect(() => expandGrid([parseAxis('a=1:1:1000'), parseAxis('b=1:1:1000')])).toThrow('the grid has 1000000 points (at most 100000)');
  });
});
