/**
 * @jest-environment node
 */
import { quietSdkNodeWarning } from './open-store';

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
