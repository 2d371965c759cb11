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

const fs = require('node:fs');
const path = require('node:path');
// The build preset's answer to which React an area in a root of its own renders with: its tests use the same.
const { ownReactFolders } = require('./webpack.shared.js');

/**
 * Apps on a React of their own (an area in a root of its own, decision 0019): their unit tests run
 * with that React and router wherever they are imported from (the contract package's too), as their
 * build bundles them.
 */
const ownReactApps = fs.readdirSync(path.join(__dirname, 'apps')).filter((app) => {
  const file = path.join(__dirname, 'apps', app, 'package.json');
  const react = fs.existsSync(file) && JSON.parse(fs.readFileSync(file, 'utf8')).dependencies?.react;
  return typeof react === 'string' && react !== 'catalog:';
});

const unit = {
  displayName: 'unit',
  testEnvironment: 'jsdom',
  testMatch: ['**/src/**/*.test.ts', '**/src/**/*.test.tsx'],
  ...shared,
  setupFiles: ['<rootDir>/.jest/jsdom-setup.js'],
  moduleNameMapper: {
    '^@mfe-alias/react-router-build$': 'react-router',
    '\\.css$': '<rootDir>/.jest/css-module.js',
    '\\.(png|jpe?g|gif|webp|avif|svg|woff2?|ttf|otf)$': '<rootDir>/.jest/asset-file.js',
  },
};

/**
 * An own-React app's React, react-dom and router, found as its build finds them (the preset's
 * `ownReactFolders`): a package with React as a peer is installed once per React.
 * @param {string} app
 */
function ownReactOf(app) {
  const folders = ownReactFolders(path.join(__dirname, 'apps', app), ['react', 'react-dom', 'react-router']);
  return Object.fromEntries(
    Object.entries(folders).flatMap(([name, folder]) => [
      [`^${name}$`, folder],
      [`^${name}/(.*)$`, `${folder}/$1`],
    ]),
  );
}

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...unit,
      roots: ['<rootDir>/apps', '<rootDir>/packages'],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, ...ownReactApps.map((app) => `/apps/${app}/`)],
    },
    ...ownReactApps.map((app) => ({
      ...unit,
      roots: [`<rootDir>/apps/${app}`],
      moduleNameMapper: { ...ownReactOf(app), ...unit.moduleNameMapper },
    })),
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
