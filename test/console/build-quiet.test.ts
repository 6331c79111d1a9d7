/**
 * `npm install` runs `prepare` (the build): both browser builds keep Rolldown's
 * [PLUGIN_TIMINGS] warning off, which a loaded machine printed on every install.
 */
import { describe, expect, it } from 'vitest';
import config from '../../vite.config.js';

describe('vite builds', () => {
  it.each(['production', 'library'])('%s mode: no plugin-timing warnings', (mode) => {
    const resolved = config({ mode, command: 'build' });
    expect(resolved.build?.rolldownOptions?.checks?.bundlerTimings).toBe(false);
  });
});
