// @ts-check
// The tests of the whole workspace, in two projects: `unit` (jsdom, beside the source) and `e2e` (the
// browser tests in packages/e2e and each app's e2e/). TypeScript and the ES-module-only packages the
// tests import (jose, FormatJS) go through ts-jest with one set of compiler options.

const compilerOptions = {
  jsx: 'react-jsx',
  module: 'commonjs',
  moduleResolution: 'node10',
  esModuleInterop: true,
  isolatedModules: true,
  ignoreDeprecations: '6.0',
  target: 'ES2022',
  types: ['jest', 'node'],
};
const tsJest = (extra = {}) => ['ts-jest', { tsconfig: { ...compilerOptions, ...extra } }];

/** Shipped as ES modules only: compiled for jest like the sources. */
const transform = {
  '^.+\\.tsx?$': tsJest(),
  '^.+/jose/dist/webapi/.+\\.js$': tsJest({ allowJs: true }),
  '^.+/node_modules/(?:\\.pnpm/[^/]+/node_modules/)?(?:intl-messageformat|@formatjs/[^/]+)/.+\\.js$': tsJest({
    allowJs: true,
  }),
};
const transformIgnorePatterns = [
  '/node_modules/(?!(\\.pnpm/(jose|intl-messageformat|@formatjs\\+[^/]+)@[^/]+/node_modules/)?(jose|intl-messageformat|@formatjs)/)',
];
/** What both projects share: how files are compiled, and what is never a test. */
const shared = { transform, transformIgnorePatterns, testPathIgnorePatterns: ['/node_modules/', '/dist/'] };

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/apps', '<rootDir>/packages'],
      testMatch: ['**/src/**/*.test.ts', '**/src/**/*.test.tsx'],
      ...shared,
      setupFiles: ['<rootDir>/.jest/jsdom-setup.js'],
      moduleNameMapper: {
        '^@mfe-alias/react-router-build$': 'react-router',
        '\\.css$': '<rootDir>/.jest/css-module.js',
        '\\.(png|jpe?g|gif|webp|avif|svg|woff2?|ttf|otf)$': '<rootDir>/.jest/asset-file.js',
      },
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/packages/e2e', '<rootDir>/apps'],
      testMatch: ['**/packages/e2e/tests/**/*.e2e.ts', '**/apps/*/e2e/*.e2e.ts'],
      ...shared,
      setupFilesAfterEnv: ['<rootDir>/packages/e2e/src/jest-setup.ts'],
    },
  ],
};
