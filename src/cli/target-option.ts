/** `--target`: a backend name from the targets table; anything else is a usage error listing the known ones. */
import { catalogue, resolveTarget, suggest, type Target } from '../index.js';
import { UsageError } from './errors.js';

export function targetOption(name: string): Target {
  const resolved = resolveTarget(name);
  if (!('rule' in resolved)) return resolved;
  const near = suggest(
    name,
    catalogue.targets.map((t) => t.name),
  );
  throw new UsageError(resolved.reason, resolved.hint ?? (near ? `did you mean ${near}?` : undefined));
}
