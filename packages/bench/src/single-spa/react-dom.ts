// BENCH FIXTURE: ReactDOM's client API as one SystemJS module of the single-spa page's import map,
// on the map's React (webpack.config.cjs keeps `react` out of it).
export * from 'react-dom/client';
