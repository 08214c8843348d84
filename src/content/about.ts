/** About page content (docs/product.md §2, About). */
export const mission = {
  title: 'Big-brand marketing for the businesses that keep India running',
  paragraphs: [
    'Most small businesses in India are one great website, one well-run Google profile and one steady stream of leads away from their next stage of growth. Yet agencies quote them lakhs upfront, lock them into year-long contracts and disappear after launch.',
    'We started GrowthPath to change that. We bundle everything a growing business needs — web, brand, ads, social, CRM and AI — into simple monthly plans with transparent pricing, and we show every task and result on a live dashboard.',
  ],
};

export const stats: readonly { value: string; label: string }[] = [
  { value: '150+', label: 'Projects delivered' },
  { value: '95%', label: 'Client satisfaction' },
  { value: '5+', label: 'Years in business' },
  { value: '2x', label: 'Average growth' },
];

export const coreValues: readonly { title: string; description: string; icon: 'shield' | 'target' | 'handshake' | 'lightbulb' }[] = [
  {
    title: 'Transparency first',
    description: 'Clear prices, honest projections and a dashboard that shows what we did and what it achieved.',
    icon: 'shield',
  },
  {
    title: 'Results over activity',
    description: 'We measure ourselves by your leads, customers and revenue, not by the number of posts we publish.',
    icon: 'target',
  },
  {
    title: 'Partners, not vendors',
    description: 'We learn your business, speak your language and stay with you month after month as you grow.',
    icon: 'handshake',
  },
  {
    title: 'Always improving',
    description: 'Every campaign is tested and tuned, and we bring new tools like AI agents to clients as soon as they work.',
    icon: 'lightbulb',
  },
];

export const founder = {
  name: 'Arjun Kapoor',
  role: 'Founder & CEO',
  image: '/images/people/arjun-kapoor.svg',
  bio: [
    'Arjun spent a decade running growth for consumer brands in Bengaluru and Mumbai before noticing that the businesses he grew up around — his family’s hardware store, the neighbourhood clinic, the sweet shop — had none of those tools.',
    'He founded GrowthPath in 2020 to give them the same playbook at a price they can plan for. He still reviews every new client’s growth plan himself.',
  ],
  quote: 'A small business deserves a growth team, not just a website.',
};
