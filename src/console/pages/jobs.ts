/**
 * The jobs list: the project's jobs, newest first, a page at a time with the
 * API's cursor, filters by status and backend (and by session, from the
 * sessions page's links), and badges that refresh while any listed job is
 * still running.
 */
import { api, ApiError, backends, TERMINAL, type Job } from '../api.js';
import { session } from '../session.js';
import { timestamp } from '../time.js';
import { badge, fill, h, labelled, select } from '../dom.js';

const STATUSES = ['', 'submitted', 'ready', 'started', 'completed', 'failed', 'canceled'];
const PAGE_SIZE = 25;
const REFRESH_MS = 1000;

export function jobsPage(root: HTMLElement, query: URLSearchParams): () => void {
  const status = select(
    'status',
    STATUSES.map((value) => ({ value, label: value || 'any' })),
    query.get('status') ?? '',
  );
  const backend = select('backend', [{ value: '', label: 'any' }], query.get('backend') ?? '');
  const sessionId = query.get('session_id') ?? '';
  const body = h('tbody');
  const pageLabel = h('span', { class: 'page-label', 'aria-live': 'polite' });
  const newer = h('button', { type: 'button' }, '← Newer');
  const older = h('button', { type: 'button' }, 'Older →');
  newer.disabled = true;
  older.disabled = true;
  const message = h('p', { role: 'status', class: 'error' });
  /** Cursors of the pages seen so far: cursors[i] fetches page i (page 0 has none). */
  const cursors: (string | undefined)[] = [undefined];
  let page = 0;
  let next: string | undefined;
  let timer: number | undefined;

  const url = () => {
    const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
    const cursor = cursors[page];
    if (cursor) params.set('next', cursor);
    if (status.value) params.set('status', status.value);
    if (backend.value) params.set('backend', backend.value);
    if (sessionId) params.set('session_id', sessionId);
    return `/v0.4/jobs?${params}`;
  };

  const load = async () => {
    window.clearTimeout(timer);
    try {
      const list = await api<{ jobs: Job[]; next?: string }>('GET', url());
      message.textContent = '';
      next = list.next;
      fill(body, ...rows(list.jobs));
      if (list.jobs.length === 0) fill(body, h('tr', {}, h('td', { colspan: 5 }, 'No jobs.')));
      pageLabel.textContent = `Page ${page + 1}`;
      newer.disabled = page === 0;
      older.disabled = next === undefined;
      if (list.jobs.some((j) => !TERMINAL.has(j.status))) timer = window.setTimeout(() => void load(), REFRESH_MS);
    } catch (error) {
      // Nothing listed: nothing to page through, and no stale rows under the message.
      fill(body);
      pageLabel.textContent = '';
      newer.disabled = true;
      older.disabled = true;
      if (error instanceof ApiError && error.status === 401) {
        message.textContent = session.apiKey()
          ? 'The service refused this API key: enter a valid key in the API key field above.'
          : 'Enter your API key in the API key field above to see your jobs.';
        document.getElementById('api-key')?.focus();
      } else message.textContent = error instanceof Error ? error.message : String(error);
    }
  };

  const refilter = () => {
    cursors.length = 1;
    page = 0;
    history.replaceState(
      null,
      '',
      `#/jobs?${new URLSearchParams({ ...(status.value ? { status: status.value } : {}), ...(backend.value ? { backend: backend.value } : {}), ...(sessionId ? { session_id: sessionId } : {}) })}`,
    );
    void load();
  };
  status.addEventListener('change', refilter);
  backend.addEventListener('change', refilter);
  older.addEventListener('click', () => {
    if (next === undefined) return;
    cursors[page + 1] = next;
    page++;
    void load();
  });
  newer.addEventListener('click', () => {
    if (page === 0) return;
    page--;
    void load();
  });
  backends()
    .then((list) => {
      const chosen = backend.value;
      backend.append(...list.map((b) => h('option', { value: b.backend }, b.backend)));
      backend.value = chosen;
    })
    .catch(() => undefined);

  fill(
    root,
    h('h1', {}, 'Jobs'),
    ...(sessionId
      ? [h('p', { class: 'filter' }, `Jobs of session ${sessionId} · `, h('a', { href: '#/jobs' }, 'all jobs'))]
      : []),
    h('div', { class: 'toolbar' }, labelled('Status', status), labelled('Backend', backend)),
    message,
    h(
      'table',
      { class: 'jobs' },
      h('caption', {}, sessionId ? `Jobs of session ${sessionId}, newest first` : 'Jobs of your project, newest first'),
      h(
        'thead',
        {},
        h('tr', {}, ...['Job', 'Status', 'Backend', 'Type', 'Submitted'].map((t) => h('th', { scope: 'col' }, t))),
      ),
      body,
    ),
    h('nav', { class: 'pager', 'aria-label': 'Pages' }, newer, pageLabel, older),
  );
  void load();
  return () => window.clearTimeout(timer);
}

/** Rows newest first, each multicircuit child under its parent (when both are on the page), named by its circuit. */
function rows(jobs: readonly Job[]): HTMLTableRowElement[] {
  const listed = new Map(jobs.map((job) => [job.id, job]));
  const out: HTMLTableRowElement[] = [];
  for (const job of jobs) {
    if (job.parent_job_id && listed.has(job.parent_job_id)) continue;
    out.push(row(job));
    for (const childId of job.child_job_ids ?? []) {
      const child = listed.get(childId);
      if (child) out.push(row(child));
    }
  }
  return out;
}

function row(job: Job): HTMLTableRowElement {
  const child = job.parent_job_id
    ? h(
        'span',
        {},
        `circuit ${job.name ?? ''} of `,
        h('a', { href: `#/jobs/${job.parent_job_id}` }, 'its job'),
        ' · ',
        h('a', { href: `#/jobs/${job.id}` }, 'open'),
      )
    : null;
  return h(
    'tr',
    { 'data-job': job.id, ...(job.parent_job_id ? { class: 'child-job', 'data-parent': job.parent_job_id } : {}) },
    h('td', {}, child ?? h('a', { href: `#/jobs/${job.id}` }, job.name || job.id)),
    h('td', {}, badge(job.status)),
    h('td', {}, job.backend),
    h('td', {}, job.type),
    h('td', {}, timestamp(job.submitted_at)),
  );
}
