/**
 * Demo accounts seeded when SEED_DEMO is on (the default outside production).
 * The sign-in page shows the customer's credentials as its demo hint.
 */
export const DEMO_CUSTOMER = {
  firstName: 'Alex',
  lastName: 'Morgan',
  email: 'demo@example.com',
  password: 'demo-password',
  role: 0,
} as const;

export const DEMO_ADMIN = {
  firstName: 'Jordan',
  lastName: 'Lee',
  email: 'admin@example.com',
  password: 'admin-password',
  role: 1,
} as const;

export const DEMO_ACCOUNTS = [DEMO_CUSTOMER, DEMO_ADMIN] as const;
