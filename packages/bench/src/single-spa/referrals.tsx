// BENCH FIXTURE: the single-spa application: the public referrals page's content (../plain/page)
// behind single-spa-react's lifecycles, built as a SystemJS module whose React and ReactDOM are the
// import map's (webpack.config.cjs).
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { PlainPage } from '../plain/page';

export const { bootstrap, mount, unmount } = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: PlainPage,
  errorBoundary: () => <p role="alert">The referrals page failed to load. Reload the page to try again.</p>,
});
