/**
 * The examples of src/capabilities/README.md do what the text says: each
 * block introduced by "Rejected [on `t`]" fails with its section's rule on
 * that target (every target when none is named), and each "Accepted [on `t`]"
 * / "accepted on `t`" passes there (everywhere when none is named).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TARGETS } from '../../src/tables/index.js';
import { validate } from '../../src/api/validate.js';

const README = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'capabilities', 'README.md'), 'utf8');
const ALL = TARGETS.map((t) => t.name);

interface Example {
  readonly rule: string;
  readonly code: string;
  readonly rejectedOn: readonly string[];
  readonly acceptedOn: readonly string[];
}

function examples(): Example[] {
  const found: Example[] = [];
  for (const section of README.split(/^## /m).slice(1)) {
    const rule = /^`([a-z-]+)`/.exec(section)?.[1];
    if (!rule) continue;
    for (const m of section.matchAll(/^(.*):\n\n```qasm\n([\s\S]*?)```/gm)) {
      const intro = m[1] as string;
      const rejected = /^Rejected(?: on `([^`]+)`)?/.exec(intro);
      const accepted = /[Aa]ccepted(?: on `([^`]+)`)?/.exec(intro);
      found.push({
        rule,
        code: m[2] as string,
        rejectedOn: rejected ? (rejected[1] ? [rejected[1]] : ALL) : [],
        acceptedOn: accepted ? (accepted[1] ? [accepted[1]] : ALL) : [],
      });
    }
  }
  return found;
}

describe('src/capabilities/README.md', () => {
  const all = examples();

  it('has a rejected and an accepted example for each check', () => {
    for (const rule of ['dynamic-circuit', 'mid-circuit-measurement', 'qubit-count']) {
      expect(all.some((e) => e.rule === rule && e.rejectedOn.length > 0)).toBe(true);
      expect(all.some((e) => e.rule === rule && e.acceptedOn.length > 0)).toBe(true);
    }
  });

  for (const example of all) {
    it(`${example.rule}: ${JSON.stringify(example.code.split('\n').slice(-2, -1)[0])}`, () => {
      for (const target of example.rejectedOn)
        expect(validate(example.code, { target }).diagnostics.map((d) => d.rule)).toContain(example.rule);
      for (const target of example.acceptedOn) expect(validate(example.code, { target }).diagnostics).toEqual([]);
    });
  }
});
