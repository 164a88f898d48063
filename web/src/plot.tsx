/** A uPlot chart as a Preact component: series over a shared x, an optional marked x, clicks report the nearest index. */
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22'];

export interface PlotProps {
  title: string;
  xLabel: string;
  x: number[];
  series: { label: string; values: (number | null)[]; dash?: boolean }[];
  /** An x value to mark with a red line (e.g. the violating step). */
  mark?: number | null;
  /** The current x (e.g. the step shown), drawn as a grey line. */
  current?: number | null;
  /** Step-like data (counts along a trace) draw as steps, on integer x ticks. */
  stepped?: boolean;
  onPick?: (index: number) => void;
  testid?: string;
}

export function Plot(p: PlotProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const latest = useRef(p);
  latest.current = p;

  useEffect(() => {
    const el = box.current!;
    const marks: uPlot.Plugin = {
      hooks: {
        draw: (u) => {
          const { ctx } = u;
          const line = (x: number | null | undefined, colour: string, width: number) => {
            if (x === null || x === undefined) return;
            const px = u.valToPos(x, 'x', true);
            ctx.save();
            ctx.strokeStyle = colour;
            ctx.lineWidth = width;
            ctx.beginPath();
            ctx.moveTo(px, u.bbox.top);
            ctx.lineTo(px, u.bbox.top + u.bbox.height);
            ctx.stroke();
            ctx.restore();
          };
          line(latest.current.current, '#999', 1);
          line(latest.current.mark, '#d00', 2);
        },
      },
    };
    const opts: uPlot.Options = {
      title: p.title,
      width: Math.max(320, el.clientWidth || 640),
      height: 220,
      scales: { x: { time: false } },
      axes: [
        { label: p.xLabel, ...(p.stepped ? { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500] } : {}) },
        p.stepped ? { incrs: [1, 2, 5, 10, 20, 50, 100] } : {},
      ],
      series: [
        { label: p.xLabel },
        ...p.series.map((s, i) => ({
          label: s.label,
          stroke: COLOURS[i % COLOURS.length],
          width: 2 + (p.series.length - 1 - i) * 1.5,
          ...(s.dash ? { dash: [6, 4] } : {}),
          ...(p.stepped ? { paths: uPlot.paths.stepped!({ align: 1 }) } : {}),
        })),
      ],
      plugins: [marks],
    };
    const u = new uPlot(opts, [p.x, ...p.series.map((s) => s.values)] as uPlot.AlignedData, el);
    chart.current = u;
    const click = () => {
      const i = u.cursor.idx;
      if (i !== null && i !== undefined) latest.current.onPick?.(i);
    };
    u.over.addEventListener('click', click);
    return () => {
      u.over.removeEventListener('click', click);
      u.destroy();
      chart.current = null;
    };
  }, [p.title, p.series.map((s) => s.label).join('|'), p.stepped]);

  useEffect(() => {
    chart.current?.setData([p.x, ...p.series.map((s) => s.values)] as uPlot.AlignedData);
  }, [p.x, p.series]);

  useEffect(() => {
    chart.current?.redraw(false, false);
  }, [p.mark, p.current]);

  return <div class="plot" ref={box} data-testid={p.testid ?? 'plot'} />;
}
