/**
 * The one rule for an email address, in every form, in the API and in the mail queue (docs/decisions/188): an address
 * the site accepts is one it can send to. Imports nothing of the project.
 *
 * Accepted: a local part of ASCII letters, digits and `_ ' + -`, in dot-separated runs (no leading, trailing or double
 * dot), `@`, then a domain of dot-separated labels of letters, digits and inner hyphens ending in a letters-only top
 * level of two or more, or an internationalised one as mail sends it (`xn--h2brj9c`, India's own); 254 characters at
 * most, 64 before the `@`. Refused, among others: `priya..sharma@example.com`, `odd@example.c`, `x,y@example.org`,
 * and local parts with letters outside ASCII, an accented `a` say (few mail servers take them).
 */

export const emailAddressLimits = { total: 254, local: 64 } as const;

const addressPattern =
  /^[A-Za-z0-9_'+-]+(?:\.[A-Za-z0-9_'+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,}|xn--[A-Za-z0-9-]+)$/;

export function isEmailAddress(value: string): boolean {
  if (value.length > emailAddressLimits.total || !addressPattern.test(value)) return false;
  return value.indexOf('@') <= emailAddressLimits.local;
}

/** The domain an address is delivered to, lower-case, with Gmail's second name folded into its first. */
export function mailDomainOf(address: string): string {
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  return domain === 'googlemail.com' ? 'gmail.com' : domain;
}

/**
 * The big shared mailbox providers, where many unrelated people have their addresses: a cap on replies to one domain
 * protects a company's domain, and only the site-wide cap applies to these (decision 188).
 */
export const sharedMailboxDomains: ReadonlySet<string> = new Set([
  'gmail.com',
  'yahoo.com',
  'yahoo.co.in',
  'ymail.com',
  'rediffmail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'zohomail.in',
  'zohomail.com',
]);

/** Domains whose addresses are one inbox whatever dots the local part holds. */
const dotBlindDomains = new Set(['gmail.com']);

/**
 * One inbox however its address is written, so a limit per inbox cannot be stepped around: lower-case, a `+tag`
 * dropped, and at Gmail (`googlemail.com` included) the dots dropped too: `B.omb.Target+1@googlemail.com` is
 * `bombtarget@gmail.com`.
 */
export function canonicalInbox(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = mailDomainOf(address);
  let local = address.slice(0, at).toLowerCase().replace(/\+.*$/, '');
  if (dotBlindDomains.has(domain)) local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}
