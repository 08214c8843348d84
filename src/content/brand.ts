/** Who we are and how to reach us. Contact details are placeholders until the agency's real ones are known. */
export const brand = {
  name: 'GrowthPath',
  legalName: 'GrowthPath Digital Services',
  tagline: 'Digital growth on a simple monthly plan',
  phoneDisplay: '+91 98765 43210',
  phoneHref: 'tel:+919876543210',
  whatsappHref: 'https://wa.me/919876543210?text=Hi%20GrowthPath%2C%20I%27d%20like%20to%20grow%20my%20business',
  email: 'hello@growthpath.example',
  supportEmail: 'support@growthpath.example',
  location: 'Indiranagar, Bengaluru, Karnataka 560038',
  /** The same address in parts, for search engines (src/app/structuredData.ts). */
  address: { street: 'Indiranagar', town: 'Bengaluru', state: 'Karnataka', postalCode: '560038', country: 'IN' },
  /** Printed on receipts once the agency is registered for GST; empty until then. */
  gstin: '',
  town: 'Bengaluru',
  businessHours: 'Mon-Fri 9AM-6PM EST',
  replyPromise: 'We reply within 24 hours',
  social: [
    { name: 'Facebook', href: '#' },
    { name: 'Instagram', href: '#' },
    { name: 'LinkedIn', href: '#' },
    { name: 'YouTube', href: '#' },
  ],
} as const;
