/**
 * `validate`: the service's preflight of OpenQASM 3 text (validate-program.ts
 * runs it), or the verdict a program read by `load` already holds.
 */
import { OPTION_SPAN } from '../capabilities/target.js';
import { createDiagnostic, type Diagnostic } from '../diagnostics/index.js';
import { checkOptions, INVALID_OPTION_RULE } from '../diagnostics/options.js';
import { isLoadedProgram, programFor, type LoadedProgram } from './load.js';
import { VALIDATE_OPTIONS, validateProgram, type ValidateOptions, type ValidateResult } from './validate-program.js';

export { validateProgram } from './validate-program.js';
export type { ValidateOptions, ValidateResult, ValidatedProgram } from './validate-program.js';

/**
 * Validates an OpenQASM 3 program as the service's preflight would
 * (service-api.md "Job input (v0.4, type svc.qasm3.v1)"; decisions.md).
 * Given a program from `load`, returns its verdict without reading it again
 * (for another `target`, only the capability checks run again). Never
 * throws: an internal failure becomes a diagnostic too.
 *
 * @example
 * validate('qubit[2] q; cnto q[0], q[1];').failure
 * // { code: 'PreflightError', message: 'Circuit failed preflight validation: Unknown gate: cnto' }
 */
export function validate(source: string | LoadedProgram, options: ValidateOptions = {}): ValidateResult {
  if (isLoadedProgram(source)) return validateLoaded(source, options);
  const { ok, diagnostics, failure } = validateProgram(source, options);
  return { ok, diagnostics, failure };
}

/** Limits that `load` applied while reading: they cannot change afterwards. */
const READ_LIMITS = ['maxErrors', 'maxGates', 'maxSourceLength'] as const;

function validateLoaded(program: LoadedProgram, given: ValidateOptions): ValidateResult {
  const checked = checkOptions<ValidateOptions>(given, VALIDATE_OPTIONS, 'validate');
  const options = checked.options;
  const fixed = READ_LIMITS.filter((name) => options[name] !== undefined);
  if (checked.problems.length > 0 || fixed.length > 0) {
    const problems: Diagnostic[] = [
      ...checked.problems,
      ...fixed.map((name) =>
        createDiagnostic({
          code: 'InvalidInput',
          rule: INVALID_OPTION_RULE,
          reason: `validate: options.${name} is applied while the program is read: pass it to load()`,
          span: OPTION_SPAN,
        }),
      ),
    ];
    const first = problems[0] as Diagnostic;
    return { ok: false, diagnostics: problems, failure: { code: first.code, message: first.message } };
  }
  const { ok, diagnostics, failure } = programFor(program, options.target);
  return { ok, diagnostics, failure };
}
