/** Where the site's menus point. Labels are keys of the `common` namespace. */
export interface NavLink {
  to: string;
  labelKey: string;
  descriptionKey?: string;
}

export const SERVICE_LINKS: NavLink[] = [
  { to: '/hosting', labelKey: 'nav.hosting', descriptionKey: 'nav.hostingDescription' },
  { to: '/game-servers', labelKey: 'nav.gameServers', descriptionKey: 'nav.gameServersDescription' },
  { to: '/vds', labelKey: 'nav.vds', descriptionKey: 'nav.vdsDescription' },
  { to: '/dedicated', labelKey: 'nav.dedicated', descriptionKey: 'nav.dedicatedDescription' },
];

export const MAIN_LINKS: NavLink[] = [
  { to: '/domains', labelKey: 'nav.domains' },
  { to: '/about', labelKey: 'nav.about' },
  { to: '/contact', labelKey: 'nav.contact' },
  { to: '/blog', labelKey: 'nav.blog' },
];

/** docs/product/screens.md: the footer links. */
export const FOOTER_GROUPS: { titleKey: string; links: NavLink[] }[] = [
  {
    titleKey: 'footer.products',
    links: [
      { to: '/', labelKey: 'nav.home' },
      { to: '/hosting', labelKey: 'nav.hosting' },
      { to: '/domains', labelKey: 'nav.domains' },
      { to: '/services', labelKey: 'nav.services' },
    ],
  },
  {
    titleKey: 'footer.company',
    links: [
      { to: '/about', labelKey: 'nav.about' },
      { to: '/blog', labelKey: 'nav.blog' },
      { to: '/contact', labelKey: 'nav.contact' },
    ],
  },
  {
    titleKey: 'footer.legal',
    links: [
      { to: '/terms', labelKey: 'nav.terms' },
      { to: '/privacy', labelKey: 'nav.privacy' },
    ],
  },
];
