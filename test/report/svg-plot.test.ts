import { describe, expect, it } from 'vitest';
import { svgPlot, type PlotSeries } from '../../src/report/svg-plot.ts';

const line = (label: string, colour: number): PlotSeries => ({
  label,
  kind: 'line',
  colour,
  points: [
    { x: 0, y: 0 },
    { x: 1, y: 1 },
  ],
});

/** The text of every <text> element, in order. */
const texts = (svg: string): string[] => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe('svgPlot', () => {
  it('breaks a long title into lines that fit the width, and makes room for them', () => {
    const title = 'jiq-blocking fluid limit: lambda=9/10 alpha=1/2,1/3,1/6 beta=1/3,1/3,1/3 nu=1/10 and some more words to wrap';
    const svg = svgPlot({ title, xLabel: 't', yLabel: 'y', series: [line('a', 0)], width: 400 });
    const titleLines = [...svg.matchAll(/<text x="200" y="(\d+)" text-anchor="middle" font-size="15">([^<]*)<\/text>/g)];
    expect(titleLines.length).toBeGreaterThan(1);
    // Every word is kept, in order; no line is wider than the picture at 0.6 em per glyph.
    expect(titleLines.map((m) => m[2]).join(' ')).toBe(title);
    for (const m of titleLines) expect(m[2].length * 0.6 * 15).toBeLessThanOrEqual(400 - 20);
    // The picture grows by one line height per extra title line.
    expect(svg).toContain(`height="${480 + (titleLines.length - 1) * 19}"`);
  });

  it('lists a series in the legend once; series with legend: false are drawn but not listed', () => {
    const marker: PlotSeries = { label: 'a fixed point', kind: 'points', colour: 0, legend: false, points: [{ x: 1, y: 0.5 }] };
    const svg = svgPlot({ title: 't', xLabel: 'x', yLabel: 'y', series: [line('a', 0), marker, line('b', 1)], legendNote: 'dots: fixed point' });
    const t = texts(svg);
    expect(t.filter((s) => s === 'a')).toHaveLength(1);
    expect(t).not.toContain('a fixed point');
    expect(t).toContain('dots: fixed point');
    expect(svg).toContain('<circle cx="');
  });
});
