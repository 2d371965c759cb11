// Types for what the platform's build preset lets a feature area import besides code.
// Reference once per app: `/// <reference types="@mfe/context/assets" />` (the template does).

/** A CSS Module: class names scoped to this app (`import styles from './App.css'`). */
declare module '*.css' {
  const classes: { readonly [className: string]: string };
  export default classes;
}

/** Images and fonts: the content-hashed URL of the file, next to the app's scripts. */
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.jpg' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
declare module '*.woff2' {
  const url: string;
  export default url;
}
