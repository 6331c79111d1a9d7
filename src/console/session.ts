/**
 * What the console keeps in the browser: the API key, the program being
 * edited, its target, and the source of jobs submitted from here. All of it
 * in sessionStorage only: gone when the tab closes, never sent anywhere but
 * to this service.
 */
const PREFIX = 'qasm3-preflight.';

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null || value === '') sessionStorage.removeItem(PREFIX + key);
    else sessionStorage.setItem(PREFIX + key, value);
  } catch {
    // Storage may be disabled; the console still works for this page.
  }
}

export const BELL = `OPENQASM 3.0;
include "stdgates.inc";

qubit[2] q;
bit[2] c;

h q[0];
cx q[0], q[1];

c[0] = measure q[0];
c[1] = measure q[1];
`;

export const session = {
  apiKey: () => read('api-key') ?? '',
  setApiKey: (key: string) => write('api-key', key.trim()),
  program: () => read('program') ?? BELL,
  setProgram: (source: string) => write('program', source),
  target: () => read('target') ?? 'simulator',
  setTarget: (target: string) => write('target', target),
  jobSource: (id: string) => read(`job-source.${id}`),
  setJobSource: (id: string, source: string) => write(`job-source.${id}`, source),
};
