#!/usr/bin/env node
// Part of `pnpm lint`: every commit since the rule was adopted has a subject of at most 72
// characters that says what changed (the why and the figures go in the body). Older history is
// left as it is. In a shallow clone without the first commit of the rule, the commits present are read.
import { execFileSync } from 'node:child_process';

/** The last commit before the rule: its successors are checked. */
const RULE_ADOPTED_AFTER = '40515d9';
const LONGEST = 72;

const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
let range = 'HEAD';
try {
  git('cat-file', '-e', `${RULE_ADOPTED_AFTER}^{commit}`);
  range = `${RULE_ADOPTED_AFTER}..HEAD`;
} catch {
  // Not in this clone (shallow, or another history): every commit it has.
}
let log = '';
try {
  log = git('log', '--format=%h%x09%s', range);
} catch {
  console.log('commit subjects: not a git repository here, nothing to check');
  process.exit(0);
}
const long = log
  .split('\n')
  .filter(Boolean)
  .map((line) => line.split('\t'))
  .filter(([, subject]) => [...subject].length > LONGEST);
if (long.length > 0) {
  console.error(`Commit subjects over ${LONGEST} characters (say what changed; the why goes in the body):`);
  for (const [hash, subject] of long) console.error(`  ${hash} (${[...subject].length}) ${subject}`);
  console.error('Reword them (git rebase -i, "reword") before they land.');
  process.exit(1);
}
