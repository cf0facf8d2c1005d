import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Renew
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Renewal is not available yet" closeLabel="Close">
        Renewal extends the service by its billing period.
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a named modal dialog and closes with its close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Renew' }));
    const dialog = screen.getByRole('dialog', { name: 'Renewal is not available yet' });
    expect(dialog).toHaveAccessibleDescription('Renewal extends the service by its billing period.');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
