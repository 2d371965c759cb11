import { act } from 'react';
import { Link, Route, Routes } from 'react-router';
import { AreaLink } from './area-links';
import { defineReactRootArea } from './react-root';
import type { AreaLocation, AreaServices } from './mount';
import { createTestHost } from './testing';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function App() {
  return (
    <Routes>
      <Route index element={<Link to="details">to details</Link>} />
      <Route path="links" element={<AreaLink to="details">area link</AreaLink>} />
      <Route path="details" element={<Link to="..">back</Link>} />
      <Route
        path="broken"
        Component={() => {
          throw new Error('broke while rendering');
        }}
      />
    </Routes>
  );
}

function servicesAt(pathname: string, failures: unknown[] = []) {
  const host = createTestHost({ basePath: '/older' });
  const location: AreaLocation = { pathname, search: '', hash: '' };
  const services: AreaServices = { ...host.context, location, fail: (error) => failures.push(error) };
  return { services, calls: host.calls };
}

test('renders the route of the host location in a root of its own, and navigates through the host, within the area', () => {
  const element = document.createElement('div');
  document.body.append(element);
  const { services, calls } = servicesAt('/older');
  const area = defineReactRootArea({ App });
  let handle!: ReturnType<typeof area.mount>;
  act(() => {
    handle = area.mount(element, services);
  });
  expect(element.textContent).toBe('to details');
  expect(element.querySelector('a')!.getAttribute('href')).toBe('/older/details');
  act(() => element.querySelector('a')!.click());
  expect(calls).toContainEqual({ method: 'navigate', args: ['/details', undefined] });

  act(() => handle.update({ ...services, location: { pathname: '/older/details', search: '', hash: '' } }));
  expect(element.textContent).toBe('back');
  act(() => element.querySelector('a')!.click());
  expect(calls).toContainEqual({ method: 'navigate', args: ['/', undefined] });

  act(() => handle.unmount());
  expect(element.childNodes).toHaveLength(0);
  element.remove();
});

test('a throw while rendering is said to the host, not left in the root', () => {
  const element = document.createElement('div');
  const failures: unknown[] = [];
  const { services } = servicesAt('/older/broken', failures);
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  act(() => {
    defineReactRootArea({ App }).mount(element, services);
  });
  spy.mockRestore();
  expect(failures).toHaveLength(1);
  expect((failures[0] as Error).message).toBe('broke while rendering');
  expect(element.textContent).toBe('');
});

test("the contract's area links (whole paths from the area's root) work in its own root as in the host's tree", () => {
  const element = document.createElement('div');
  const { services, calls } = servicesAt('/older/links');
  act(() => {
    defineReactRootArea({ App }).mount(element, services);
  });
  expect(element.querySelector('a')!.getAttribute('href')).toBe('/older/details');
  act(() => element.querySelector('a')!.click());
  expect(calls).toContainEqual({ method: 'navigate', args: ['/details', undefined] });
});
