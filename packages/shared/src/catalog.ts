/**
 * The catalogue: every plan, price and business constant of docs/product/entities.md and docs/product/constants.md, in
 * one place. Prices are US dollars (per month for plans, per year for domains). Names are product names and read the
 * same in every language; descriptions and feature lines are translated by the web app, keyed by plan id.
 */

export type DataUnit = 'GB' | 'TB';

/** A storage or traffic size, as the plans quote it: 10GB, 1TB (docs/product/constants.md). */
export interface DataSize {
  amount: number;
  unit: DataUnit;
}

export const UNLIMITED = 'unlimited';
export type Unlimited = typeof UNLIMITED;

const gb = (amount: number): DataSize => ({ amount, unit: 'GB' });
const tb = (amount: number): DataSize => ({ amount, unit: 'TB' });

export const CURRENCY = 'USD';

/** docs/product/constants.md: uptime claim and support hours. */
export const UPTIME_PERCENT = 99.9;
export const SUPPORT_HOURS = '24/7';

// ---------------------------------------------------------------------------------------------------------
// Shared hosting

export type HostingPlanId = 'starter' | 'business' | 'enterprise';

/** What a hosting plan includes beyond its numbers; each id has a translated line in the web app. */
export type HostingFeatureId =
  | 'freeSsl'
  | 'oneClickInstaller'
  | 'weeklyBackups'
  | 'dailyBackups'
  | 'businessEmail'
  | 'freeDomain'
  | 'cdn'
  | 'stagingSite'
  | 'malwareScan'
  | 'dedicatedIp'
  | 'prioritySupport';

/** docs/product/entities.md, "Hosting plan". */
export interface HostingPlan {
  id: HostingPlanId;
  name: string;
  /** Dollars per month. */
  price: number;
  storage: DataSize;
  bandwidth: DataSize | Unlimited;
  /** How many domains the plan hosts. */
  domains: number | Unlimited;
  isPopular: boolean;
  features: readonly HostingFeatureId[];
}

/**
 * docs/product/constants.md, the static hosting prices: starter 2.99, business 5.99, enterprise 9.99 a month;
 * storage 10GB, 50GB, 100GB; bandwidth 100GB, then unlimited; domains 1, 5, Unlimited.
 * Shown on /hosting.
 */
export const HOSTING_PLANS: readonly HostingPlan[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: 2.99,
    storage: gb(10),
    bandwidth: gb(100),
    domains: 1,
    isPopular: false,
    features: ['freeSsl', 'oneClickInstaller', 'weeklyBackups', 'businessEmail'],
  },
  {
    id: 'business',
    name: 'Business',
    price: 5.99,
    storage: gb(50),
    bandwidth: UNLIMITED,
    domains: 5,
    isPopular: true,
    features: ['freeSsl', 'oneClickInstaller', 'dailyBackups', 'businessEmail', 'freeDomain', 'cdn'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 9.99,
    storage: gb(100),
    bandwidth: UNLIMITED,
    domains: UNLIMITED,
    isPopular: false,
    features: [
      'freeSsl',
      'oneClickInstaller',
      'dailyBackups',
      'businessEmail',
      'freeDomain',
      'cdn',
      'stagingSite',
      'malwareScan',
      'dedicatedIp',
      'prioritySupport',
    ],
  },
];

export type HomeHostingPlanId = 'basic' | 'pro' | 'business';

/**
 * docs/product/entities.md, "Teaser plan (the second set)": basic, pro and business with storage, bandwidth, price and
 * popular flag. Each is sold as it is shown (docs/decisions/052-money-journeys.md): a hosting plan of
 * its own whose id, `planId`, is unique among every plan (the teaser's business is `business-plus`, since /hosting
 * has a `business` of its own), so its Order Now button orders exactly that plan at that price.
 */
export interface HomeHostingPlan {
  id: HomeHostingPlanId;
  /** The hosting plan it is sold as (`/cart?add=<planId>`). */
  planId: string;
  name: string;
  /** Dollars per month. */
  price: number;
  storage: DataSize;
  bandwidth: DataSize;
  isPopular: boolean;
}

/**
 * docs/product/constants.md, the second plan set: $4.99, $9.99, $19.99 a month; storage 10GB, 50GB, 100GB;
 * bandwidth 100GB, 500GB, 1TB. Shown as the home page's three-plan teaser.
 */
export const HOME_HOSTING_PLANS: readonly HomeHostingPlan[] = [
  { id: 'basic', planId: 'basic', name: 'Basic', price: 4.99, storage: gb(10), bandwidth: gb(100), isPopular: false },
  { id: 'pro', planId: 'pro', name: 'Pro', price: 9.99, storage: gb(50), bandwidth: gb(500), isPopular: true },
  {
    id: 'business',
    planId: 'business-plus',
    name: 'Business',
    price: 19.99,
    storage: gb(100),
    bandwidth: tb(1),
    isPopular: false,
  },
];

// ---------------------------------------------------------------------------------------------------------
// Game servers

export type GameId = 'cs2' | 'minecraft';

export const GAMES: readonly { id: GameId; name: string }[] = [
  { id: 'cs2', name: 'Counter-Strike 2' },
  { id: 'minecraft', name: 'Minecraft' },
];

export interface GameServerSpecs {
  /** Virtual CPU cores. */
  cpu: number;
  ram: DataSize;
  storage: DataSize;
}

/** docs/product/entities.md, "Game plan": name, slots, price, specs {cpu, ram, storage}. */
export interface GamePlan {
  id: string;
  game: GameId;
  name: string;
  /** Player slots. */
  slots: number;
  /** Dollars per month. */
  price: number;
  specs: GameServerSpecs;
}

/**
 * docs/product/constants.md: CS2 Basic 16 slots $9.99, Pro 32 slots $19.99; Minecraft Basic 20 slots $12.99, Pro 100
 * slots $29.99.
 */
export const GAME_PLANS: readonly GamePlan[] = [
  {
    id: 'cs2-basic',
    game: 'cs2',
    name: 'CS2 Basic',
    slots: 16,
    price: 9.99,
    specs: { cpu: 2, ram: gb(4), storage: gb(40) },
  },
  {
    id: 'cs2-pro',
    game: 'cs2',
    name: 'CS2 Pro',
    slots: 32,
    price: 19.99,
    specs: { cpu: 4, ram: gb(8), storage: gb(80) },
  },
  {
    id: 'minecraft-basic',
    game: 'minecraft',
    name: 'Minecraft Basic',
    slots: 20,
    price: 12.99,
    specs: { cpu: 2, ram: gb(6), storage: gb(50) },
  },
  {
    id: 'minecraft-pro',
    game: 'minecraft',
    name: 'Minecraft Pro',
    slots: 100,
    price: 29.99,
    specs: { cpu: 6, ram: gb(16), storage: gb(150) },
  },
];

// ---------------------------------------------------------------------------------------------------------
// Servers

export interface ServerSpecs {
  /** VDS: virtual CPU cores. */
  cpu: number;
  ram: DataSize;
  storage: DataSize;
  bandwidth: DataSize | Unlimited;
}

/** docs/product/entities.md, "Server plan": name, price, specs (cpu, ram, storage, bandwidth), isPopular. */
export interface VdsPlan {
  id: string;
  name: string;
  /** Dollars per month. */
  price: number;
  specs: ServerSpecs;
  isPopular: boolean;
}

export interface DedicatedServerSpecs {
  /** The processor model. */
  cpu: string;
  /** Physical cores. */
  cores: number;
  ram: DataSize;
  storage: DataSize;
  bandwidth: DataSize | Unlimited;
}

/** A server plan whose specs also carry cores (docs/product/entities.md). */
export interface DedicatedPlan {
  id: string;
  name: string;
  /** Dollars per month. */
  price: number;
  specs: DedicatedServerSpecs;
  isPopular: boolean;
}

/** docs/product/constants.md: VDS $9.99, $19.99 (popular), $39.99. */
export const VDS_PLANS: readonly VdsPlan[] = [
  {
    id: 'vds-start',
    name: 'VDS Start',
    price: 9.99,
    specs: { cpu: 2, ram: gb(4), storage: gb(80), bandwidth: tb(2) },
    isPopular: false,
  },
  {
    id: 'vds-pro',
    name: 'VDS Pro',
    price: 19.99,
    specs: { cpu: 4, ram: gb(8), storage: gb(160), bandwidth: tb(4) },
    isPopular: true,
  },
  {
    id: 'vds-max',
    name: 'VDS Max',
    price: 39.99,
    specs: { cpu: 8, ram: gb(16), storage: gb(320), bandwidth: tb(8) },
    isPopular: false,
  },
];

/** docs/product/constants.md: dedicated $99.99, $199.99 (popular), $299.99. */
export const DEDICATED_PLANS: readonly DedicatedPlan[] = [
  {
    id: 'dedicated-entry',
    name: 'Entry',
    price: 99.99,
    specs: { cpu: 'Intel Xeon E-2388G', cores: 8, ram: gb(32), storage: tb(1), bandwidth: tb(10) },
    isPopular: false,
  },
  {
    id: 'dedicated-business',
    name: 'Business',
    price: 199.99,
    specs: { cpu: 'AMD Ryzen 9 7950X', cores: 16, ram: gb(64), storage: tb(2), bandwidth: tb(20) },
    isPopular: true,
  },
  {
    id: 'dedicated-enterprise',
    name: 'Enterprise',
    price: 299.99,
    specs: { cpu: 'AMD EPYC 9254', cores: 24, ram: gb(128), storage: tb(4), bandwidth: UNLIMITED },
    isPopular: false,
  },
];

// ---------------------------------------------------------------------------------------------------------
// Domains and data centres

/** docs/product/constants.md: domain TLDs start at $9.99 a year. */
export const DOMAIN_PRICE_FROM = 9.99;

export interface TldPrice {
  tld: string;
  /** Dollars per year, the lowest price. */
  priceFrom: number;
}

/** docs/product/screens.md: the TLD grid .com, .net, .org, .io, .dev, .app, each from $9.99 a year. */
export const TLDS: readonly TldPrice[] = ['.com', '.net', '.org', '.io', '.dev', '.app'].map((tld) => ({
  tld,
  priceFrom: DOMAIN_PRICE_FROM,
}));

/** docs/product/screens.md: the home page's popular TLDs, in this order. */
export const POPULAR_TLDS: readonly string[] = ['.com', '.org', '.net', '.io'];

export type DataCenterId = 'new-york' | 'london' | 'frankfurt' | 'singapore';

export interface DataCenter {
  id: DataCenterId;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** docs/product/constants.md: New York, London, Frankfurt, Singapore. */
export const DATA_CENTERS: readonly DataCenter[] = [
  { id: 'new-york', city: 'New York', country: 'US' },
  { id: 'london', city: 'London', country: 'GB' },
  { id: 'frankfurt', city: 'Frankfurt', country: 'DE' },
  { id: 'singapore', city: 'Singapore', country: 'SG' },
];

// ---------------------------------------------------------------------------------------------------------
// Extras and the plans a service can be on

export type ExtraPlanId = 'ssl' | 'backup' | 'email' | 'security';

/** The add-ons of /services (#ssl, #backup, #email, #security), sold per year for one domain. */
export interface ExtraPlan {
  id: ExtraPlanId;
  name: string;
  /** Dollars per year. */
  price: number;
}

export const EXTRA_PLANS: readonly ExtraPlan[] = [
  { id: 'ssl', name: 'SSL Certificate', price: 29.99 },
  { id: 'backup', name: 'Daily Backup', price: 19.99 },
  { id: 'email', name: 'Business Email', price: 24.99 },
  { id: 'security', name: 'Website Security', price: 39.99 },
];

/** The kinds of service a customer owns (the `kind` of a service row). */
export type PlanKind = 'hosting' | 'game' | 'vds' | 'dedicated' | 'extra';

export interface ServicePlan {
  kind: PlanKind;
  id: string;
  name: string;
  /** Dollars per billing period: a month, or a year for extras. */
  price: number;
  period: 'month' | 'year';
  /** Hosting plans: storage and monthly bandwidth. */
  storage?: DataSize;
  bandwidth?: DataSize | Unlimited;
}

/**
 * Every plan a service can be on, by kind and id. A hosting service is on one of the /hosting plans (starter,
 * business, enterprise: docs/decisions/012-data-model.md) or of the home teaser's (basic, pro, business-plus), each
 * sold at the price its page shows (docs/decisions/052-money-journeys.md).
 */
export const SERVICE_PLANS: readonly ServicePlan[] = [
  ...[...HOSTING_PLANS, ...HOME_HOSTING_PLANS.map((p) => ({ ...p, id: p.planId }))].map((p) => ({
    kind: 'hosting' as const,
    id: p.id,
    name: p.name,
    price: p.price,
    period: 'month' as const,
    storage: p.storage,
    bandwidth: p.bandwidth,
  })),
  ...GAME_PLANS.map((p) => ({
    kind: 'game' as const,
    id: p.id,
    name: p.name,
    price: p.price,
    period: 'month' as const,
  })),
  ...VDS_PLANS.map((p) => ({ kind: 'vds' as const, id: p.id, name: p.name, price: p.price, period: 'month' as const })),
  ...DEDICATED_PLANS.map((p) => ({
    kind: 'dedicated' as const,
    id: p.id,
    name: p.name,
    price: p.price,
    period: 'month' as const,
  })),
  ...EXTRA_PLANS.map((p) => ({
    kind: 'extra' as const,
    id: p.id,
    name: p.name,
    price: p.price,
    period: 'year' as const,
  })),
];

/** The plan of a service, or undefined when the catalogue has no such plan for that kind. */
export function findServicePlan(kind: PlanKind, id: string): ServicePlan | undefined {
  return SERVICE_PLANS.find((plan) => plan.kind === kind && plan.id === id);
}

/**
 * "Free domain for the first year" (docs/decisions/052-money-journeys.md): a hosting plan whose
 * features include it, ordered for at least this many months, makes the first year of the domain it is ordered for
 * free when the same order registers that domain. The domain renews at its catalogue price after that year.
 */
export const FREE_DOMAIN_MIN_MONTHS = 12;

/** Whether a plan includes a free domain for its first year. */
export function includesFreeDomain(kind: PlanKind | 'domain', planId: string | null): boolean {
  if (kind !== 'hosting' || !planId) return false;
  return HOSTING_PLANS.some((plan) => plan.id === planId && plan.features.includes('freeDomain'));
}

/** A catalogue price in dollars as integer cents (2.99 → 299). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Megabytes in a catalogue size (1 GB = 1024 MB). */
export function dataSizeMb(size: DataSize): number {
  return size.amount * (size.unit === 'TB' ? 1024 * 1024 : 1024);
}
