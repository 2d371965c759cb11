import { parse } from 'acorn';
import { contributionExpose, exposedModules, REMOTE_EXPOSE, ENTRY_SCRIPT } from './remote-build';

// What a remote's build must contain for a host to run it, whoever built it (docs/builds.md lists
// it all): the checks of a build's shape that `publish` and the manifest check share. Node only
// (it parses the entry); the host's own readers are in remote-build.ts.

/** The page that lists what a build must contain: every refusal names it. */
export const BUILD_CONTENTS_DOC = 'docs/builds.md';

const seeDoc = `what a build must contain: ${BUILD_CONTENTS_DOC}`;

/**
 * Why a build's exposed modules do not make a remote, or null: an area's build exposes `./remote`
 * (`area`: the manifest gives it a route), and any build exposes it or at least one contribution.
 */
export function exposesProblem(manifest: unknown, { area }: { readonly area: boolean }): string | null {
  const exposed = exposedModules(manifest);
  const remote = `./${REMOTE_EXPOSE}`;
  const contributes = exposed.some((path) => path.startsWith(`./${contributionExpose('')}`));
  if (exposed.includes(remote) || (!area && contributes)) return null;
  return `its build exposes ${exposed.join(', ') || 'nothing'}, not ${remote}${area ? ' (its area, at the route the manifest gives it)' : ' or a contribution (./contributions/<module>)'}: a host has nothing of it to render (${seeDoc})`;
}

/**
 * Why an entry script is not one a host can run, or null: the host adds it as a classic script
 * (federation's container format), so an ES module entry (`import`/`export`) would fail to run in
 * every browser, and text that is not JavaScript at all too.
 */
export function entryProblem(entry: Uint8Array | string): string | null {
  const text = typeof entry === 'string' ? entry : Buffer.from(entry).toString('utf8');
  if (parses(text, 'script')) return null;
  return parses(text, 'module')
    ? `its ${ENTRY_SCRIPT} is an ES module (import/export): a host runs an entry as a classic script, so it would fail to load in every browser; build the container as a script (webpack's or Rspack's library type "var", as the preset does) (${seeDoc})`
    : `its ${ENTRY_SCRIPT} is not JavaScript a browser can run (${seeDoc})`;
}

function parses(text: string, sourceType: 'script' | 'module'): boolean {
  try {
    parse(text, { ecmaVersion: 'latest', sourceType });
    return true;
  } catch {
    return false;
  }
}
