/** @jest-environment node */
import type { LoadFigures } from './measure';
import { pairs, type App } from './scenarios';

// The scenarios sign in as a demo user of the development provider; nothing here signs in.
jest.mock('@mfe/dev-idp', () => ({ DEMO_USERS: [{ username: 'demo', password: 'demo' }] }));

const app = (label: string): App => ({ label, origin: 'http://localhost', idpUrl: 'http://localhost', cookies: [] });
const profile = { name: 'none', cpuSlowdown: 1, network: null };
const figures = (paintMs: number) => ({ paintMs }) as LoadFigures;

beforeEach(() => jest.spyOn(console, 'log').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test('a warm-up load that never works is said as a failure, and the measured pairs go on', async () => {
  let calls = 0;
  const scenario = async (which: App) => {
    calls += 1;
    if (calls === 1) throw new Error('The page never worked within 60000 ms');
    return figures(which.label === 'a' ? 100 : 80);
  };
  const measured = await pairs(app('a'), app('b'), profile, 2, scenario);
  expect(measured.results).toHaveLength(2);
  expect(measured.failed).toEqual(['a: The page never worked within 60000 ms']);
  expect(measured.results.every(([first, second]) => first.paintMs === 100 && second.paintMs === 80)).toBe(true);
});

test('more failed loads than were asked for end the run, naming them', async () => {
  const scenario = async () => {
    throw new Error('never painted');
  };
  await expect(pairs(app('a'), app('b'), profile, 1, scenario)).rejects.toThrow(
    /More loads failed than were asked for:\na: never painted\nb: never painted/,
  );
});
