/**
 * @jest-environment node
 */
import { hostname } from 'node:os';
import { defaultActor, quietSdkNodeWarning } from './open-store';

test("on Node.js 20 the S3 SDK's eight-line warning is turned off and one line says why", () => {
  const env: NodeJS.ProcessEnv = {};
  expect(quietSdkNodeWarning('20.19.0', env)).toBe(
    "note: Node.js 20.19.0 runs this command; the S3 SDK's releases after January 2027 need Node.js 22.",
  );
  expect(env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED).toBe('true');
});

test("on Node.js 22 and later nothing changes, and an operator's own choice is kept", () => {
  const modern: NodeJS.ProcessEnv = {};
  expect(quietSdkNodeWarning('22.12.0', modern)).toBeUndefined();
  expect(modern).toEqual({});
  const chosen: NodeJS.ProcessEnv = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'false' };
  expect(quietSdkNodeWarning('20.19.0', chosen)).toBeUndefined();
  expect(chosen.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED).toBe('false');
});

test('the actor is the CI identity, else the account and machine, never "unknown"', () => {
  expect(defaultActor({ GITHUB_ACTOR: 'octo', GITHUB_RUN_ID: '7' })).toBe('octo (GitHub Actions run 7)');
  expect(defaultActor({ GITLAB_USER_LOGIN: 'gl', CI_PIPELINE_ID: '9' })).toBe('gl (GitLab CI pipeline 9)');
  expect(defaultActor({ USER: 'alice' })).toBe(`alice@${hostname()}`);
  // A container's shell sets no USER: the system's account database says who it is.
  expect(defaultActor({}, () => 'root@box')).toBe('root@box');
  expect(
    defaultActor({}, () => {
      throw new Error('no passwd entry');
    }),
  ).toMatch(/^uid \d+@/);
  expect(defaultActor({})).not.toMatch(/unknown/);
});
