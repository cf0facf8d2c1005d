import { pathOf } from './route-table';

/** Where the site's menus point: pages of the route table. Labels are keys of the `common` namespace. */
export interface NavLink {
  to: string;
  labelKey: string;
  descriptionKey?: string;
}

export const SERVICE_LINKS: NavLink[] = [
  { to: pathOf('hosting'), labelKey: 'nav.hosting', descriptionKey: 'nav.hostingDescription' },
  { to: pathOf('gameServers'), labelKey: 'nav.gameServers', descriptionKey: 'nav.gameServersDescription' },
  { to: pathOf('vds'), labelKey: 'nav.vds', descriptionKey: 'nav.vdsDescription' },
  { to: pathOf('dedicated'), labelKey: 'nav.dedicated', descriptionKey: 'nav.dedicatedDescription' },
];

export const MAIN_LINKS: NavLink[] = [
  { to: pathOf('domains'), labelKey: 'nav.domains' },
  { to: pathOf('about'), labelKey: 'nav.about' },
  { to: pathOf('contact'), labelKey: 'nav.contact' },
  { to: pathOf('blog'), labelKey: 'nav.blog' },
];

/** docs/product/screens.md: the footer links. */
export const FOOTER_GROUPS: { titleKey: string; links: NavLink[] }[] = [
  {
    titleKey: 'footer.products',
    links: [
      { to: pathOf('home'), labelKey: 'nav.home' },
      { to: pathOf('hosting'), labelKey: 'nav.hosting' },
      { to: pathOf('domains'), labelKey: 'nav.domains' },
      { to: pathOf('services'), labelKey: 'nav.services' },
    ],
  },
  {
    titleKey: 'footer.company',
    links: [
      { to: pathOf('about'), labelKey: 'nav.about' },
      { to: pathOf('blog'), labelKey: 'nav.blog' },
      { to: pathOf('contact'), labelKey: 'nav.contact' },
    ],
  },
  {
    titleKey: 'footer.legal',
    links: [
      { to: pathOf('terms'), labelKey: 'nav.terms' },
      { to: pathOf('privacy'), labelKey: 'nav.privacy' },
    ],
  },
];
