/**
 * A path inside a feature area, from where the host mounted it: `('/account', 'userinfo')` and
 * `('/account', '/userinfo')` → `/account/userinfo`; `''` or `'/'` → `/account`. Query and hash
 * are kept. Dot segments resolve inside the area and never above its root (`'../x'` → `/account/x`),
 * so a link or `navigate` of the area stays in it. The host's `navigate` and the area's links use
 * this one rule.
 */
export function areaPath(basePath: string, to: string): string {
  const split = to.search(/[?#]/);
  const path = split === -1 ? to : to.slice(0, split);
  const rest = split === -1 ? '' : to.slice(split);
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `${[basePath, ...segments].join('/')}${rest}`;
}
