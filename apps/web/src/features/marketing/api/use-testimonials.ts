/** docs/product/entities.md, "Testimonial": name, company, text (translated, keyed by id), rating 1 to 5. */
export interface Testimonial {
  id: 'sarah' | 'dmitry' | 'lucas';
  name: string;
  company: string;
  rating: 1 | 2 | 3 | 4 | 5;
}

export const MAX_RATING = 5;

const TESTIMONIALS: readonly Testimonial[] = [
  { id: 'sarah', name: 'Sarah Mitchell', company: 'Brightleaf Bakery', rating: 5 },
  { id: 'dmitry', name: 'Dmitry Volkov', company: 'Northpeak Games', rating: 5 },
  { id: 'lucas', name: 'Lucas Fernández', company: 'Atlas Design Studio', rating: 4 },
];

/** The home page's three testimonials. */
export function useTestimonials() {
  return TESTIMONIALS;
}
