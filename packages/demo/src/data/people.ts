/** Demo customers, their brand (by key) and sites. */
export const DEMO_CUSTOMERS = [
  { name: 'Aire Valley Logistics', brandKey: 'fleetwise', sites: ['Leeds Depot', 'Bradford Yard'] },
  { name: 'Northway Civils', brandKey: 'northway', sites: ['Wakefield Works'] },
] as const;

export const SITE_MESSAGES: Record<string, string> = {
  'Leeds Depot': 'Gate 2 closed for resurfacing until Friday - use the Ring Road entrance.',
  'Bradford Yard': 'Winter gritting rota starts Monday 18:00. Check salt levels before leaving the yard.',
  'Wakefield Works': '',
};

export interface DemoAccount {
  email: string;
  name: string;
  /** 1 site administrator, 2 operator (spec: below 2 is administrator). */
  usertype: 1 | 2;
  customer: string;
  /** Site names; the first is the default site. */
  sites: readonly string[];
}

/** Demo sign-ins; all share the password whose hash is given to seedDemo. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin.leeds@aire-valley.example',
    name: 'Helen Carter',
    usertype: 1,
    customer: 'Aire Valley Logistics',
    sites: ['Leeds Depot'],
  },
  {
    email: 'ops.leeds@aire-valley.example',
    name: 'Tom Whitaker',
    usertype: 2,
    customer: 'Aire Valley Logistics',
    sites: ['Leeds Depot'],
  },
  {
    email: 'admin.bradford@aire-valley.example',
    name: 'Priya Sharma',
    usertype: 1,
    customer: 'Aire Valley Logistics',
    sites: ['Bradford Yard'],
  },
  {
    email: 'ops.bradford@aire-valley.example',
    name: 'Imran Hussain',
    usertype: 2,
    customer: 'Aire Valley Logistics',
    sites: ['Bradford Yard'],
  },
  {
    email: 'dispatch@aire-valley.example',
    name: 'Gemma Lockwood',
    usertype: 2,
    customer: 'Aire Valley Logistics',
    sites: ['Leeds Depot', 'Bradford Yard'],
  },
  {
    email: 'admin@northway.example',
    name: 'Richard Ingham',
    usertype: 1,
    customer: 'Northway Civils',
    sites: ['Wakefield Works'],
  },
  {
    email: 'ops@northway.example',
    name: 'Sarah Booth',
    usertype: 2,
    customer: 'Northway Civils',
    sites: ['Wakefield Works'],
  },
];

/** Drivers per site (16 + 12 + 12 = 40); assigned in order to the site's vehicles. */
export const SITE_DRIVERS: Record<string, readonly string[]> = {
  'Leeds Depot': [
    'James Holroyd',
    'Karen Firth',
    'Darren Walsh',
    'Aisha Begum',
    'Gary Thornton',
    'Lisa Pickles',
    'Mohammed Iqbal',
    'Craig Dobson',
    'Nicola Sutcliffe',
    'Paul Ackroyd',
    'Stuart Hebden',
    'Jade Robinson',
    'Wayne Crossley',
    'Emma Brook',
    'Liam Gallagher-Hirst',
    'Steven Midgley',
  ],
  'Bradford Yard': [
    'Tariq Mahmood',
    'Julie Hartley',
    'Kevin Lumb',
    'Rachel Greenwood',
    'Asif Rashid',
    'Neil Sugden',
    'Dawn Mitchell',
    'Shaun Naylor',
    'Farah Akhtar',
    'Dean Holmes',
    'Claire Bairstow',
    'Ian Priestley',
  ],
  'Wakefield Works': [
    'Mark Fenton',
    'Joanne Crowther',
    'Lee Stansfield',
    'Ryan Goodall',
    'Katie Moxon',
    'Adam Brear',
    'Barry Oldroyd',
    'Chloe Senior',
    'Graham Lister',
    'Nathan Stead',
    'Sophie Haigh',
    'Martin Rhodes',
  ],
};

/**
 * Driver mode (issue 11): per site, one registered cab device that no browser holds yet (a site
 * administrator takes it with "Use this browser") and one driver who may sign in on it (an account of
 * usertype 3 without an e-mail address, password = the demo password, linked to that driver).
 */
export const SITE_CABS: Record<string, { device: string; driver: string }> = {
  'Leeds Depot': { device: 'Leeds cab 1', driver: 'James Holroyd' },
  'Bradford Yard': { device: 'Bradford cab 1', driver: 'Tariq Mahmood' },
  'Wakefield Works': { device: 'Wakefield cab 1', driver: 'Mark Fenton' },
};
