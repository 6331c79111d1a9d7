import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAPABILITY_CHECKS } from '../../src/capabilities/index.js';

const CHECKS_DIR = join(import.meta.dirname, '..', '..', 'src', 'capabilities', 'checks');

describe('capability check conventions', () => {
  it('registers every check file once, under its file name', () => {
    const files = readdirSync(CHECKS_DIR)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(CAPABILITY_CHECKS.map((c) => c.id).sort()).toEqual(files);
    expect(new Set(CAPABILITY_CHECKS.map((c) => c.id)).size).toBe(CAPABILITY_CHECKS.length);
  });

  it('gives every check a kebab-case id and a one-line summary', () => {
    for (const check of CAPABILITY_CHECKS) {
      expect(check.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(check.summary).toMatch(/^[A-Z].*\.$/);
      expect(check.summary).not.toContain('\n');
    }
  });

  it('is frozen data', () => {
    expect(Object.isFrozen(CAPABILITY_CHECKS)).toBe(true);
  });
});
