/**
 * The editor: OpenQASM with live preflight diagnostics (squiggles; message,
 * hint and rule on hover), a target picker, the compiled native circuit and
 * its stats updating as you type, a local simulation, and job submission.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { EditorState, StateEffect } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { lintGutter, linter, lintKeymap } from '@codemirror/lint';
import { api, backends, type Backend } from '../api.js';
import { openqasm, openqasmHighlighting } from '../editor/openqasm.js';
import { toLintDiagnostic } from '../editor/lint.js';
import { h, fill, labelled, select } from '../dom.js';
import { preflight } from '../preflight/client.js';
import type { CheckCompiled, CheckDiagnostics } from '../preflight/protocol.js';
import { session } from '../session.js';

/** Library targets, for the picker while the service has not answered. */
const FALLBACK_BACKENDS = ['simulator', 'qpu.aria-1', 'qpu.aria-2', 'qpu.forte-1', 'qpu.forte-enterprise-1'];
const NOISE_MODELS = ['ideal', 'aria-1', 'aria-2', 'forte-1', 'forte-enterprise-1', 'harmony'];
/** No debounce: validations coalesce in the client (latest wins), so fast typing never queues them. */
const LINT_DELAY_MS = 0;
/**
 * Compiling waits for a pause in typing: it runs in the other worker, but on
 * a machine with few cores it would still take CPU from the next keystroke's
 * validation.
 */
const COMPILE_PAUSE_MS = 150;
/** Dispatched when the target changes: the same text gets checked again. */
const targetChanged = StateEffect.define<string>();
const NOT_COMPILED: CheckCompiled = { ok: false, submitted: null, native: null, pulses: 0, qasm: null };

export function editorPage(root: HTMLElement): () => void {
  let target = session.target();
  let latest = 0;
  let compileTimer: number | undefined;
  const status = h('p', { class: 'lint-status', role: 'status', 'aria-live': 'polite' }, 'Checking…');
  const stats = h('dl', { class: 'stats', 'aria-label': 'Compiled circuit statistics' });
  const nativeText = h('pre', {
    class: 'native-qasm',
    tabindex: 0,
    'aria-label': 'Compiled native circuit (OpenQASM 3)',
  });
  const targetPicker = select(
    'target',
    FALLBACK_BACKENDS.map((value) => ({ value })),
    target,
  );
  targetPicker.id = 'target';

  const showCompiled = (compiled: CheckCompiled) => {
    const row = (term: string, value: string | number) => [
      h('dt', {}, term),
      h('dd', { 'data-stat': term }, String(value)),
    ];
    if (!compiled.ok || !compiled.native || !compiled.submitted) {
      fill(stats, ...row('compiled', 'no: fix the errors first'));
      fill(nativeText, '');
      return;
    }
    fill(
      stats,
      ...row('qubits', compiled.native.qubits),
      ...row('1q gates (source)', compiled.submitted.gate_counts['1q']),
      ...row('2q gates (source)', compiled.submitted.gate_counts['2q']),
      ...row('1q gates (native)', compiled.native.gate_counts['1q']),
      ...row('2q gates (native)', compiled.native.gate_counts['2q']),
      ...row('pulses', compiled.pulses),
    );
    fill(nativeText, compiled.qasm ?? '');
  };
  const showDiagnostics = (result: CheckDiagnostics) => {
    const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = result.diagnostics.length - errors;
    status.dataset.errors = String(errors);
    status.dataset.validateMs = result.validateMs.toFixed(1);
    status.textContent =
      result.diagnostics.length === 0
        ? `No problems for ${target}.`
        : `${errors} error${errors === 1 ? '' : 's'}${warnings ? `, ${warnings} other` : ''} for ${target}: ${result.failure?.message ?? ''}`;
  };

  const lint = linter(
    async (view) => {
      const source = view.state.doc.toString();
      session.setProgram(source);
      const request = ++latest;
      window.clearTimeout(compileTimer);
      const result = await preflight().validate(source, target);
      if (request === latest) {
        showDiagnostics(result);
        if (result.failure) showCompiled(NOT_COMPILED);
        else {
          const forTarget = target;
          compileTimer = window.setTimeout(() => {
            preflight()
              .compile(source, forTarget)
              .then((compiled) => request === latest && showCompiled(compiled))
              .catch(() => undefined);
          }, COMPILE_PAUSE_MS);
        }
      }
      return result.diagnostics.map((d) => toLintDiagnostic(d, view.state.doc.length));
    },
    {
      delay: LINT_DELAY_MS,
      needsRefresh: (update) => update.transactions.some((tr) => tr.effects.some((e) => e.is(targetChanged))),
    },
  );

  const view = new EditorView({
    state: EditorState.create({
      doc: session.program(),
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        keymap.of([...defaultKeymap, ...historyKeymap, ...lintKeymap]),
        openqasm,
        openqasmHighlighting,
        lint,
        lintGutter(),
        EditorView.contentAttributes.of({ 'aria-label': 'OpenQASM 3 program', 'aria-describedby': 'editor-help' }),
      ],
    }),
  });

  targetPicker.addEventListener('change', () => {
    target = targetPicker.value;
    session.setTarget(target);
    view.dispatch({ effects: targetChanged.of(target) });
  });
  backends()
    .then((list: Backend[]) => {
      const options = list.map((b) => ({
        value: b.backend,
        label: b.status === 'available' ? b.backend : `${b.backend} (${b.status})`,
        disabled: b.status === 'retired',
      }));
      if (options.length === 0) return;
      fill(targetPicker, ...options.map((o) => h('option', { value: o.value, disabled: o.disabled }, o.label)));
      targetPicker.value = options.some((o) => o.value === target) ? target : 'simulator';
    })
    .catch(() => undefined);

  const chartBox = h('div', { class: 'chart', 'aria-live': 'polite' });
  const simulateButton = h('button', { type: 'button' }, 'Simulate in the browser');
  const simulateInBrowser = async () => {
    simulateButton.disabled = true;
    fill(chartBox, 'Simulating…');
    try {
      const run = await preflight().simulate(view.state.doc.toString(), 32);
      if (!run.ok)
        return fill(chartBox, h('p', { class: 'error' }, run.failure?.message ?? 'The program cannot be simulated.'));
      const { barChart } = await import('../charts.js');
      const bars = run.probabilities.map((p) => ({ state: p.state, value: p.probability }));
      const chart = await barChart(bars, {
        title: `Probabilities (${run.states} states, ${run.simulateMs.toFixed(1)} ms)`,
        y: 'probability',
        percent: true,
      });
      fill(chartBox, chart);
    } finally {
      simulateButton.disabled = false;
    }
  };
  simulateButton.addEventListener('click', () => void simulateInBrowser());

  fill(
    root,
    h('h1', {}, 'Editor'),
    h(
      'p',
      { id: 'editor-help', class: 'help' },
      'Problems are underlined as you type; hover or press Ctrl-Shift-M to read them. Tab leaves the editor.',
    ),
    h('div', { class: 'toolbar' }, labelled('Target', targetPicker), status),
    h(
      'div',
      { class: 'editor-layout' },
      h('section', { class: 'editor-pane', 'aria-label': 'Program' }, view.dom),
      h(
        'section',
        { class: 'side-pane', 'aria-labelledby': 'compiled-heading' },
        h('h2', { id: 'compiled-heading' }, 'Compiled for the target'),
        stats,
        nativeText,
        simulateButton,
        chartBox,
      ),
    ),
    submitForm(
      () => view.state.doc.toString(),
      () => target,
      () => Number(status.dataset.errors ?? 0),
    ),
  );
  return () => {
    window.clearTimeout(compileTimer);
    view.destroy();
  };
}

function submitForm(source: () => string, target: () => string, errorCount: () => number): HTMLElement {
  const name = h('input', {
    name: 'name',
    type: 'text',
    maxlength: 100,
    // Chromium compiles `pattern` with the v flag, where an unescaped `-` in a class is an error that turns the check off.
    pattern: '[A-Za-z0-9 _\\-]*',
    title: 'letters, digits, spaces, hyphens and underscores',
    placeholder: 'bell-test',
  });
  const shots = h('input', { name: 'shots', type: 'number', min: 1, max: 1000000, value: 100 });
  const noise = select(
    'noise',
    NOISE_MODELS.map((value) => ({ value, label: value === 'ideal' ? 'ideal (no noise)' : value })),
    'ideal',
  );
  const dryRun = h('input', { name: 'dry_run', type: 'checkbox' });
  const message = h('p', { class: 'submit-status', role: 'status', 'aria-live': 'polite' });
  const form = h(
    'form',
    { class: 'submit-form', 'aria-labelledby': 'submit-heading' },
    h('h2', { id: 'submit-heading' }, 'Submit a job'),
    h(
      'div',
      { class: 'fields' },
      labelled('Name', name),
      labelled('Shots', shots),
      labelled('Noise model (simulator)', noise),
      labelled('Dry run', dryRun),
    ),
    h('button', { type: 'submit' }, 'Submit'),
    message,
  );
  /** The text the user chose to send despite its errors (a second Submit on the same text sends it). */
  let sendAnyway: string | null = null;
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const errors = errorCount();
    if (errors > 0 && sendAnyway !== source()) {
      sendAnyway = source();
      message.textContent = `The editor shows ${errors} error${errors === 1 ? '' : 's'} for ${target()}: this job will fail. Fix ${errors === 1 ? 'it' : 'them'}, or press Submit again to send it anyway.`;
      message.className = 'submit-status warning';
      return;
    }
    sendAnyway = null;
    const backend = target();
    const noisy = backend === 'simulator' && noise.value !== 'ideal';
    const body = {
      type: 'svc.qasm3.v1',
      backend,
      ...(name.value.trim() ? { name: name.value.trim() } : {}),
      ...(backend !== 'simulator' || noisy ? { shots: Number(shots.value) } : {}),
      ...(noisy ? { noise: { model: noise.value } } : {}),
      dry_run: dryRun.checked,
      input: { data: source() },
    };
    message.textContent = 'Submitting…';
    try {
      const created = await api<{ id: string }>('POST', '/v0.4/jobs', body);
      session.setJobSource(created.id, body.input.data);
      location.hash = `#/jobs/${created.id}`;
    } catch (error) {
      message.textContent = error instanceof Error ? error.message : String(error);
      message.className = 'submit-status error';
    }
  };
  form.addEventListener('submit', (event) => void submit(event));
  return form;
}
