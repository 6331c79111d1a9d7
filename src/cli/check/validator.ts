/**
 * The library's verdict on one file, chosen by its kind: `.json` files are
 * svc.circuit.v0 job inputs (validateCircuitJson), everything else is
 * OpenQASM 3 (validate, exactly the service's preflight).
 */
import { validate } from '../../index.js';
import type { Validator } from './check-source.js';
import { isJsonFile, validateJsonText } from './json-input.js';

export const libraryValidator: Validator = (text, options) =>
  isJsonFile(options.filename)
    ? validateJsonText(text, options)
    : validate(text, { target: options.target, maxErrors: options.maxErrors });
