import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Column, DataTable } from './data-table';

interface Row {
  id: string;
  name: string;
  status: string;
}

const rows: Row[] = [
  { id: '1', name: 'example.com', status: 'Active' },
  { id: '2', name: 'mybusiness.net', status: 'Suspended' },
];
const columns: Column<Row>[] = [
  { key: 'name', header: 'Domain', cell: (row) => row.name, rowHeader: true },
  { key: 'status', header: 'Status', cell: (row) => row.status },
];

describe('DataTable', () => {
  it('is a captioned table with column and row headers in a focusable scroll region', () => {
    render(<DataTable caption="Domains" columns={columns} rows={rows} rowKey={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'Domains' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Domain', 'Status']);
    expect(within(table).getByRole('rowheader', { name: 'example.com' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Domains' })).toHaveAttribute('tabindex', '0');
    expect(table).not.toHaveAttribute('role');
  });

  it('stacked: keeps the table roles explicit and repeats each header beside its value, hidden from screen readers', () => {
    render(<DataTable caption="Domains" columns={columns} rows={rows} rowKey={(row) => row.id} stacked />);
    const table = screen.getByRole('table', { name: 'Domains' });
    expect(table).toHaveAttribute('role', 'table');
    const [, first] = within(table).getAllByRole('row');
    const cell = within(first!).getByRole('cell');
    expect(cell).toHaveTextContent('StatusActive');
    expect(within(cell).getByText('Status')).toHaveAttribute('aria-hidden', 'true');
    expect(within(first!).getByRole('rowheader')).toHaveTextContent(/^example\.com$/);
  });

  it('stacked: a column may name its values otherwise, or not at all (a row checkbox)', () => {
    const labelled: Column<Row>[] = [
      ...columns,
      { key: 'pick', header: <input type="checkbox" aria-label="All" />, stackedLabel: null, cell: () => 'x' },
      { key: 'other', header: 'Long header', stackedLabel: 'Short', cell: () => 'y' },
    ];
    render(<DataTable caption="Domains" columns={labelled} rows={rows} rowKey={(row) => row.id} stacked />);
    const [, first] = within(screen.getByRole('table', { name: 'Domains' })).getAllByRole('row');
    const [, pick, other] = within(first!).getAllByRole('cell');
    expect(pick).toHaveTextContent(/^x$/);
    expect(within(pick!).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(other).toHaveTextContent('Shorty');
  });

  it('shows the empty message when there are no rows', () => {
    render(<DataTable caption="Domains" columns={columns} rows={[]} rowKey={(row) => row.id} empty="Nothing here" />);
    expect(screen.getByRole('cell', { name: 'Nothing here' })).toBeInTheDocument();
  });
});
