import { Component, StrictMode, type ReactNode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { defineMountedArea, type AreaServices } from '@mfe/context';
import { createTestHost } from '@mfe/context/testing';
import { MountedArea } from './MountedArea';

afterEach(cleanup);
// React reports what a boundary caught on the console; the boundary's own text is what is checked.
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

/** A plain-DOM area that records what the host did to it. */
function recordingArea(onMount?: (services: AreaServices) => void) {
  const seen: string[] = [];
  let latest: AreaServices | undefined;
  const module = defineMountedArea({
    mount(element, services) {
      latest = services;
      onMount?.(services);
      const text = document.createElement('p');
      text.textContent = `at ${services.location.pathname}`;
      element.append(text);
      seen.push(`mount ${services.location.pathname}`);
      return {
        update(next) {
          latest = next;
          text.textContent = `at ${next.location.pathname}`;
          seen.push(`update ${next.location.pathname}`);
        },
        unmount() {
          seen.push('unmount');
        },
      };
    },
  });
  return { module, seen, services: () => latest! };
}

let go: (to: string) => void = () => undefined;
let hostCalls: ReadonlyArray<{ readonly method: string; readonly args: readonly unknown[] }> = [];
function Navigator() {
  go = useNavigate();
  return null;
}

function show(module: ReturnType<typeof recordingArea>['module'], at = '/plain') {
  const { wrapper: Host, calls } = createTestHost({ basePath: '/plain' });
  hostCalls = calls;
  return render(
    <MemoryRouter initialEntries={[at]}>
      <Navigator />
      <Host>
        <Boundary>
          <MountedArea module={module} />
        </Boundary>
      </Host>
    </MemoryRouter>,
  );
}

test('mounts once into an element of its own, follows the location through update, and unmounts with it', () => {
  const area = recordingArea();
  const view = show(area.module, '/plain/a');
  expect(screen.getByText('at /plain/a')).toBeTruthy();
  act(() => go('/plain/b'));
  expect(screen.getByText('at /plain/b')).toBeTruthy();
  view.unmount();
  expect(area.seen).toEqual(['mount /plain/a', 'update /plain/b', 'unmount']);
});

test("under StrictMode's double effects it is mounted, unmounted and mounted again, and sent no update nothing asked for", () => {
  const area = recordingArea();
  const { wrapper: Host } = createTestHost({ basePath: '/plain' });
  const view = render(
    <StrictMode>
      <MemoryRouter initialEntries={['/plain/a']}>
        <Navigator />
        <Host>
          <MountedArea module={area.module} />
        </Host>
      </MemoryRouter>
    </StrictMode>,
  );
  expect(area.seen).toEqual(['mount /plain/a', 'unmount', 'mount /plain/a']);
  act(() => go('/plain/b'));
  view.unmount();
  expect(area.seen).toEqual(['mount /plain/a', 'unmount', 'mount /plain/a', 'update /plain/b', 'unmount']);
});

test('gets the contract as plain values: the area base path, navigation and no slots', () => {
  const area = recordingArea();
  show(area.module);
  const services = area.services();
  expect(services.remote.basePath).toBe('/plain');
  expect('slots' in services).toBe(false);
  services.remote.navigate('/details');
  expect(hostCalls).toContainEqual({ method: 'navigate', args: ['/details', undefined] });
});

test('a throw from mount, or a failure it says, reaches the area boundary, and the element is emptied', () => {
  const throwing = defineMountedArea({
    mount() {
      throw new Error('could not start');
    },
  });
  show(throwing);
  expect(screen.getByRole('alert').textContent).toBe('could not start');
  cleanup();

  const area = recordingArea();
  const view = show(area.module);
  act(() => area.services().fail('lost its data'));
  expect(screen.getByRole('alert').textContent).toBe('lost its data');
  expect(area.seen).toEqual(['mount /plain', 'unmount']);
  expect(view.container.querySelector('[data-mounted-area]')).toBeNull();
});
