/**
 * A static x-y plot as SVG text: line series and point series with vertical
 * error bars, axes with d3-scale's "nice" ticks, and a legend. Generic: knows
 * nothing about models.
 */
import { scaleLinear } from 'd3-scale';

export interface PlotPoint {
  x: number;
  y: number;
  /** Error bar from lo to hi (both or neither). */
  lo?: number;
  hi?: number;
}

export interface PlotSeries {
  label: string;
  kind: 'line' | 'points';
  /** Series sharing a colour index share a colour (a simulated series and its reference line). */
  colour: number;
  points: readonly PlotPoint[];
  /** false: drawn but not listed in the legend (a marker explained by PlotSpec.legendNote). */
  legend?: boolean;
}

export interface PlotSpec {
  title: string;
  xLabel: string;
  yLabel: string;
  series: readonly PlotSeries[];
  /** A line of grey text under the legend entries (what unlisted markers mean). */
  legendNote?: string;
  /** Fixed y range (default: the data's, widened to nice ticks). */
  yDomain?: [number, number];
  width?: number;
  height?: number;
}

/** Tableau 10, distinguishable in print and for most colour-vision deficiencies. */
const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];

const MARGIN = { top: 40, right: 190, bottom: 50, left: 60 };
const TITLE_SIZE = 15;
const TITLE_LINE = 19;
/** Average glyph width of sans-serif text relative to its font size (no font metrics in a static SVG). */
const GLYPH_WIDTH = 0.6;

/** The title broken at spaces into lines that fit the width (a long word gets a line of its own). */
function titleLines(title: string, width: number): string[] {
  const perLine = Math.max(10, Math.floor((width - 20) / (GLYPH_WIDTH * TITLE_SIZE)));
  const lines: string[] = [];
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= perLine) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const num = (v: number): string => (Math.round(v * 100) / 100).toString();

function extent(values: number[]): [number, number] {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? [lo - 1, hi + 1] : [lo, hi];
}

export function svgPlot(spec: PlotSpec): string {
  const width = spec.width ?? 760;
  const title = titleLines(spec.title, width);
  // Each title line past the first moves the plot down and makes the picture taller.
  const top = MARGIN.top + (title.length - 1) * TITLE_LINE;
  const height = (spec.height ?? 480) + top - MARGIN.top;
  const all = spec.series.flatMap((s) => s.points);
  const x = scaleLinear()
    .domain(extent(all.map((p) => p.x)))
    .nice()
    .range([MARGIN.left, width - MARGIN.right]);
  const y = spec.yDomain
    ? scaleLinear()
        .domain(spec.yDomain)
        .range([height - MARGIN.bottom, top])
    : scaleLinear()
        .domain(extent(all.flatMap((p) => [p.y, p.lo ?? p.y, p.hi ?? p.y])))
        .nice()
        .range([height - MARGIN.bottom, top]);
  const colour = (i: number): string => PALETTE[i % PALETTE.length];
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
  );
  out.push(`<rect width="${width}" height="${height}" fill="white"/>`);
  title.forEach((line, i) =>
    out.push(`<text x="${width / 2}" y="${22 + i * TITLE_LINE}" text-anchor="middle" font-size="${TITLE_SIZE}">${escapeXml(line)}</text>`),
  );

  // Axes, ticks and light grid lines.
  const [x0, x1] = x.range();
  const [y0, y1] = y.range();
  const xFormat = x.tickFormat(8);
  const yFormat = y.tickFormat(8);
  for (const t of x.ticks(8)) {
    out.push(`<line x1="${num(x(t))}" x2="${num(x(t))}" y1="${y0}" y2="${y1}" stroke="#eee"/>`);
    out.push(`<text x="${num(x(t))}" y="${y0 + 18}" text-anchor="middle">${xFormat(t)}</text>`);
  }
  for (const t of y.ticks(8)) {
    out.push(`<line x1="${x0}" x2="${x1}" y1="${num(y(t))}" y2="${num(y(t))}" stroke="#eee"/>`);
    out.push(`<text x="${x0 - 8}" y="${num(y(t) + 4)}" text-anchor="end">${yFormat(t)}</text>`);
  }
  out.push(`<path d="M${x0},${y1}V${y0}H${x1}" fill="none" stroke="black"/>`);
  out.push(`<text x="${(x0 + x1) / 2}" y="${height - 12}" text-anchor="middle">${escapeXml(spec.xLabel)}</text>`);
  out.push(`<text transform="translate(16,${(y0 + y1) / 2}) rotate(-90)" text-anchor="middle">${escapeXml(spec.yLabel)}</text>`);

  // Series: lines first, so points and error bars sit on top.
  const ordered = [...spec.series].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'line' ? -1 : 1));
  for (const s of ordered) {
    const c = colour(s.colour);
    if (s.kind === 'line') {
      const d = s.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${num(x(p.x))},${num(y(p.y))}`).join('');
      out.push(`<path d="${d}" fill="none" stroke="${c}" stroke-width="1.5"/>`);
      continue;
    }
    for (const p of s.points) {
      if (p.lo !== undefined && p.hi !== undefined) {
        out.push(
          `<path d="M${num(x(p.x))},${num(y(p.lo))}V${num(y(p.hi))}M${num(x(p.x) - 3)},${num(y(p.lo))}h6M${num(x(p.x) - 3)},${num(y(p.hi))}h6" stroke="${c}"/>`,
        );
      }
      out.push(`<circle cx="${num(x(p.x))}" cy="${num(y(p.y))}" r="3" fill="${c}"/>`);
    }
  }

  // Legend, one row per listed series, then the note.
  const listed = spec.series.filter((s) => s.legend !== false);
  const lx = width - MARGIN.right + 16;
  listed.forEach((s, i) => {
    const ly = top + 10 + i * 18;
    const c = colour(s.colour);
    out.push(
      s.kind === 'line'
        ? `<line x1="${lx}" x2="${lx + 20}" y1="${ly}" y2="${ly}" stroke="${c}" stroke-width="1.5"/>`
        : `<circle cx="${lx + 10}" cy="${ly}" r="3" fill="${c}"/>`,
    );
    out.push(`<text x="${lx + 26}" y="${ly + 4}">${escapeXml(s.label)}</text>`);
  });
  if (spec.legendNote) out.push(`<text x="${lx}" y="${top + 14 + listed.length * 18}" fill="#666">${escapeXml(spec.legendNote)}</text>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
