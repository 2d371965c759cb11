// Small pieces of nginx configuration that nginx.ts and nginx-pages.ts both write.

export function location(match: string, body: string[]): string[] {
  return [`  location ${match} {`, ...body.map((line) => (line.startsWith('    ') ? line : `    ${line}`)), '  }'];
}

/** No conditional answers (see where it is used). */
export const WHOLE = ['etag off;', 'if_modified_since off;'];
