/**
 * Takings and refunds by period as a chart (uPlot, ADR 067): its own chunk, loaded by the
 * reports page only, after the table. Decorative for screen readers — the table beside
 * it holds the same figures — so the canvas is hidden from them and the figure says so.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { SalesRow } from '../../../domain/api/admin-reports.ts';
import { formatPence, type Pence } from '../../../domain/money.ts';

const HEIGHT = 260;

export function TakingsChart({ rows }: { rows: readonly SalesRow[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const labels = rows.map((row) => row.period);
    const plot = new uPlot(
      {
        width: Math.max(320, element.clientWidth),
        height: HEIGHT,
        scales: { x: { time: false } },
        axes: [
          {
            values: (_u, ticks) => ticks.map((tick) => labels[Math.round(tick)] ?? ''),
            space: 80,
          },
          {
            values: (_u, ticks) => ticks.map((tick) => formatPence((tick * 100) as Pence)),
            size: 80,
          },
        ],
        series: [
          {},
          {
            label: 'Takings',
            stroke: '#2f6f4e',
            width: 2,
            fill: 'rgba(47, 111, 78, 0.12)',
            value: (_u, v) => (v === null ? '' : formatPence((v * 100) as Pence)),
          },
          {
            label: 'Refunds',
            stroke: '#a33a3a',
            width: 2,
            dash: [6, 4],
            value: (_u, v) => (v === null ? '' : formatPence((v * 100) as Pence)),
          },
        ],
      },
      [
        rows.map((_row, index) => index),
        rows.map((row) => row.takings / 100),
        rows.map((row) => row.refunds / 100),
      ],
      element,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(320, element.clientWidth), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [rows]);

  return (
    <figure className="reports-chart">
      <div ref={box} aria-hidden="true" />
      <figcaption>
        Takings (solid) and refunds (dashed) by period. The table below has the same figures.
      </figcaption>
    </figure>
  );
}
