/**
 * Times as every page shows them: local time in the browser's locale, the
 * exact UTC value on hover (and in `datetime`); durations in words a person
 * reads at a glance ("queued 1.2 s, ran 0.7 s").
 */
import { h } from './dom.js';

/** A `<time>` of an ISO 8601 instant: local time shown, UTC in its title; '' for none. */
export function timestamp(iso: string | null | undefined): HTMLTimeElement | string {
  if (!iso) return '';
  const date = new Date(iso);
  return h(
    'time',
    { datetime: iso, title: `${date.toISOString().replace('T', ' ').replace('Z', '')} UTC` },
    date.toLocaleString(),
  );
}

/** 840 -> "840 ms", 1234 -> "1.2 s", 95000 -> "1 min 35 s". */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** "queued 1.2 s, ran 0.7 s" from a job's timestamps (what has happened so far). */
export function jobTimes(job: {
  submitted_at?: string | null;
  started_at?: string | null;
  completed_at?: string | null;
}): string {
  const at = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null);
  const submitted = at(job.submitted_at);
  const started = at(job.started_at);
  const completed = at(job.completed_at);
  const parts: string[] = [];
  if (submitted !== null && started !== null) parts.push(`queued ${duration(started - submitted)}`);
  if (started !== null && completed !== null) parts.push(`ran ${duration(completed - started)}`);
  return parts.join(', ');
}
