import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { i18n } from '@/lib/i18n';
import { ErrorScreen } from './error-screen';
import { GuestOnly } from './guards/guest-only';
import { RequireAdmin } from './guards/require-admin';
import { RequireAuth } from './guards/require-auth';
import { PublicLayout } from './layouts/public-layout';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-meta';

/**
 * A route whose page lives in its own chunk. The router waits for the code and the page's
 * translations together, so a page never flashes untranslated keys.
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, namespaces: string[]) {
  return async () => {
    const [module] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
    return { Component: pick(module) };
  };
}

const handle = (page: string): RouteHandle => ({ page });

const marketing = ['marketing'];
/** The terms and privacy texts are long: their own namespace keeps them off every other page. */
const legal = ['marketing', 'legal'];
const blog = ['marketing', 'blog'];
const auth = ['auth'];
const dashboard = ['dashboard'];
const admin = ['admin'];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            index: true,
            handle: handle('home'),
            lazy: lazyPage(
              () => import('@/features/marketing/pages/home-page'),
              (m) => m.HomePage,
              marketing,
            ),
          },
          {
            path: 'hosting',
            handle: handle('hosting'),
            lazy: lazyPage(
              () => import('@/features/marketing/pages/hosting-page'),
              (m) => m.HostingPage,
              marketing,
            ),
          },
          {
            path: 'game-servers',
            handle: handle('gameServers'),
            lazy: lazyPage(
              () => import('@/features/marketing/pages/game-servers-page'),
              (m) => m.GameServersPage,
              marketing,
            ),
          },
          {
            path: 'vds',
            handle: handle('vds'),
            lazy: lazyPage(
              () => import('@/features/marketing/pages/vds-page'),
              (m) => m.VdsPage,
              marketing,
            ),
          },
          {
            path: 'dedicated',
            handle: handle('dedicated'),
            lazy: lazyPage(
              () => import('@/features/marketing/pages/dedicated-page'),
              (m) => m.DedicatedPage,
              marketing,
            ),
          },
          {
            path: 'domains',
            handle: handle('domains'),
            lazy: lazyPage(
              () => import('@/features/marketing/pages/domains-page'),
              (m) => m.DomainsPage,
              marketing,
            ),
          },
          {
            path: 'services',
            handle: handle('services'),
            lazy: lazyPage(
              () => import('@/features/marketing/pages/services-page'),
              (m) => m.ServicesPage,
              marketing,
            ),
          },
          {
            path: 'about',
            handle: handle('about'),
            lazy: lazyPage(
              () => import('@/features/marketing/pages/about-page'),
              (m) => m.AboutPage,
              marketing,
            ),
          },
          {
            path: 'contact',
            handle: handle('contact'),
            lazy: lazyPage(
              () => import('@/features/marketing/pages/contact-page'),
              (m) => m.ContactPage,
              marketing,
            ),
          },
          {
            path: 'blog',
            handle: handle('blog'),
            lazy: lazyPage(
              () => import('@/features/marketing/pages/blog-page'),
              (m) => m.BlogPage,
              blog,
            ),
          },
          {
            path: 'terms',
            handle: handle('terms'),
            lazy: lazyPage(
              () => import('@/features/marketing/pages/terms-page'),
              (m) => m.TermsPage,
              legal,
            ),
          },
          {
            path: 'privacy',
            handle: handle('privacy'),
            lazy: lazyPage(
              () => import('@/features/marketing/pages/privacy-page'),
              (m) => m.PrivacyPage,
              legal,
            ),
          },
          {
            path: 'forgot-password',
            handle: handle('forgotPassword'),
            lazy: lazyPage(
              () => import('@/features/auth/pages/forgot-password-page'),
              (m) => m.ForgotPasswordPage,
              auth,
            ),
          },
          {
            path: 'reset-password',
            handle: handle('resetPassword'),
            lazy: lazyPage(
              () => import('@/features/auth/pages/reset-password-page'),
              (m) => m.ResetPasswordPage,
              auth,
            ),
          },
          {
            path: 'verify-email',
            handle: handle('verifyEmail'),
            lazy: lazyPage(
              () => import('@/features/auth/pages/verify-email-page'),
              (m) => m.VerifyEmailPage,
              auth,
            ),
          },
          {
            element: <GuestOnly />,
            children: [
              {
                path: 'login',
                handle: handle('login'),
                lazy: lazyPage(
                  () => import('@/features/auth/pages/login-page'),
                  (m) => m.LoginPage,
                  auth,
                ),
              },
              {
                path: 'register',
                handle: handle('register'),
                lazy: lazyPage(
                  () => import('@/features/auth/pages/register-page'),
                  (m) => m.RegisterPage,
                  auth,
                ),
              },
            ],
          },
          { path: '*', handle: handle('notFound'), element: <NotFoundPage /> },
        ],
      },
      {
        path: 'dashboard',
        element: <RequireAuth />,
        children: [
          {
            // The signed-in layouts load with their first page: the public site never downloads them.
            lazy: async () => ({ Component: (await import('./layouts/dashboard-layout')).DashboardLayout }),
            children: [
              {
                index: true,
                handle: handle('dashboard'),
                lazy: lazyPage(
                  () => import('@/features/dashboard/pages/dashboard-home-page'),
                  (m) => m.DashboardHomePage,
                  dashboard,
                ),
              },
              {
                path: 'hosting',
                handle: handle('dashboardHosting'),
                lazy: lazyPage(
                  () => import('@/features/dashboard/pages/dashboard-hosting-page'),
                  (m) => m.DashboardHostingPage,
                  dashboard,
                ),
              },
              {
                path: 'domains',
                handle: handle('dashboardDomains'),
                lazy: lazyPage(
                  () => import('@/features/dashboard/pages/dashboard-domains-page'),
                  (m) => m.DashboardDomainsPage,
                  dashboard,
                ),
              },
              {
                path: 'services',
                handle: handle('dashboardServices'),
                lazy: lazyPage(
                  () => import('@/features/dashboard/pages/dashboard-services-page'),
                  (m) => m.DashboardServicesPage,
                  dashboard,
                ),
              },
              {
                path: 'finance',
                handle: handle('dashboardFinance'),
                lazy: lazyPage(
                  () => import('@/features/dashboard/pages/dashboard-finance-page'),
                  (m) => m.DashboardFinancePage,
                  dashboard,
                ),
              },
              {
                path: 'support',
                handle: handle('dashboardSupport'),
                lazy: lazyPage(
                  () => import('@/features/dashboard/pages/dashboard-support-page'),
                  (m) => m.DashboardSupportPage,
                  dashboard,
                ),
              },
              {
                path: 'notifications',
                handle: handle('dashboardNotifications'),
                lazy: lazyPage(
                  () => import('@/features/dashboard/pages/dashboard-notifications-page'),
                  (m) => m.DashboardNotificationsPage,
                  dashboard,
                ),
              },
              {
                path: 'settings',
                handle: handle('dashboardSettings'),
                lazy: lazyPage(
                  () => import('@/features/dashboard/pages/dashboard-settings-page'),
                  (m) => m.DashboardSettingsPage,
                  dashboard,
                ),
              },
              { path: '*', handle: handle('notFound'), element: <NotFoundPage /> },
            ],
          },
        ],
      },
      {
        path: 'admin',
        element: <RequireAdmin />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/admin-layout')).AdminLayout }),
            children: [
              {
                index: true,
                handle: handle('admin'),
                lazy: lazyPage(
                  () => import('@/features/admin/pages/admin-overview-page'),
                  (m) => m.AdminOverviewPage,
                  admin,
                ),
              },
              {
                path: 'users',
                handle: handle('adminUsers'),
                lazy: lazyPage(
                  () => import('@/features/admin/pages/admin-users-page'),
                  (m) => m.AdminUsersPage,
                  admin,
                ),
              },
              {
                path: 'hosting',
                handle: handle('adminHosting'),
                lazy: lazyPage(
                  () => import('@/features/admin/pages/admin-hosting-page'),
                  (m) => m.AdminHostingPage,
                  admin,
                ),
              },
              {
                path: 'domains',
                handle: handle('adminDomains'),
                lazy: lazyPage(
                  () => import('@/features/admin/pages/admin-domains-page'),
                  (m) => m.AdminDomainsPage,
                  admin,
                ),
              },
              {
                path: 'billing',
                handle: handle('adminBilling'),
                lazy: lazyPage(
                  () => import('@/features/admin/pages/admin-billing-page'),
                  (m) => m.AdminBillingPage,
                  admin,
                ),
              },
              {
                path: 'settings',
                handle: handle('adminSettings'),
                lazy: lazyPage(
                  () => import('@/features/admin/pages/admin-settings-page'),
                  (m) => m.AdminSettingsPage,
                  admin,
                ),
              },
              {
                path: 'servers',
                handle: handle('adminServers'),
                lazy: lazyPage(
                  () => import('@/features/admin/pages/admin-servers-page'),
                  (m) => m.AdminServersPage,
                  admin,
                ),
              },
              { path: '*', handle: handle('notFound'), element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
