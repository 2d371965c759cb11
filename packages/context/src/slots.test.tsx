import { render, screen } from '@testing-library/react';
import {
  defineContribution,
  HostProvider,
  isContributionModule,
  Slot,
  type ContributionProps,
  type SlotOutletProps,
} from './index';
import { createTestHost } from './testing';

describe('defineContribution', () => {
  it('marks a component as a contribution to its slot, which the host can tell from anything else', () => {
    const contribution = defineContribution('account.profile.aside', ({ params }) => <p>{params.userId}</p>);
    expect(isContributionModule(contribution)).toBe(true);
    expect(contribution.slot).toBe('account.profile.aside');
    expect(Object.isFrozen(contribution)).toBe(true);
    expect(isContributionModule({ kind: 'mfe.remote', App: () => null })).toBe(false);
    expect(isContributionModule({ kind: 'mfe.contribution', slot: 'home.tiles' })).toBe(false);
    expect(isContributionModule(null)).toBe(false);
  });

  it("refuses, at typecheck, a component whose parameters are not the slot's, and a slot nobody declared", () => {
    const Wrong = ({ params }: { params: { userId: number } }) => <p>{params.userId}</p>;
    // @ts-expect-error the profile slot passes userId as a string
    defineContribution('account.profile.aside', Wrong);
    const NeedsMore = (props: ContributionProps<'account.profile.aside'> & { params: { extra: string } }) => (
      <p>{props.params.extra}</p>
    );
    // @ts-expect-error the slot passes no "extra"
    defineContribution('account.profile.aside', NeedsMore);
    // @ts-expect-error no such slot is declared in SlotMap
    defineContribution('account.nowhere', () => null);
    // @ts-expect-error no such slot is declared in SlotMap
    void (<Slot name="account.nowhere" />);
    // @ts-expect-error the profile slot needs its parameters
    void (<Slot name="account.profile.aside" />);
    // A slot that passes nothing needs no params.
    void (<Slot name="home.tiles" />);
    expect(true).toBe(true);
  });
});

describe('<Slot>', () => {
  it('shows its fallback in a host without slots (before 1.5.0), and nothing without a fallback', () => {
    const host = createTestHost();
    const { rerender } = render(
      <HostProvider value={host.context}>
        <Slot name="home.tiles" fallback={<p>No tiles yet</p>} />
      </HostProvider>,
    );
    expect(screen.getByText('No tiles yet')).toBeTruthy();
    rerender(
      <HostProvider value={host.context}>
        <div data-testid="around">
          <Slot name="home.tiles" />
        </div>
      </HostProvider>,
    );
    expect(screen.getByTestId('around').innerHTML).toBe('');
  });

  it("hands the host's outlet its name, parameters and fallback", () => {
    const seen: SlotOutletProps[] = [];
    const Outlet = (props: SlotOutletProps) => {
      seen.push(props);
      return <p>outlet for {props.name}</p>;
    };
    const host = createTestHost();
    render(
      <HostProvider value={{ ...host.context, slots: { Outlet } }}>
        <Slot name="account.profile.aside" params={{ userId: 'u-1' }} fallback="none" />
      </HostProvider>,
    );
    expect(screen.getByText('outlet for account.profile.aside')).toBeTruthy();
    expect(seen[0]).toEqual({ name: 'account.profile.aside', params: { userId: 'u-1' }, fallback: 'none' });
  });
});
