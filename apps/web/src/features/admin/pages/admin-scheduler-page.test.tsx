import { DEFAULT_AUTOMATION_SETTINGS, SCHEDULER_JOBS, type SchedulerJob } from '@hostpilot/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { AdminSchedulerPage } from './admin-scheduler-page';

const renderPage = (language: 'en' | 'ru' = 'en') =>
  renderWithRouter(<AdminSchedulerPage />, { path: '/admin/scheduler', namespaces: ['admin'], language });

const job = (name: SchedulerJob['name']): SchedulerJob => ({
  name,
  lastStartedAt: null,
  lastFinishedAt: null,
  outcome: null,
  changed: null,
  error: null,
  nextRunAt: '2026-11-24T13:00:00.000Z',
});
const STATUS = { enabled: true, intervalMs: 60_000, jobs: SCHEDULER_JOBS.map(job) };

describe('the scheduler page', () => {
  it('runs a job now: pending, then its new last run and outcome, announced', async () => {
    let release: () => void = () => undefined;
    const api = serveApi({
      '/api/admin/scheduler': STATUS,
      '/api/admin/settings/automation': DEFAULT_AUTOMATION_SETTINGS,
      '/api/admin/scheduler/termination/run': () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              ...job('termination'),
              lastStartedAt: '2026-11-24T12:30:00.000Z',
              lastFinishedAt: '2026-11-24T12:30:01.000Z',
              outcome: 'succeeded',
              changed: 2,
            });
        }),
    });
    const user = userEvent.setup();
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Scheduled jobs' });
    expect(screen.getByText('Looks for due jobs every minute.')).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /Termination/ });
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(row).getByText('Not run yet')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Run “Termination” now' }));
    expect(within(row).getByRole('button', { name: 'Run “Termination” now' })).toBeDisabled();
    expect(within(row).getByText('Running…')).toBeInTheDocument();
    release();
    expect(await screen.findByText('“Termination” finished: 2 changes.')).toHaveAttribute('role', 'status');
    expect(within(row).getByText('Succeeded')).toBeInTheDocument();
    expect(within(row).queryByText('Never')).not.toBeInTheDocument();
    expect(api.calls).toContain('/api/admin/scheduler/termination/run');
  });

  it('says so when a run is refused, in Russian', async () => {
    serveApi({
      '/api/admin/scheduler': STATUS,
      '/api/admin/settings/automation': DEFAULT_AUTOMATION_SETTINGS,
      '/api/admin/scheduler/auto-renew/run': {
        status: 409,
        body: { error: { code: 'INVALID_STATE', message: 'This job is running now' } },
      },
    });
    const user = userEvent.setup();
    await renderPage('ru');
    const table = await screen.findByRole('table', { name: 'Задачи планировщика' });
    await user.click(within(table).getByRole('button', { name: 'Запустить «Автопродление» сейчас' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось запустить «Автопродление»');
  });

  it('checks the settings before sending them and keeps what was typed', async () => {
    const api = serveApi({
      '/api/admin/scheduler': STATUS,
      '/api/admin/settings/automation': DEFAULT_AUTOMATION_SETTINGS,
    });
    const user = userEvent.setup();
    await renderPage();
    const suspend = await screen.findByLabelText('Suspend unpaid services, days after expiry');
    await user.clear(suspend);
    await user.type(suspend, '40');
    await user.click(screen.getByRole('switch', { name: 'Terminate unpaid services' }));
    await user.click(screen.getByRole('button', { name: 'Save automation settings' }));
    const terminate = screen.getByLabelText('Terminate, days after expiry');
    expect(terminate).toHaveAccessibleDescription('Termination must come later than suspension');
    expect(suspend).toHaveValue(40);
    expect(api.calls.filter((call) => call === '/api/admin/settings/automation')).toHaveLength(1);
  });

  it('shows an error with Retry when the jobs cannot be read', async () => {
    serveApi({
      '/api/admin/scheduler': { status: 500, body: { error: { code: 'INTERNAL', message: 'Internal Server Error' } } },
      '/api/admin/settings/automation': DEFAULT_AUTOMATION_SETTINGS,
    });
    await renderPage();
    expect(await screen.findByText("The scheduler couldn't be loaded")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });
});
