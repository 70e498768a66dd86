// Fixed vocabularies the generators draw from. Every domain is a reserved example domain, so
// nothing the emulator makes up can be a real person's address.

export const FIRST_NAMES = [
  'alice', 'bruno', 'chloe', 'david', 'emma', 'farid', 'giulia', 'hugo', 'ines', 'jonas',
  'kenji', 'lea', 'marta', 'nils', 'olga', 'pablo', 'quentin', 'rosa', 'samir', 'tess',
] as const;

export const LAST_NAMES = [
  'martin', 'schmidt', 'rossi', 'garcia', 'dubois', 'novak', 'silva', 'jensen', 'kowalski',
  'tanaka', 'moreau', 'meyer', 'costa', 'larsen', 'horvat', 'fischer',
] as const;

export interface Domain {
  name: string;
  provider: string;
  region: string;
}

export const RECIPIENT_DOMAINS: readonly Domain[] = [
  { name: 'example.com', provider: 'Gmail', region: 'Global' },
  { name: 'example.org', provider: 'Microsoft Outlook', region: 'North America' },
  { name: 'example.net', provider: 'Yahoo', region: 'North America' },
  { name: 'mail.example', provider: 'Apple iCloud', region: 'Global' },
  { name: 'post.example', provider: 'GMX', region: 'Europe' },
  { name: 'corp.example', provider: 'Other', region: 'Europe' },
];

export const DOMAIN_BY_NAME: ReadonlyMap<string, Domain> = new Map(RECIPIENT_DOMAINS.map((d) => [d.name, d]));

export const SUBJECTS = [
  'Your order has shipped',
  'Welcome aboard',
  'Reset your password',
  'Your weekly digest',
  'Your invoice is ready',
  'Confirm your email address',
  'New sign-in to your account',
  'We miss you: 20% off this week',
] as const;

export const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Tyrell'] as const;

export const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Mozilla/5.0 (compatible; GoogleImageProxy)',
] as const;

export const LINKS = [
  'https://shop.example.com/orders',
  'https://shop.example.com/sale?utm_source=email',
  'https://www.example.com/account/security',
  'https://blog.example.com/posts/weekly',
  'https://www.example.com/unsubscribe',
] as const;

/** Bounce classifications as the industry numbers them; `reason` is the remote server's text. */
export const BOUNCE_CLASSES = [
  { code: 1, error_code: '550', reason: '550 5.0.0 Undetermined bounce' },
  { code: 10, error_code: '550', reason: '550 5.1.1 The email account that you tried to reach does not exist' },
  { code: 21, error_code: '451', reason: '451 4.4.0 DNS temporary failure' },
  { code: 22, error_code: '452', reason: '452 4.2.2 Mailbox full' },
  { code: 23, error_code: '552', reason: '552 5.3.4 Message size exceeds fixed limit' },
  { code: 24, error_code: '421', reason: '421 4.4.2 Connection timed out' },
  { code: 25, error_code: '550', reason: '550 5.7.1 Administrative prohibition' },
  { code: 30, error_code: '550', reason: '550 5.1.0 No recipient address' },
  { code: 50, error_code: '554', reason: '554 5.7.1 Message rejected: mail block' },
  { code: 51, error_code: '554', reason: '554 5.7.1 Message rejected as spam' },
  { code: 52, error_code: '554', reason: '554 5.7.1 Message content rejected' },
  { code: 53, error_code: '552', reason: '552 5.3.4 Prohibited attachment' },
  { code: 54, error_code: '550', reason: '550 5.7.1 Relaying denied' },
  { code: 60, error_code: '250', reason: '250 Auto-reply: out of office' },
  { code: 70, error_code: '450', reason: '450 4.7.1 Try again later' },
  { code: 90, error_code: '550', reason: '550 5.7.1 Unsubscribe request' },
] as const;
