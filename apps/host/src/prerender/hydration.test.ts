import type { RemoteEntry } from '../manifest';
import { isHeldPrerendered } from '../areas/held-contributions';
import { canHydrate, prepareFirstRender } from './hydration';

const referrals = { name: 'referrals', entry: 'https://cdn.example/referrals/1.2.0/mf-manifest.json' } as RemoteEntry;
const loaded = { load: async () => ({}) as never, loadedModule: () => undefined };

test('the shell alone is always hydrated; an area only from the build the page was rendered with, once it loads', async () => {
  expect(await canHydrate({}, [referrals], loaded)).toBe(true);
  expect(await canHydrate({ remote: 'referrals', entry: referrals.entry }, [referrals], loaded)).toBe(true);
  expect(
    await canHydrate(
      { remote: 'referrals', entry: 'https://cdn.example/referrals/1.1.0/mf-manifest.json' },
      [referrals],
      loaded,
    ),
  ).toBe(false);
  expect(await canHydrate({ remote: 'gone', entry: referrals.entry }, [referrals], loaded)).toBe(false);
  expect(
    await canHydrate({ remote: 'referrals', entry: referrals.entry }, [referrals], {
      load: () => Promise.reject(new Error('down')),
    }),
  ).toBe(false);
});

test("a prerendered page is prepared in its own language, with its area's texts and the contributions it holds", async () => {
  const steps: string[] = [];
  const hydrate = await prepareFirstRender(
    { remote: 'referrals', entry: referrals.entry, contributions: [{ remote: 'referrals', module: 'invite-tile' }] },
    {
      manifest: {
        remotes: [{ ...referrals, contributions: [{ slot: 'home.tiles', module: 'invite-tile' }] } as RemoteEntry],
        contributors: [],
      },
      loader: loaded,
      contributions: {
        load: async (contribution) => {
          steps.push(`load ${contribution.remote}/${contribution.module}`);
          return { kind: 'mfe.contribution', slot: 'home.tiles', Component: () => null } as never;
        },
      },
      locale: {
        prepareArea: async (remote) => void steps.push(`texts ${remote}`),
        start: async () => void steps.push("the visitor's language"),
      },
      started: Promise.resolve().then(() => steps.push("the page's language")),
      inFirstView: () => true,
    },
  );
  expect(hydrate).toBe(true);
  // The contribution in the first view started first (not waited for), then the area's texts, before hydrating.
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(steps).toEqual(["the page's language", 'load referrals/invite-tile', 'texts referrals', 'texts referrals']);
  expect(isHeldPrerendered({ slot: 'home.tiles', remote: 'referrals', module: 'invite-tile' } as never)).toBe(true);
});

test("a page that cannot be hydrated, or a page rendered in the browser, starts in the visitor's language", async () => {
  const steps: string[] = [];
  const locale = { prepareArea: async () => undefined, start: async () => void steps.push('visitor') };
  const deps = {
    manifest: { remotes: [referrals], contributors: [] },
    loader: loaded,
    contributions: { load: jest.fn() },
    locale,
    started: Promise.resolve(),
  };
  expect(await prepareFirstRender({ remote: 'referrals', entry: 'https://elsewhere.example/x.json' }, deps)).toBe(
    false,
  );
  expect(steps).toEqual(['visitor']);
  expect(await prepareFirstRender(null, deps)).toBe(false);
  expect(steps).toEqual(['visitor']); // its language was already the visitor's (started)
  expect(deps.contributions.load).not.toHaveBeenCalled();
});
