/**
 * The project's sessions, newest first (`GET /v0.4/sessions`): backend,
 * status, limits, when each started and ended, and a link to the jobs list
 * filtered to the session's jobs. Filter: active or ended.
 */
import { api, type Session } from '../api.js';
import { badge, fill, h, labelled, select } from '../dom.js';
import { timestamp } from '../time.js';

const ACTIVITY = [
  { value: '', label: 'any' },
  { value: 'true', label: 'active' },
  { value: 'false', label: 'ended' },
];

export function sessionsPage(root: HTMLElement, query: URLSearchParams): void {
  const active = select('active', ACTIVITY, query.get('active') ?? '');
  const body = h('tbody');
  const message = h('p', { role: 'status', class: 'error' });

  const load = async () => {
    try {
      const path = active.value ? `/v0.4/sessions?active=${active.value}` : '/v0.4/sessions';
      const list = await api<{ sessions: Session[] }>('GET', path);
      message.textContent = '';
      fill(body, ...list.sessions.map(row));
      if (list.sessions.length === 0) fill(body, h('tr', {}, h('td', { colspan: 6 }, 'No sessions.')));
    } catch (error) {
      message.textContent = error instanceof Error ? error.message : String(error);
    }
  };
  active.addEventListener('change', () => {
    history.replaceState(null, '', `#/sessions${active.value ? `?active=${active.value}` : ''}`);
    void load();
  });

  fill(
    root,
    h('h1', {}, 'Sessions'),
    h('div', { class: 'toolbar' }, labelled('Show', active)),
    message,
    h(
      'table',
      { class: 'sessions' },
      h('caption', {}, 'Sessions of your project, newest first'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...['Session', 'Status', 'Backend', 'Limits', 'Started', 'Ended'].map((t) => h('th', { scope: 'col' }, t)),
        ),
      ),
      body,
    ),
  );
  void load();
}

function limits(session: Session): string {
  const s = session.settings;
  const parts = [
    s.job_count_limit !== undefined ? `${s.job_count_limit} jobs` : '',
    s.duration_limit_min !== undefined ? `${s.duration_limit_min} min` : '',
    s.cost_limit !== undefined ? `${s.cost_limit.value} ${s.cost_limit.unit}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'none';
}

function row(session: Session): HTMLTableRowElement {
  return h(
    'tr',
    { 'data-session': session.id },
    h('td', {}, h('a', { href: `#/jobs?session_id=${session.id}` }, session.id)),
    h('td', {}, badge(session.status)),
    h('td', {}, session.backend),
    h('td', {}, limits(session)),
    h('td', {}, timestamp(session.started_at)),
    h('td', {}, timestamp(session.ended_at)),
  );
}
