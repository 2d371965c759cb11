import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AreaLink, AreaNavLink, useAreaNavigate, usePageTitle } from './area-links';
import { createTestHost } from './testing';

/** The area mounted at /account (as the host does: a splat route), opened at `url`. */
function renderArea(url: string, children: React.ReactNode) {
  const host = createTestHost({ basePath: '/account' });
  render(
    <MemoryRouter initialEntries={[url]}>
      <host.wrapper>
        <Routes>
          <Route path="/account/*" element={children} />
          <Route path="*" element={<p>outside</p>} />
        </Routes>
      </host.wrapper>
    </MemoryRouter>,
  );
  return host;
}

const Nav = () => (
  <nav>
    <AreaNavLink to="">Claims</AreaNavLink>
    <AreaNavLink to="userinfo">Provider profile</AreaNavLink>
    <AreaLink to="userinfo/raw?x=1">Raw</AreaLink>
  </nav>
);

test.each(['/account/userinfo', '/account/userinfo/', '/account/userinfo/deep/er'])(
  'links from the area root are the same on the nested page %s',
  (url) => {
    renderArea(url, <Nav />);
    expect(screen.getByText('Claims').getAttribute('href')).toBe('/account');
    expect(screen.getByText('Provider profile').getAttribute('href')).toBe('/account/userinfo');
    expect(screen.getByText('Raw').getAttribute('href')).toBe('/account/userinfo/raw?x=1');
  },
);

test('the link of the page on screen is marked current; the area root only on the root', () => {
  renderArea('/account/userinfo', <Nav />);
  expect(screen.getByText('Provider profile').getAttribute('aria-current')).toBe('page');
  expect(screen.getByText('Claims').getAttribute('aria-current')).toBeNull();
});

test('on the area root, the root link is current', () => {
  renderArea('/account', <Nav />);
  expect(screen.getByText('Claims').getAttribute('aria-current')).toBe('page');
  expect(screen.getByText('Provider profile').getAttribute('aria-current')).toBeNull();
});

test('useAreaNavigate goes to a page of the area from any depth', () => {
  let go: (to: string) => void = () => undefined;
  function Probe() {
    go = useAreaNavigate();
    return <p>inside</p>;
  }
  renderArea('/account/a/b', <Probe />);
  act(() => go('userinfo'));
  // Still inside: the splat route renders the probe at /account/userinfo.
  expect(screen.getByText('inside')).toBeTruthy();
  act(() => go('../../outside'));
  expect(screen.queryByText('outside')).toBeNull();
});

test('usePageTitle names the page while mounted and clears it after', () => {
  function Page({ title }: { title: string }) {
    usePageTitle(title);
    return <p>{title}</p>;
  }
  const host = createTestHost({ basePath: '/account' });
  const { rerender, unmount } = render(<Page title="Claims" />, { wrapper: host.wrapper });
  rerender(<Page title="Provider profile" />);
  unmount();
  expect(host.calls.filter((call) => call.method === 'remote.setTitle').map((call) => call.args[0])).toEqual([
    'Claims',
    null,
    'Provider profile',
    null,
  ]);
});
