// `@mfe-alias/react-router-build` is react-router itself under another name (a webpack
// alias, see webpack.shared.js), so the module above is not taken for the shared
// `react-router` it provides.
declare module '@mfe-alias/react-router-build' {
  export * from 'react-router';
}
