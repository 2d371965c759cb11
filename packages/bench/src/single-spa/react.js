// BENCH FIXTURE: React as one SystemJS module of the single-spa page's import map (React 19 ships no
// UMD or SystemJS build of its own, so the page's shared dependencies are built here). JavaScript:
// React's types describe a CommonJS module, which TypeScript will not re-export as a module's.
export * from 'react';
