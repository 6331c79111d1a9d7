/**
 * One job: its fields, `failure` with the diagnostics placed in the program
 * text, the probabilities as a bar chart (bitstrings q[0] leftmost, sorted by
 * state or by probability), the histogram for shot jobs, the compiled
 * circuits, cost, and cancel / move / delete. Refreshes while it runs.
 */
import { api, backends, TERMINAL, type DebiasingVariant, type Job, type JobDiagnostic } from '../api.js';
import { barsOf } from '../bits.js';
import { badge, fill, h, labelled, select } from '../dom.js';
import { preflight } from '../preflight/client.js';
import { session } from '../session.js';
import { duration, jobTimes, timestamp } from '../time.js';

const REFRESH_MS = 1000;

export function jobPage(root: HTMLElement, id: string): () => void {
  let timer: number | undefined;
  let closed = false;
  const message = h('p', { role: 'status', class: 'action-status', 'aria-live': 'polite' });

  const load = async () => {
    window.clearTimeout(timer);
    let job: Job;
    try {
      job = await api<Job>('GET', `/v0.4/jobs/${encodeURIComponent(id)}`);
    } catch (error) {
      fill(
        root,
        h('h1', {}, 'Job'),
        h('p', { class: 'error', role: 'alert' }, error instanceof Error ? error.message : String(error)),
        h('p', {}, h('a', { href: '#/jobs' }, 'All jobs')),
      );
      return;
    }
    if (closed) return;
    render(job);
    if (!TERMINAL.has(job.status)) timer = window.setTimeout(() => void load(), REFRESH_MS);
  };

  const act = async (label: string, run: () => Promise<void>) => {
    message.textContent = `${label}…`;
    try {
      await run();
      message.textContent = `${label}: done`;
    } catch (error) {
      message.textContent = `${label}: ${error instanceof Error ? error.message : String(error)}`;
    }
  };

  const actions = (job: Job) => {
    const cancel = h('button', { type: 'button', disabled: TERMINAL.has(job.status) }, 'Cancel job');
    cancel.addEventListener(
      'click',
      () =>
        void act('Cancel', async () => {
          await api('PUT', `/v0.4/jobs/${id}/status/cancel`);
          await load();
        }),
    );
    // Moving to the job's own backend changes nothing: offer the others, the first of them selected.
    const moveTo = select('move-backend', [], '');
    backends()
      .then((list) => {
        const others = list.filter((b) => b.status !== 'retired' && b.backend !== job.backend);
        fill(moveTo, ...others.map((b) => h('option', { value: b.backend }, b.backend)));
        moveTo.value = others[0]?.backend ?? '';
      })
      .catch(() => undefined);
    const move = h('button', { type: 'button', disabled: TERMINAL.has(job.status) }, 'Move');
    move.addEventListener(
      'click',
      () =>
        void act('Move', async () => {
          const moved = await api<{ id: string }>('POST', `/v0.4/jobs/${id}/move`, { backend: moveTo.value });
          const source = session.jobSource(id);
          if (source) session.setJobSource(moved.id, source);
          location.hash = `#/jobs/${moved.id}`;
        }),
    );
    const remove = h('button', { type: 'button', class: 'danger' }, 'Delete job');
    const confirmRemove = h('button', { type: 'button', class: 'danger', hidden: true }, 'Yes, delete it for good');
    remove.addEventListener('click', () => {
      confirmRemove.hidden = false;
      confirmRemove.focus();
    });
    confirmRemove.addEventListener(
      'click',
      () =>
        void act('Delete', async () => {
          await api('DELETE', `/v0.4/jobs/${id}`);
          location.hash = '#/jobs';
        }),
    );
    return h(
      'div',
      { class: 'actions', role: 'group', 'aria-label': 'Job actions' },
      cancel,
      labelled('Move to', moveTo),
      move,
      remove,
      confirmRemove,
      message,
    );
  };

  /** The program as submitted: from this tab when submitted here, else the service's /input extension route. */
  let submitted: Promise<string | null> | null = null;
  const programText = (): Promise<string | null> => {
    submitted ??= (async () => {
      const kept = session.jobSource(id);
      if (kept !== null) return kept;
      const input = await api<{ data?: unknown }>('GET', `/v0.4/jobs/${encodeURIComponent(id)}/input`).catch(
        () => null,
      );
      if (input === null) return null;
      return typeof input.data === 'string' ? input.data : JSON.stringify(input, null, 2);
    })();
    return submitted;
  };

  const render = (job: Job) => {
    const source = job.input?.data ?? session.jobSource(id);
    const field = (term: string, value: unknown) =>
      value === undefined || value === null || value === ''
        ? null
        : // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a job's fields are strings and numbers (metadata too, as the service writes it)
          [h('dt', {}, term), h('dd', {}, String(value))];
    const timeField = (term: string, iso: string | null | undefined) =>
      iso ? [h('dt', {}, term), h('dd', {}, timestamp(iso))] : null;
    const counts = job.stats?.gate_counts;
    const fields = [
      field('id', job.id),
      field('name', job.name),
      [h('dt', {}, 'status'), h('dd', { class: 'job-status' }, badge(job.status))],
      field('backend', job.backend),
      field('type', job.type),
      field('dry run', job.dry_run ? 'yes' : 'no'),
      field('shots', job.shots),
      field('noise model', job.noise?.model),
      field('qubits', job.stats?.qubits),
      field('gates (1q / 2q)', counts ? `${counts['1q']} / ${counts['2q']}` : null),
      timeField('submitted', job.submitted_at),
      timeField('started', job.started_at),
      timeField('completed', job.completed_at),
      field('times', jobTimes(job)),
      field(
        'execution',
        job.execution_duration_ms === null || job.execution_duration_ms === undefined
          ? null
          : duration(job.execution_duration_ms),
      ),
      field('moved from', job.metadata?.original_job_id),
    ]
      .flat()
      .filter((x): x is HTMLElement => x !== null);
    const cost = h('dd', { class: 'cost' }, '…');
    const results = h('section', { class: 'results', 'aria-labelledby': 'results-heading' });
    const compiled = h('section', { class: 'compiled', 'aria-labelledby': 'compiled-heading' });
    const programBox = h('pre', { class: 'program-source' }, '…');
    const program = h(
      'section',
      { class: 'program', 'aria-labelledby': 'program-heading' },
      h('h2', { id: 'program-heading' }, 'Program as submitted'),
      programBox,
    );
    void programText().then((text) => (programBox.textContent = text ?? 'Not available.'));
    fill(
      root,
      h('h1', {}, 'Job ', h('span', { class: 'job-title' }, job.name || job.id)),
      h('p', {}, h('a', { href: '#/jobs' }, '← All jobs')),
      actions(job),
      h('dl', { class: 'fields' }, ...fields, h('dt', {}, 'cost'), cost),
      job.failure ? failure(job, source) : null,
      results,
      compiled,
      program,
    );
    api<{ estimated_cost?: { value: number }; cost?: { value: number } | null }>('GET', `/v0.4/jobs/${id}/cost`)
      .then(
        (c) =>
          (cost.textContent = c.cost
            ? `$${c.cost.value.toFixed(2)}`
            : c.estimated_cost
              ? `estimated $${c.estimated_cost.value.toFixed(2)}`
              : 'n/a'),
      )
      .catch(() => (cost.textContent = 'n/a'));
    if (job.status === 'completed' && !job.dry_run) void showResults(job, results);
    void showCompiled(job, compiled);
  };

  void load();
  return () => {
    closed = true;
    window.clearTimeout(timer);
  };
}

function failure(job: Job, source: string | null): HTMLElement {
  const diagnostics = job.output?.compilation?.diagnostics ?? [];
  return h(
    'section',
    { class: 'failure', role: 'alert', 'aria-labelledby': 'failure-heading' },
    h('h2', { id: 'failure-heading' }, 'Failure'),
    h(
      'p',
      {},
      h('strong', { class: 'failure-code' }, job.failure?.code ?? ''),
      ' ',
      h('span', { class: 'failure-message' }, job.failure?.message ?? ''),
    ),
    source !== null && diagnostics.some((d) => d.span)
      ? annotated(source, diagnostics)
      : h(
          'ul',
          {},
          ...diagnostics.map((d) =>
            h('li', {}, d.span ? `line ${d.span.start.line}:${d.span.start.column} ` : '', d.message),
          ),
        ),
  );
}

/** The program with each diagnostic's span marked and its message under the line where it starts. */
function annotated(source: string, diagnostics: readonly JobDiagnostic[]): HTMLElement {
  const lines = source.split('\n');
  const starts: number[] = [];
  lines.reduce((offset, line) => (starts.push(offset), offset + line.length + 1), 0);
  const rows: HTMLElement[] = [];
  lines.forEach((text, index) => {
    const lineStart = starts[index] as number;
    const lineEnd = lineStart + text.length;
    const here = diagnostics.filter(
      (d) =>
        d.span &&
        d.span.start.offset <= lineEnd &&
        d.span.end.offset >= lineStart &&
        d.span.start.line <= index + 1 &&
        d.span.end.line >= index + 1,
    );
    const cuts = new Set<number>([0, text.length]);
    for (const d of here) {
      cuts.add(Math.max(0, (d.span?.start.offset ?? 0) - lineStart));
      cuts.add(Math.min(text.length, (d.span?.end.offset ?? 0) - lineStart));
    }
    const points = [...cuts].sort((a, b) => a - b);
    const pieces: (Node | string)[] = [];
    for (let i = 0; i + 1 < points.length; i++) {
      const [from, to] = [points[i] as number, points[i + 1] as number];
      const marked = here.some(
        (d) => (d.span?.start.offset ?? 0) - lineStart <= from && (d.span?.end.offset ?? 0) - lineStart >= to,
      );
      const piece = text.slice(from, to);
      pieces.push(marked ? h('mark', {}, piece) : piece);
    }
    rows.push(
      h(
        'div',
        { class: 'code-line' },
        h('span', { class: 'line-number', 'aria-hidden': 'true' }, String(index + 1)),
        h('code', {}, ...pieces),
      ),
    );
    for (const d of here.filter((d) => d.span?.start.line === index + 1)) {
      rows.push(
        h(
          'div',
          { class: 'code-note' },
          `${d.span?.start.line}:${d.span?.start.column} ${d.message}`,
          d.hint ? h('span', { class: 'diagnostic-hint' }, ` hint: ${d.hint}`) : null,
        ),
      );
    }
  });
  return h(
    'div',
    { class: 'annotated-source', tabindex: 0, role: 'region', 'aria-label': 'Program with its problems marked' },
    ...rows,
  );
}

/** A debiased job's variants: each one's qubit map (program qubit -> physical qubit) and shots. */
function variantsTable(variants: readonly DebiasingVariant[]): HTMLElement {
  return h(
    'table',
    { class: 'variants' },
    h('caption', {}, `Debiasing: ${variants.length} variants`),
    h(
      'thead',
      {},
      h('tr', {}, h('th', {}, 'variant'), h('th', {}, 'qubit map (q[i] -> physical)'), h('th', {}, 'shots')),
    ),
    h(
      'tbody',
      {},
      ...variants.map((v, i) =>
        h('tr', {}, h('td', {}, String(i + 1)), h('td', {}, v.qubit_map.join(', ')), h('td', {}, String(v.shots))),
      ),
    ),
  );
}

async function showResults(job: Job, box: HTMLElement): Promise<void> {
  const sortToggle = h('input', { type: 'checkbox', name: 'sort-by-probability' });
  const sharpenToggle = h('input', { type: 'checkbox', name: 'sharpen' });
  const chartBox = h('div', { class: 'chart probabilities-chart' });
  const histogramBox = h('div', { class: 'chart histogram-chart' });
  const variants = job.output?.error_mitigation?.debiasing?.variants ?? [];
  fill(
    box,
    h('h2', { id: 'results-heading' }, 'Results'),
    labelled('Sort by probability', sortToggle),
    ...(variants.length ? [labelled('Sharpened (plurality voting) instead of averaged', sharpenToggle)] : []),
    chartBox,
    histogramBox,
    ...(variants.length ? [variantsTable(variants)] : []),
  );
  const { barChart } = await import('../charts.js');
  let probabilities: Record<string, unknown>;
  const load = async () => {
    const query = sharpenToggle.checked ? '?sharpen=true' : '';
    probabilities = await api<Record<string, unknown>>('GET', `/v0.4/jobs/${job.id}/results/probabilities${query}`);
  };
  try {
    await load();
  } catch (error) {
    fill(chartBox, h('p', { class: 'error' }, error instanceof Error ? error.message : String(error)));
    return;
  }
  // A multicircuit job's results are keyed by child id: its charts are titled by the circuits' names.
  const names = new Map<string, string>();
  if (job.child_job_ids?.length) {
    const children = await api<{ jobs: Job[] }>(
      'GET',
      `/v0.4/jobs?parent_job_id=${encodeURIComponent(job.id)}&limit=100`,
    ).catch(() => ({ jobs: [] as Job[] }));
    for (const child of children.jobs) if (child.name) names.set(child.id, child.name);
  }
  const draw = async () => {
    const byValue = sortToggle.checked;
    const maps = Object.values(probabilities).every((v) => typeof v === 'number')
      ? { '': probabilities as Record<string, number> }
      : (probabilities as Record<string, Record<string, number>>);
    const charts = await Promise.all(
      Object.entries(maps).map(([child, map]) =>
        barChart(barsOf(map, job.stats?.qubits, byValue), {
          title: `${child ? `Probabilities of circuit ${names.get(child) ?? child}` : 'Probabilities'}${sharpenToggle.checked ? ' (sharpened)' : ''}`,
          y: 'probability',
          percent: true,
          width: chartBox.clientWidth,
        }),
      ),
    );
    fill(chartBox, ...charts);
  };
  sortToggle.addEventListener('change', () => void draw());
  sharpenToggle.addEventListener('change', () => void load().then(draw));
  await draw();
  if (job.results && 'histogram' in job.results) {
    const histogram = await api<Record<string, number>>('GET', `/v0.4/jobs/${job.id}/results/histogram`).catch(
      () => null,
    );
    if (histogram && Object.values(histogram).every((v) => typeof v === 'number')) {
      fill(
        histogramBox,
        await barChart(barsOf(histogram, job.stats?.qubits, false), {
          title: `Histogram (${job.shots ?? ''} shots)`,
          y: 'count',
          percent: false,
          width: histogramBox.clientWidth,
        }),
      );
    }
  }
}

async function showCompiled(job: Job, box: HTMLElement): Promise<void> {
  const artifacts = job.output?.compilation?.compiled_circuits;
  if (!artifacts) return;
  const nativeArtifact = Object.entries(artifacts).find(([format]) => format.endsWith('.native.v1'))?.[1];
  const qasmArtifact = Object.entries(artifacts).find(([format]) => format.endsWith('.qasm3.v1'))?.[1];
  const drawing = h('div', {
    class: 'circuit-scroll',
    tabindex: 0,
    role: 'region',
    'aria-label': `Compiled circuit for ${job.backend}`,
  });
  const text = h('pre', { class: 'native-qasm' });
  fill(
    box,
    h('h2', { id: 'compiled-heading' }, `Compiled for ${job.backend}`),
    drawing,
    h('details', {}, h('summary', {}, 'As OpenQASM 3'), text),
  );
  if (qasmArtifact)
    text.textContent = await api<string>('GET', `/v0.4/jobs/${job.id}/artifacts/${qasmArtifact.id}`).catch(() => '');
  if (nativeArtifact) {
    const native = await api<{ qubits: number; circuit: unknown[] }>(
      'GET',
      `/v0.4/jobs/${job.id}/artifacts/${nativeArtifact.id}`,
    ).catch(() => null);
    if (native) {
      const drawn = await preflight().draw(
        { format: 'svc.circuit.v0', gateset: 'native', qubits: native.qubits, circuit: native.circuit as never },
        job.backend,
        false,
      );
      if (drawn.svg) drawing.innerHTML = drawn.svg;
    }
  }
}
