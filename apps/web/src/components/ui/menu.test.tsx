import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton } from './menu';

function renderMenu() {
  const chosen = vi.fn();
  render(
    <MenuButton
      label="Actions"
      accessibleLabel="Actions for Ada Lovelace"
      items={[
        { key: 'suspend', label: 'Suspend', onSelect: () => chosen('suspend') },
        { key: 'credit', label: 'Balance', onSelect: () => chosen('credit'), disabled: true },
        { key: 'notes', label: 'Notes', onSelect: () => chosen('notes') },
      ]}
      danger={[{ key: 'delete', label: 'Delete', onSelect: () => chosen('delete') }]}
    />,
  );
  return chosen;
}

describe('MenuButton', () => {
  it('is a menu button that opens on the first item and moves with the arrow keys, skipping disabled items', async () => {
    const user = userEvent.setup();
    const chosen = renderMenu();
    const button = screen.getByRole('button', { name: 'Actions for Ada Lovelace' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Actions for Ada Lovelace' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getByRole('menuitem', { name: 'Suspend' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Notes' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Suspend' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    expect(screen.getByRole('separator')).toBeInTheDocument();

    await user.keyboard('{Enter}');
    expect(chosen).toHaveBeenCalledWith('delete');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes on Escape with focus back on the button, and on a click outside', async () => {
    const user = userEvent.setup();
    const chosen = renderMenu();
    const button = screen.getByRole('button', { name: 'Actions for Ada Lovelace' });
    await user.click(button);
    expect(screen.getByRole('menuitem', { name: 'Suspend' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(chosen).not.toHaveBeenCalled();
  });
});
