/** `--target`: a backend name from the targets table; anything else is a usage error listing the known ones. */
import { isDiagnostic, resolveTarget } from '../capabilities/index.js';
import { suggest } from '../diagnostics/index.js';
import { TARGETS, type Target } from '../tables/index.js';
import { UsageError } from './errors.js';

export function targetOption(name: string): Target {
  const resolved = resolveTarget(name);
  if (!isDiagnostic(resolved)) return resolved;
  const near = suggest(
    name,
    TARGETS.map((t) => t.name),
  );
  throw new UsageError(resolved.reason, resolved.hint ?? (near ? `did you mean ${near}?` : undefined));
}
