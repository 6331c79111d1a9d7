// @ts-check
/**
 * ESLint with typescript-eslint's type-aware rules (`npm run lint`, run by
 * .ci/run after the type check). The type information comes from the
 * project's own tsconfigs: tsconfig.json for the library, CLI, service, LSP,
 * tests and benches (found by the project service), src/console/tsconfig.json
 * (DOM types) for the web console, its tests and its bench.
 */
import eslint from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

const CONSOLE = ['src/console/**/*.ts', 'test/console/**/*.ts', 'bench/console.bench.ts'];

export default defineConfig(
  // editors/vscode is a separate CommonJS package (the VS Code extension), loaded by VS Code, not by this build.
  globalIgnores(['dist/', 'coverage/', 'editors/']),
  eslint.configs.recommended,
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A switch over a union names every member, or says with `default` what the others do: the codebase's
      // switches over AST kinds handle a few kinds and leave the rest to `default` on purpose.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // The parser's fast path compares char codes (numbers) with a `const enum` of character codes, inlined by
      // the compiler; comparing a number with that enum is the point, not a mix-up of two enums.
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      // Fastify takes hooks, handlers and plugins as async functions (or callbacks): one without `await` is still
      // async by contract, since a plain function that returns would be taken as callback-style and never finish.
      '@typescript-eslint/require-await': 'off',
      // `_name` marks a value left unused on purpose (a destructured field set aside, a parameter an interface needs).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: CONSOLE,
    languageOptions: {
      parserOptions: { projectService: false, project: './src/console/tsconfig.json' },
    },
  },
  {
    // The service's HTTP tests read response bodies as `any` (test/service/harness.ts): a test's assertions are
    // what check their shape, so typing each body would restate the schemas the tests are there to check.
    files: ['test/service/**/*.ts', 'test/service-faults/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
