/**
 * A bar chart drawn by uPlot (small, canvas): one bar per label, its colours read from the
 * theme's variables so it follows light and dark. The canvas is a picture for sighted users
 * (role="img" with a one-line summary); the figures themselves are in the SeriesTable beside
 * it. Only the dashboard island imports this, so uPlot loads on that page alone.
 */
import type uPlot from "uplot";
import { useEffect, useRef } from "preact/hooks";

type UPlot = typeof uPlot;

/**
 * uPlot is loaded when a chart first draws, not with the page's modules: the server renders
 * the island without it (uPlot reads browser globals as it loads), and the browser fetches
 * it as its own chunk, on the dashboard alone.
 */
let library: Promise<UPlot> | undefined;
function loadUPlot(): Promise<UPlot> {
  library ??= import("uplot").then((module) => module.default);
  return library;
}

export interface BarChartProps {
  labels: string[];
  values: number[];
  /** What the picture shows, for screen readers. */
  summary: string;
  height?: number;
  /** Show every n-th label on the axis (dense hourly or daily series). */
  labelEvery?: number;
}

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "#888";
}

/** Roughly how wide one character of the axis font is, to keep labels from overlapping. */
const CHAR_PX = 7;
const Y_AXIS_PX = 40;

/**
 * The axis labels that fit `width`: long names are cut with "…"; when even short ones
 * cannot all fit (days of a long period on a phone), only every n-th is written.
 */
function fitLabels(labels: string[], width: number, every: number) {
  const slot = (width - Y_AXIS_PX) / Math.max(labels.length, 1);
  const chars = Math.floor((slot * every - 8) / CHAR_PX);
  if (chars >= 5) {
    const cut = labels.map((label) =>
      label.length > chars ? label.slice(0, chars - 1) + "…" : label
    );
    return { labels: cut, every };
  }
  const longest = Math.max(...labels.map((label) => label.length), 1);
  return { labels, every: Math.max(every, Math.ceil(((longest + 1) * CHAR_PX) / slot)) };
}

function options(uPlot: UPlot, props: BarChartProps, width: number): uPlot.Options {
  const { labels, every: labelEvery } = fitLabels(props.labels, width, props.labelEvery ?? 1);
  const text = cssVar("--color-fg-muted");
  const grid = cssVar("--color-line");
  const bar = cssVar("--color-brand-500");
  const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { show: false } };
  return {
    width,
    height: props.height ?? 220,
    legend: { show: false },
    cursor: { show: false },
    padding: [8, 8, 0, 0],
    scales: {
      x: { time: false, range: [-0.5, Math.max(labels.length, 1) - 0.5] },
      y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
    },
    axes: [
      {
        ...axis,
        grid: { show: false },
        splits: () => labels.map((_, index) => index).filter((i) => i % labelEvery === 0),
        values: (_u, splits) => splits.map((i) => labels[i] ?? ""),
        font: "12px system-ui, sans-serif",
      },
      {
        ...axis,
        size: Y_AXIS_PX,
        font: "12px system-ui, sans-serif",
        // Whole attendances only.
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000],
        values: (_u, splits) => splits.map((v) => String(v)),
      },
    ],
    series: [
      {},
      {
        fill: bar,
        stroke: bar,
        width: 0,
        points: { show: false },
        paths: uPlot.paths.bars!({ size: [0.7, 48], radius: 0.15 }),
      },
    ],
  };
}

export function BarChart(props: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [props.labels.map((_, index) => index), props.values];
    let chart: uPlot | undefined;
    let stopped = false;
    const cleanups: (() => void)[] = [];
    void loadUPlot().then((uPlot) => {
      if (stopped) return;
      const draw = () => {
        chart?.destroy();
        chart = new uPlot(options(uPlot, props, element.clientWidth || 300), data, element);
      };
      draw();
      // Labels are fitted to the width, so a new width draws anew rather than stretching.
      let width = element.clientWidth;
      const resize = new ResizeObserver(() => {
        if (element.clientWidth > 0 && element.clientWidth !== width) {
          width = element.clientWidth;
          draw();
        }
      });
      resize.observe(element);
      // A theme switch changes the variables the colours came from: draw again.
      const theme = new MutationObserver(draw);
      theme.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
      cleanups.push(() => resize.disconnect(), () => theme.disconnect());
    }).catch((err) => {
      // A chart that cannot load or draw (its chunk failed to download, a canvas-less
      // browser) leaves its picture empty; the table beside it still has every figure.
      console.warn("The chart was not drawn:", err);
    });
    return () => {
      stopped = true;
      cleanups.forEach((cleanup) => cleanup());
      chart?.destroy();
    };
  }, [props.labels.join("\u0000"), props.values.join(","), props.height, props.labelEvery]);
  return <div ref={box} role="img" aria-label={props.summary} class="dashboard-chart w-full" />;
}
