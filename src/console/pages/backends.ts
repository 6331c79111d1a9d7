/** Backends: status and qubits of each; a backend's page charts its characterization history (fidelities, SPAM, T1/T2). */
import { api, backends, type Backend, type Characterization, type QubitView } from '../api.js';
import { badge, fill, h } from '../dom.js';
import { timestamp } from '../time.js';

/** The service keeps 30 days of history, 10 records a page; a bound in case it keeps more. */
const MAX_PAGES = 10;

export function backendsPage(root: HTMLElement): void {
  const body = h('tbody');
  fill(
    root,
    h('h1', {}, 'Backends'),
    h(
      'table',
      { class: 'backends' },
      h('caption', {}, 'Backends of this service'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...['Backend', 'Status', 'Qubits', 'Queue (ms)', 'Updated'].map((t) => h('th', { scope: 'col' }, t)),
        ),
      ),
      body,
    ),
  );
  backends()
    .then((list) =>
      fill(
        body,
        ...list.map((b) =>
          h(
            'tr',
            { 'data-backend': b.backend },
            h('td', {}, h('a', { href: `#/backends/${encodeURIComponent(b.backend)}` }, b.backend)),
            h('td', {}, badge(b.status), b.degraded ? ' (degraded)' : ''),
            h('td', {}, String(b.qubits)),
            h('td', {}, String(b.average_queue_time ?? '')),
            h('td', {}, timestamp(b.last_updated)),
          ),
        ),
      ),
    )
    .catch((error: unknown) =>
      fill(
        body,
        h('tr', {}, h('td', { colspan: 5, class: 'error' }, error instanceof Error ? error.message : String(error))),
      ),
    );
}

async function history(name: string): Promise<Characterization[]> {
  const records: Characterization[] = [];
  for (let page = 1, pages = 1; page <= pages && page <= MAX_PAGES; page++) {
    const answer = await api<{ characterizations: Characterization[]; pages: number }>(
      'GET',
      `/v0.4/backends/${encodeURIComponent(name)}/characterizations?limit=10&page=${page}`,
    );
    records.push(...answer.characterizations);
    pages = answer.pages;
  }
  return records.sort((a, b) => a.date.localeCompare(b.date));
}

export function backendPage(root: HTMLElement, name: string): void {
  const charts = h('div', { class: 'charts', 'aria-live': 'polite' }, 'Loading the characterization history…');
  const summary = h('dl', { class: 'fields' });
  fill(
    root,
    h('h1', {}, name),
    h('p', {}, h('a', { href: '#/backends' }, '← All backends')),
    summary,
    h('h2', {}, 'Characterization, last 30 days'),
    charts,
  );
  api<Backend>('GET', `/v0.4/backends/${encodeURIComponent(name)}`)
    .then((b) =>
      fill(
        summary,
        h('dt', {}, 'status'),
        h('dd', {}, badge(b.status)),
        h('dt', {}, 'qubits'),
        h('dd', {}, String(b.qubits)),
        h('dt', {}, 'native gates'),
        h('dd', {}, (b.supported_native_gates ?? []).join(', ')),
      ),
    )
    .catch(() => undefined);
  history(name)
    .then(async (records) => {
      if (records.length === 0) return fill(charts, h('p', {}, 'This backend publishes no characterizations.'));
      const { lineChart } = await import('../charts.js');
      const series = (pick: (c: Characterization) => number | undefined, label: string) =>
        records.flatMap((c) => {
          const value = pick(c);
          return value === undefined ? [] : [{ date: new Date(c.date), value, series: label }];
        });
      const fidelity = [
        ...series((c) => c.fidelity['1q']?.median ?? c.fidelity['1q']?.mean, '1q gate'),
        ...series((c) => c.fidelity['2q']?.median ?? c.fidelity['2q']?.mean, '2q gate'),
        ...series((c) => c.fidelity.spam?.median ?? c.fidelity.spam?.mean, 'SPAM'),
      ];
      const coherence = [...series((c) => c.timing.t1, 'T1'), ...series((c) => c.timing.t2, 'T2')];
      const newest = records[records.length - 1] as Characterization;
      // Extension route: the newest day's device, qubit by qubit.
      const device = await api<{ qubits: QubitView[] }>(
        'GET',
        `/v0.4/backends/${encodeURIComponent(name)}/characterizations/${newest.id}/qubits`,
      ).catch(() => null);
      const { barChart } = await import('../charts.js');
      const perQubit = async (pick: (q: QubitView) => number, title: string) =>
        h(
          'figure',
          { class: 'chart qubit-chart' },
          await barChart(
            (device?.qubits ?? []).map((q) => ({ state: `q${q.qubit}`, value: Number(pick(q).toPrecision(3)) })),
            { title, y: 'error', percent: false },
          ),
        );
      const qubitCharts = device
        ? [
            h('h2', {}, `Qubit by qubit, ${newest.date.slice(0, 10)}`),
            await perQubit((q) => q.readoutError, 'Readout error per physical qubit'),
            await perQubit((q) => q.oneQubitError, 'One-qubit gate error per physical qubit'),
          ]
        : [];
      fill(
        charts,
        h(
          'figure',
          { class: 'chart fidelity-chart' },
          await lineChart(fidelity, { title: 'Fidelity (median)', y: 'fidelity' }),
        ),
        h(
          'figure',
          { class: 'chart coherence-chart' },
          await lineChart(coherence, { title: 'Coherence times', y: 'seconds (log scale)', log: true }),
        ),
        ...qubitCharts,
      );
    })
    .catch((error: unknown) =>
      fill(charts, h('p', { class: 'error' }, error instanceof Error ? error.message : String(error))),
    );
}
