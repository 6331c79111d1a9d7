/**
 * The web console: a hash router over six pages. Hash routes keep every
 * page one static file (index.html), served at `/` by `qasm3-preflight serve`.
 */
import './style.css';
import { fill, h } from './dom.js';
import { session } from './session.js';
import { editorPage } from './pages/editor.js';

type Cleanup = (() => void) | void;

const main = document.getElementById('main') as HTMLElement;
let cleanup: Cleanup;

async function route(): Promise<void> {
  if (typeof cleanup === 'function') cleanup();
  cleanup = undefined;
  const [path = '', query = ''] = location.hash.replace(/^#\/?/, '').split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const params = new URLSearchParams(query);
  for (const link of document.querySelectorAll<HTMLAnchorElement>('nav.site a')) {
    const current = link.dataset.page === (parts[0] ?? 'editor');
    if (current) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  const page = parts[0] ?? 'editor';
  if (page === 'editor') cleanup = editorPage(main);
  else if (page === 'circuit') (await import('./pages/circuit.js')).circuitPage(main);
  else if (page === 'jobs' && parts[1]) cleanup = (await import('./pages/job.js')).jobPage(main, parts[1]);
  else if (page === 'jobs') cleanup = (await import('./pages/jobs.js')).jobsPage(main, params);
  else if (page === 'sessions') (await import('./pages/sessions.js')).sessionsPage(main, params);
  else if (page === 'backends' && parts[1]) (await import('./pages/backends.js')).backendPage(main, parts[1]);
  else if (page === 'backends') (await import('./pages/backends.js')).backendsPage(main);
  else fill(main, h('h1', {}, 'Not found'), h('p', {}, h('a', { href: '#/editor' }, 'Back to the editor')));
  const heading = main.querySelector('h1');
  document.title = `${heading?.textContent ?? 'Console'} · qasm3-preflight`;
}

const key = document.getElementById('api-key') as HTMLInputElement;
key.value = session.apiKey();
key.addEventListener('input', () => session.setApiKey(key.value));
// A new key (Enter, or leaving the field) shows the page again as that key sees it.
const useKey = () => {
  session.setApiKey(key.value);
  void route();
};
key.addEventListener('change', useKey);
document.getElementById('api-key-form')?.addEventListener('submit', (event) => {
  event.preventDefault();
  useKey();
});

window.addEventListener('hashchange', () => void route());
void route();
