/** Sample testimonials (docs/product.md §3): illustrative content until real client quotes are approved. */
export interface Testimonial {
  quote: string;
  author: string;
  company: string;
  image: string;
}

export const testimonials: readonly Testimonial[] = [
  {
    quote:
      'Within four months our boutique went from a handful of walk-ins to steady orders on WhatsApp every day. The dashboard shows me exactly where every enquiry comes from.',
    author: 'Priya Sharma',
    company: 'Owner, Sharma Textiles',
    image: '/images/people/priya-sharma.svg',
  },
  {
    quote:
      'Our clinic appointments doubled after they fixed our Google profile and launched local ads. One monthly fee, no surprises, and a team that actually picks up the phone.',
    author: 'Dr. Rahul Mehta',
    company: 'Director, CarePlus Clinic',
    image: '/images/people/rahul-mehta.svg',
  },
  {
    quote:
      'The new website and the AI booking assistant take table reservations while we sleep. It felt like hiring a whole marketing team for the price of one person.',
    author: 'Ananya Iyer',
    company: 'Founder, Spice Route Kitchen',
    image: '/images/people/ananya-iyer.svg',
  },
];

/** The trusted-by strip: sample client wordmarks. */
export const clientLogos: readonly { name: string; src: string }[] = [
  { name: 'Sharma Textiles', src: '/images/logos/sharma-textiles.svg' },
  { name: 'CarePlus Clinic', src: '/images/logos/care-plus-clinic.svg' },
  { name: 'Spice Route', src: '/images/logos/spice-route.svg' },
  { name: 'Urban Nest Realty', src: '/images/logos/urban-nest.svg' },
  { name: 'BrightMinds Academy', src: '/images/logos/brightminds.svg' },
  { name: 'FitZone Gym', src: '/images/logos/fitzone.svg' },
];
