/** Legacy calibrations of v0.3 and v0.4, as cirq-ionq lists them (no key needed; a key is accepted). */
import type { App, RouteDeps } from './types.js';
import { errorResponses } from './schemas/common.js';
import { Calibration, CalibrationList, CalibrationQuery, CurrentCalibrationQuery } from './schemas/catalog.js';
import { calibrationPage, currentCalibration } from '../jobs/calibrations.js';

const tags = ['backends'];

export function calibrationRoutes(app: App, { db }: RouteDeps): void {
  for (const version of ['v0.3', 'v0.4'] as const) {
    app.get(
      `/${version}/calibrations`,
      {
        schema: {
          tags,
          summary: 'Calibrations of every backend (or target), newest first (start/end Unix milliseconds)',
          querystring: CalibrationQuery,
          response: { 200: CalibrationList, ...errorResponses(400, 404, 503) },
        },
      },
      async (request) => calibrationPage(db, request.query) as never,
    );
    app.get(
      `/${version}/calibrations/current`,
      {
        schema: {
          tags,
          summary: 'The newest calibration of a backend (target; the first available QPU if none)',
          querystring: CurrentCalibrationQuery,
          response: { 200: Calibration, ...errorResponses(400, 404, 503) },
        },
      },
      async (request) => currentCalibration(db, request.query.target ?? request.query.backend) as never,
    );
  }
}
