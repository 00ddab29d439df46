import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { vars } from '../../styles/theme.css';
import * as styles from './charts.css';
import type { TimeSeries } from './series';
import { loadUplot } from './uplot';

/** Theme tokens the canvas needs as colours (a canvas cannot read CSS variables itself). */
const PALETTE = [
  vars.color.primary,
  vars.color.accent,
  vars.color.focus,
  vars.color.danger,
  vars.color.textMuted,
];

/** A theme token's value where the chart sits: light or dark, whichever the page shows now. */
function tokenValue(el: Element, token: string): string {
  const name = /var\((--[^),]+)/.exec(token)?.[1];
  return name ? getComputedStyle(el).getPropertyValue(name).trim() : token;
}

const lagosDate = (U: typeof uPlot) => (ts: number) => U.tzDate(new Date(ts * 1000), 'Africa/Lagos');
const dayTick = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  timeZone: 'Africa/Lagos',
});
const timeTick = new Intl.DateTimeFormat('en-NG', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Africa/Lagos',
});
/** x-axis labels in Lagos time: '14 Mar' a day or more apart, '19:45' within a day, both between. */
const timeTicks = (_u: uPlot, ticks: number[]) => {
  const apart = ticks.length > 1 ? (ticks[1] ?? 0) - (ticks[0] ?? 0) : 86_400;
  const across = (ticks.at(-1) ?? 0) - (ticks[0] ?? 0) >= 86_400;
  return ticks.map((t) => {
    const at = new Date(t * 1000);
    if (apart >= 86_400) return dayTick.format(at);
    return across ? `${dayTick.format(at)} ${timeTick.format(at)}` : timeTick.format(at);
  });
};

function options(
  U: typeof uPlot,
  el: HTMLElement,
  chart: TimeSeries,
  format: (n: number) => string,
  axisFormat: (n: number) => string,
  height: number,
): uPlot.Options {
  const text = tokenValue(el, vars.color.textMuted);
  const grid = tokenValue(el, vars.color.border);
  const axis: uPlot.Axis = {
    stroke: text,
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
    font: '12px system-ui, sans-serif',
  };
  return {
    width: Math.max(260, el.clientWidth),
    height,
    tzDate: lagosDate(U),
    cursor: { drag: { x: false, y: false } },
    // The legend names the lines; exact figures are in the table beside each chart.
    legend: { show: true, live: false },
    scales: {
      // A single bucket (or a short run) still gets a readable span around it.
      x: {
        time: true,
        range: (_u, min, max) =>
          max - min < 4 * chart.step ? [min - 2 * chart.step, max + 2 * chart.step] : [min, max],
      },
      y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] },
    },
    axes: [
      {
        ...axis,
        // Ticks on whole buckets (whole days on a daily chart), far enough apart for '26 Nov 16:00'.
        incrs: [1, 2, 3, 4, 6, 8, 12, 24, 48, 96, 168, 336, 720].map((k) => k * chart.step),
        space: chart.step >= 86_400 ? 64 : 100,
        values: timeTicks,
      },
      {
        ...axis,
        size: 56,
        values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? axisFormat(t) : '')),
      },
    ],
    series: [
      { label: 'Time' },
      ...chart.lines.map((line, i) => ({
        label: line.label,
        stroke: tokenValue(el, PALETTE[i % PALETTE.length] ?? vars.color.primary),
        width: 2,
        dash: line.dashed ? [6, 4] : undefined,
        points: { show: true, size: 6 },
        value: (_u: uPlot, v: number | null) => (v == null ? '–' : format(v)),
      })),
    ],
  };
}

/**
 * A line chart over time (uPlot on a canvas, Lagos time on the x axis), in the page's theme (drawn
 * again when the theme changes) and as wide as its box (resized with it, down to a 375 px phone).
 * The canvas is an image to assistive technology, named by `label`: every chart's numbers are also
 * in a table beside it. uPlot is imperative, so the effect owns its instance, and nothing else.
 */
export function TimeChart({
  label,
  chart,
  format,
  axisFormat = format,
  height = 220,
}: {
  label: string;
  chart: TimeSeries;
  /** Legend values; `axisFormat` (default the same) writes the y axis. */
  format: (n: number) => string;
  axisFormat?: (n: number) => string;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | null = null;
    let lib: typeof uPlot | null = null;
    let gone = false;
    const draw = () => {
      if (!lib) return;
      plot?.destroy();
      plot = new lib(
        options(lib, el, chart, format, axisFormat, height),
        [chart.xs, ...chart.lines.map((l) => l.values)],
        el,
      );
    };
    // Already fetched with the figures (the tab's load waits for both), so this resolves at once.
    void loadUplot().then((U) => {
      if (gone) return;
      lib = U;
      draw();
    });
    const resize = new ResizeObserver(() => plot?.setSize({ width: Math.max(260, el.clientWidth), height }));
    resize.observe(el);
    // Dark mode is a class on <body>: the canvas keeps the colours it was drawn with, so draw again.
    const theme = new MutationObserver(draw);
    theme.observe(document.body, { attributes: true, attributeFilter: ['class'] });
    return () => {
      gone = true;
      resize.disconnect();
      theme.disconnect();
      plot?.destroy();
    };
  }, [chart, format, axisFormat, height]);
  return <div ref={box} className={styles.chart} role="img" aria-label={label} />;
}
