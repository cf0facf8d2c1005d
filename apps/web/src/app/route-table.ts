/**
 * The one route table (docs/decisions/018-prerendered-public-pages.md). The router (`routes.tsx`), the build's
 * prerender step (`entry-server.tsx`), the generated sitemap.xml and robots.txt, the site's menus
 * (`navigation.ts`) and the end-to-end route lists all read it. Adding a page is adding one entry here.
 *
 * Plain data with no imports, so that Node scripts and Playwright can read it as well as the app.
 */

/**
 * Where a page sits: `public` in the site's header and footer, `guest` the same but only for visitors (a
 * signed-in user is sent on), `dashboard` and `admin` in the signed-in layouts behind their guards.
 */
export type RouteLayout = 'public' | 'guest' | 'dashboard' | 'admin';

export interface RouteEntry {
  /** The full path, as a visitor types it. */
  path: string;
  /** The page's key: its title and description are `pages.<page>.title` and `.description` in common.json. */
  page: string;
  /** The page module under `src/features/` (without `.tsx`) and the component it exports. */
  module: string;
  component: string;
  /** The translation namespaces the page needs besides `common`; they load together with its code. */
  namespaces: readonly string[];
  layout: RouteLayout;
  /** Rendered to HTML at build time in every language, served before any script runs, then hydrated. */
  prerender: boolean;
  /** The addresses a prerendered route with a parameter (`/blog/:slug`) is rendered at; its path alone otherwise. */
  paths?: readonly string[];
  /** False keeps a prerendered page out of the sitemap (a page a form lands on). */
  sitemap?: false;
}

/** The blog's articles, each at `/blog/<slug>` (decision 053); their words are in blog.json under `posts.<slug>`. */
export const BLOG_POST_SLUGS = ['choose-plan', 'ssl-explained', 'backups'] as const;

const marketing = ['marketing'];
/** The terms and privacy texts are long: their own namespace keeps them off every other page. */
const legal = ['marketing', 'legal'];
const blog = ['marketing', 'blog'];
const auth = ['auth'];
const ordering = ['marketing', 'ordering'];
const dashboard = ['dashboard'];
const admin = ['admin'];

const site = <P extends string>(
  path: string,
  page: P,
  module: string,
  component: string,
  namespaces = marketing,
): RouteEntry & { page: P } => ({
  path,
  page,
  module: `marketing/pages/${module}`,
  component,
  namespaces,
  layout: 'public',
  prerender: true,
});

export const ROUTE_TABLE = [
  site('/', 'home', 'home-page', 'HomePage'),
  site('/hosting', 'hosting', 'hosting-page', 'HostingPage'),
  site('/game-servers', 'gameServers', 'game-servers-page', 'GameServersPage'),
  site('/vds', 'vds', 'vds-page', 'VdsPage'),
  site('/dedicated', 'dedicated', 'dedicated-page', 'DedicatedPage'),
  site('/domains', 'domains', 'domains-page', 'DomainsPage'),
  site('/services', 'services', 'services-page', 'ServicesPage'),
  site('/about', 'about', 'about-page', 'AboutPage'),
  site('/contact', 'contact', 'contact-page', 'ContactPage'),
  // Where the contact form's post lands without scripts (decision 053): not a page to list in a search engine.
  { ...site('/contact/sent', 'contactSent', 'contact-sent-page', 'ContactSentPage'), sitemap: false as const },
  site('/blog', 'blog', 'blog-page', 'BlogPage', blog),
  {
    ...site('/blog/:slug', 'blogPost', 'blog-post-page', 'BlogPostPage', blog),
    paths: BLOG_POST_SLUGS.map((slug) => `/blog/${slug}`),
  },
  site('/terms', 'terms', 'terms-page', 'TermsPage', legal),
  site('/privacy', 'privacy', 'privacy-page', 'PrivacyPage', legal),
  // The cart and checkout read the visitor's browser (the stored cart, the session): rendered there, never at build
  // time, and kept out of the sitemap (docs/decisions/036-cart-in-local-storage.md).
  {
    path: '/cart',
    page: 'cart' as const,
    module: 'marketing/pages/cart-page',
    component: 'CartPage',
    namespaces: ordering,
    layout: 'public' as const,
    prerender: false,
  },
  {
    path: '/checkout',
    page: 'checkout' as const,
    module: 'marketing/pages/checkout-page',
    component: 'CheckoutPage',
    namespaces: ordering,
    layout: 'public' as const,
    prerender: false,
  },
  {
    path: '/login',
    page: 'login' as const,
    module: 'auth/pages/login-page',
    component: 'LoginPage',
    namespaces: auth,
    layout: 'guest' as const,
    prerender: true,
  },
  {
    path: '/register',
    page: 'register' as const,
    module: 'auth/pages/register-page',
    component: 'RegisterPage',
    namespaces: auth,
    layout: 'guest' as const,
    prerender: true,
  },
  // Reached from the sign-in page and from mailed links, signed in or not (docs/decisions/019-unverified-accounts.md).
  {
    path: '/forgot-password',
    page: 'forgotPassword' as const,
    module: 'auth/pages/forgot-password-page',
    component: 'ForgotPasswordPage',
    namespaces: auth,
    layout: 'public' as const,
    prerender: true,
  },
  // The link's token is after `#`, which only the browser sees: these render there, never at build time.
  {
    path: '/reset-password',
    page: 'resetPassword' as const,
    module: 'auth/pages/reset-password-page',
    component: 'ResetPasswordPage',
    namespaces: auth,
    layout: 'public' as const,
    prerender: false,
  },
  {
    path: '/verify-email',
    page: 'verifyEmail' as const,
    module: 'auth/pages/verify-email-page',
    component: 'VerifyEmailPage',
    namespaces: auth,
    layout: 'public' as const,
    prerender: false,
  },
  {
    path: '/undo-email-change',
    page: 'undoEmailChange' as const,
    module: 'auth/pages/undo-email-change-page',
    component: 'UndoEmailChangePage',
    namespaces: auth,
    layout: 'public' as const,
    prerender: false,
  },
  ...(
    [
      ['/dashboard', 'dashboard', 'dashboard-home-page', 'DashboardHomePage'],
      ['/dashboard/hosting', 'dashboardHosting', 'dashboard-hosting-page', 'DashboardHostingPage'],
      ['/dashboard/domains', 'dashboardDomains', 'dashboard-domains-page', 'DashboardDomainsPage'],
      ['/dashboard/domains/:id', 'dashboardDomain', 'dashboard-domain-page', 'DashboardDomainPage'],
      ['/dashboard/servers', 'dashboardServers', 'dashboard-servers-page', 'DashboardServersPage'],
      ['/dashboard/servers/:id', 'dashboardServer', 'dashboard-server-page', 'DashboardServerPage'],
      ['/dashboard/services', 'dashboardServices', 'dashboard-services-page', 'DashboardServicesPage'],
      [
        '/dashboard/services/:id/certificate',
        'dashboardCertificate',
        'dashboard-certificate-page',
        'DashboardCertificatePage',
      ],
      [
        '/dashboard/services/:id/panel',
        'dashboardHostingPanel',
        'dashboard-hosting-panel-page',
        'DashboardHostingPanelPage',
      ],
      ['/dashboard/services/:id/databases', 'dashboardDatabases', 'dashboard-databases-page', 'DashboardDatabasesPage'],
      ['/dashboard/services/:id/files', 'dashboardFiles', 'dashboard-files-page', 'DashboardFilesPage'],
      ['/dashboard/orders', 'dashboardOrders', 'dashboard-orders-page', 'DashboardOrdersPage'],
      ['/dashboard/orders/:id', 'dashboardOrder', 'dashboard-order-page', 'DashboardOrderPage'],
      ['/dashboard/finance', 'dashboardFinance', 'dashboard-finance-page', 'DashboardFinancePage'],
      ['/dashboard/finance/invoices/:id', 'dashboardInvoice', 'dashboard-invoice-page', 'DashboardInvoicePage'],
      ['/dashboard/support', 'dashboardSupport', 'dashboard-support-page', 'DashboardSupportPage'],
      ['/dashboard/support/tickets/:id', 'dashboardTicket', 'dashboard-ticket-page', 'DashboardTicketPage'],
      ['/dashboard/support/articles/:id', 'dashboardArticle', 'dashboard-article-page', 'DashboardArticlePage'],
      [
        '/dashboard/notifications',
        'dashboardNotifications',
        'dashboard-notifications-page',
        'DashboardNotificationsPage',
      ],
      ['/dashboard/settings', 'dashboardSettings', 'dashboard-settings-page', 'DashboardSettingsPage'],
    ] as const
  ).map(([path, page, module, component]) => ({
    path,
    page,
    module: `dashboard/pages/${module}`,
    component,
    namespaces: dashboard,
    layout: 'dashboard' as const,
    prerender: false,
  })),
  ...(
    [
      ['/admin', 'admin', 'admin-overview-page', 'AdminOverviewPage'],
      ['/admin/users', 'adminUsers', 'admin-users-page', 'AdminUsersPage'],
      ['/admin/servers', 'adminServers', 'admin-servers-page', 'AdminServersPage'],
      ['/admin/hosting', 'adminHosting', 'admin-hosting-page', 'AdminHostingPage'],
      ['/admin/domains', 'adminDomains', 'admin-domains-page', 'AdminDomainsPage'],
      ['/admin/billing', 'adminBilling', 'admin-billing-page', 'AdminBillingPage'],
      ['/admin/orders', 'adminOrders', 'admin-orders-page', 'AdminOrdersPage'],
      ['/admin/settings', 'adminSettings', 'admin-settings-page', 'AdminSettingsPage'],
      ['/admin/audit', 'adminAudit', 'admin-audit-page', 'AdminAuditPage'],
      ['/admin/outbox', 'adminOutbox', 'admin-outbox-page', 'AdminOutboxPage'],
      ['/admin/scheduler', 'adminScheduler', 'admin-scheduler-page', 'AdminSchedulerPage'],
      ['/admin/support', 'adminSupport', 'admin-support-page', 'AdminSupportPage'],
      ['/admin/support/:id', 'adminTicket', 'admin-ticket-page', 'AdminTicketPage'],
      ['/admin/error-logs', 'adminErrorLogs', 'admin-error-logs-page', 'AdminErrorLogsPage'],
      ['/admin/provisioning', 'adminProvisioning', 'admin-provisioning-page', 'AdminProvisioningPage'],
      ['/admin/certificates', 'adminCertificates', 'admin-certificates-page', 'AdminCertificatesPage'],
    ] as const
  ).map(([path, page, module, component]) => ({
    path,
    page,
    module: `admin/pages/${module}`,
    component,
    namespaces: admin,
    layout: 'admin' as const,
    prerender: false,
  })),
] as const satisfies readonly RouteEntry[];

/** The page every unknown address shows; prerendered too, and served with status 404. */
export const NOT_FOUND_PAGE = 'notFound';
/** Where the prerendered not-found page is rendered from: a path no route matches. */
export const NOT_FOUND_PATH = '/404';

export type PageKey = (typeof ROUTE_TABLE)[number]['page'];

/** The path of a page, checked by the compiler: a menu cannot point at a page that does not exist. */
export function pathOf(page: PageKey): string {
  const entry = TABLE.find((route) => route.page === page);
  if (!entry) throw new Error(`No route for page ${page}`);
  return entry.path;
}

const TABLE: readonly RouteEntry[] = ROUTE_TABLE;

export const routesOf = (...layouts: RouteLayout[]): RouteEntry[] =>
  TABLE.filter((route) => layouts.includes(route.layout));

export const PRERENDERED_ROUTES: RouteEntry[] = TABLE.filter((route) => route.prerender);

/** The addresses a route answers that can be visited as they are: its `paths`, or its path without parameters. */
export const addressesOf = (route: RouteEntry): readonly string[] => route.paths ?? [route.path];
