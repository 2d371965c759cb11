import { Link } from 'react-router';

export default function Invite() {
  return (
    <div>
      <h2>Invite someone</h2>
      <p data-testid="referrals-invite">Inviting will be possible here once the referrals service exists.</p>
      <Link to="..">Back to referrals</Link>
    </div>
  );
}
