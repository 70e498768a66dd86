// The report's engine without the CLI: verdict boundaries, bounce classes,
// distinct clicks, and the terminal chart.
import { describe, expect, it } from 'vitest';
import { barsThatFit, renderBarChart } from '../../src/output/chart.js';
import { Aggregator } from '../../src/report/aggregate.js';
import { bounceKind, reaches, verdictOf } from '../../src/report/thresholds.js';
import { mergeRows } from '../../src/report/aggregate.js';

const plain = { warning: (s: string) => s, critical: (s: string) => s, dim: (s: string) => s };

describe('verdicts', () => {
  it.each([
    ['bounce', 1.99, 'healthy'], ['bounce', 2, 'warning'], ['bounce', 5, 'warning'], ['bounce', 5.01, 'critical'],
    ['complaint', 0.099, 'healthy'], ['complaint', 0.1, 'warning'], ['complaint', 0.3, 'warning'], ['complaint', 0.31, 'critical'],
    ['open', 15.1, 'healthy'], ['open', 15, 'warning'], ['open', 10, 'warning'], ['open', 9.9, 'critical'],
    ['click', 2.1, 'healthy'], ['click', 2, 'warning'], ['click', 1, 'warning'], ['click', 0.9, 'critical'],
  ] as const)('%s at %f%% is %s', (signal, rate, verdict) => {
    expect(verdictOf(signal, rate)).toBe(verdict);
  });

  it('no rate, no verdict, never failing a gate', () => {
    expect(verdictOf('bounce', null)).toBeNull();
    expect(reaches(null, 'warning')).toBe(false);
    expect(reaches('critical', 'warning')).toBe(true);
    expect(reaches('warning', 'critical')).toBe(false);
  });

  it('bounce classes follow the vendor table', () => {
    expect([10, 30, 100].map(bounceKind)).toEqual(['hard', 'hard', 'hard']);
    expect([20, 21, 22, 25, 40, 50, 51, 52, 70].map(bounceKind)).toEqual(Array(9).fill('soft'));
    expect([1, 60, 90, undefined].map(bounceKind)).toEqual(['other', 'other', 'other', 'other']);
  });
});

describe('Aggregator', () => {
  const w = { fromMs: Date.parse('2026-11-01T00:00:00Z'), toMs: Date.parse('2026-11-02T23:59:59.999Z') };
  it('counts a click per email once, in the totals and per row, and drops events outside the window', () => {
    const a = new Aggregator('day', w);
    const at = (d: string) => Date.parse(d);
    a.add({ ms: at('2026-11-01T10:00:00Z'), type: 'delivery', emailKey: 'a' });
    a.add({ ms: at('2026-11-01T10:01:00Z'), type: 'click', emailKey: 'a' });
    a.add({ ms: at('2026-11-01T10:02:00Z'), type: 'click', emailKey: 'a' });
    a.add({ ms: at('2026-11-02T10:02:00Z'), type: 'click', emailKey: 'a' });
    expect(a.add({ ms: at('2026-11-03T00:00:00Z'), type: 'click', emailKey: 'b' })).toBe(false);
    const r = a.result();
    expect(r.totals.clicks).toBe(1);
    expect(r.rows.map((x) => [x.key, x.clicks])).toEqual([['2026-11-01', 1], ['2026-11-02', 1]]);
    expect(r.totals.click_rate).toBe(100);
  });
});

describe('terminal bar chart', () => {
  it('draws one column per value with block characters, threshold lines labelled in words', () => {
    const text = renderBarChart(
      { title: 'Bounce rate', values: [1, 3, 6, null], format: (v) => `${v}%`, lines: [{ value: 5, label: 'critical 5%', tone: 'critical' }, { value: 2, label: 'warning 2%', tone: 'warning' }], xLabels: ['a', 'd'] },
      { width: 80, height: 6, paint: plain },
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe('Bounce rate');
    expect(text).toMatch(/┈ critical 5%/);
    expect(text).toMatch(/┈ warning 2%/);
    expect(text).toMatch(/[▁▂▃▄▅▆▇█]/);
    // 6 rows of plot, the axis and the x labels
    expect(lines.filter((l) => /[┤│]/.test(l))).toHaveLength(6);
    expect(text).not.toMatch(/\x1b\[/);
  });

  it('never draws wider than the terminal', () => {
    for (const width of [40, 80, 132]) {
      const values = Array.from({ length: barsThatFit(width) }, (_, i) => i);
      const text = renderBarChart({ title: 't', values, format: String, xLabels: ['x', 'y'] }, { width, paint: plain });
      for (const line of text.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(width);
    }
  });

  it('merges time rows so a long window fits', () => {
    const rows = Array.from({ length: 90 }, (_, i) => ({ key: `d${i}`, injections: 1, events: 1 }) as never);
    const groups = mergeRows(rows, 40);
    expect(groups.length).toBeLessThanOrEqual(40);
    expect(groups.reduce((n, g) => n + g.counts.injections, 0)).toBe(90);
  });
});

describe('the terminal report', () => {
  it('shows verdict words without colour, the charts with thresholds, then the table', async () => {
    const { buildDocument } = await import('../../src/report/document.js');
    const { renderTerminal } = await import('../../src/report/terminal.js');
    const w = { fromMs: Date.parse('2026-11-01T00:00:00Z'), toMs: Date.parse('2026-11-03T23:59:59.999Z') };
    const a = new Aggregator('day', w);
    for (let i = 0; i < 100; i++) {
      const ms = w.fromMs + i * 2_000_000;
      a.add({ ms, type: 'injection', emailKey: `${i}` });
      a.add({ ms, type: i % 25 === 0 ? 'bounce' : 'delivery', emailKey: `${i}`, bounceClass: 10 });
    }
    const doc = buildDocument({ aggregate: a.result(), window: w, source: { kind: 'api' }, by: 'day', judged: ['bounce', 'complaint'], failOn: 'warning' });
    const text = renderTerminal(doc, { format: 'table', isTTY: true, columns: 80, color: false, now: () => 0, write: async () => {} });
    expect(text).not.toMatch(/\x1b\[/);
    expect(text).toMatch(/bounce rate\s+4\.00%\s+warning/);
    expect(text).toMatch(/complaint rate\s+0\.00%\s+healthy/);
    expect(text).toMatch(/open rate .*not judged/);
    expect(text).toMatch(/--fail-on warning: bounce rate is warning/);
    expect(text).toMatch(/Volume \(injections per day\)/);
    expect(text).toMatch(/┈ critical 5%/);
    expect(text).toMatch(/2026-11-01\s+\d+/);
    for (const line of text.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
  });
});
