import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import optika from './eslint-rules/context-boundaries.js'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/only-throw-error': 'error',
      // Fastify hooks and handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // The server's contexts import only those below them (decision 020).
    files: ['apps/server/src/**/*.ts'],
    plugins: { optika },
    rules: { 'optika/context-boundaries': ['error', { root: import.meta.dirname }] },
  },
  {
    // Libraries only some features use are loaded where they are used (`await import(…)`, or
    // a loader such as platform/images/load-sharp.ts), so the server starts without them
    // (decision 071). Type imports cost nothing; tests, and the gazetteer's build script that
    // the server never imports, may import them.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'apps/server/test/**',
      'apps/server/src/community/gazetteer/build-gazetteer-data.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@aws-sdk/*',
                '@pdf-lib/fontkit',
                'archiver',
                'csv-parse',
                'csv-stringify',
                'docx',
                'exceljs',
                'exifr',
                'fast-csv',
                'fast-xml-parser',
                'file-type',
                'jszip',
                'markdown-it',
                'nodemailer',
                'otplib',
                'pdf-lib',
                'pdfjs-dist',
                'qrcode',
                'sharp',
                'unzipper',
                'yauzl',
                'yazl',
              ],
              allowTypeImports: true,
              message:
                'Load it where it is used (await import): the server starts without it (decision 071).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
)
