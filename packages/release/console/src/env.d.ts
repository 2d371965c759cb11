// Stylesheets are the build's (the preset extracts them); the page imports them for their effect.
declare module '*.css';
