import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge';
import { Switch } from './switch';
import { UsageBar } from './usage-bar';

describe('UsageBar', () => {
  it('announces its label and figure, and clamps to 0..100', () => {
    render(
      <>
        <UsageBar label="Storage" percent={42} valueText="4.2 of 10 GB (42%)" />
        <UsageBar label="CPU" percent={130} valueText="100%" />
      </>,
    );
    const storage = screen.getByRole('meter', { name: 'Storage' });
    expect(storage).toHaveAttribute('aria-valuenow', '42');
    expect(storage).toHaveAttribute('aria-valuetext', '4.2 of 10 GB (42%)');
    expect(screen.getByRole('meter', { name: 'CPU' })).toHaveAttribute('aria-valuenow', '100');
  });
});

describe('StatusBadge', () => {
  it('says the status in words and carries its tone', () => {
    render(<StatusBadge tone="warning" label="Pending" />);
    expect(screen.getByText('Pending')).toHaveAttribute('data-tone', 'warning');
  });
});

describe('Switch', () => {
  function Harness() {
    const [on, setOn] = useState(true);
    return <Switch checked={on} onChange={setOn} label="Auto-renew" description="Renew before expiry" />;
  }

  it('is a named switch that toggles by click and by keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const toggle = screen.getByRole('switch', { name: 'Auto-renew' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription('Renew before expiry');
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toBeChecked();
  });
});
