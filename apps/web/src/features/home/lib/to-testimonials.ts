/** A testimonial ready to show in the home carousel. */
export interface Testimonial {
  id: string;
  /** Clamped to 1..5. */
  rating: number;
  comment: string;
  name: string | null;
  location: string | null;
  service: string | null;
  image: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The first non-empty text among the spec's alternative field names. */
const pick = (entry: Record<string, unknown>, ...keys: string[]): string | null => {
  for (const key of keys) {
    const value = text(entry[key]);
    if (value) return value;
  }
  return null;
};

/**
 * Turns the answer of GET /api/reviews/recent into testimonials (spec section 5): an entry is used
 * only with a numeric rating and a comment (or review, or feedback); the rating is clamped to 1..5.
 * The spec's alternative field names are accepted: _id|id, comment|review|feedback,
 * customerName|name, customerLocation|location, serviceName|service, customerImage|avatar.
 */
export function toTestimonials(input: unknown): Testimonial[] {
  const list = Array.isArray(input)
    ? input
    : Array.isArray((input as { reviews?: unknown } | null)?.reviews)
      ? (input as { reviews: unknown[] }).reviews
      : [];
  const out: Testimonial[] = [];
  list.forEach((raw, index) => {
    if (!raw || typeof raw !== 'object') return;
    const entry = raw as Record<string, unknown>;
    const { rating } = entry;
    if (typeof rating !== 'number' || !Number.isFinite(rating)) return;
    const comment = pick(entry, 'comment', 'review', 'feedback');
    if (!comment) return;
    const id = entry._id ?? entry.id;
    out.push({
      id: typeof id === 'string' || typeof id === 'number' ? String(id) : `testimonial-${index}`,
      rating: Math.min(5, Math.max(1, rating)),
      comment,
      name: pick(entry, 'customerName', 'name'),
      location: pick(entry, 'customerLocation', 'location'),
      service: pick(entry, 'serviceName', 'service'),
      image: pick(entry, 'customerImage', 'avatar'),
    });
  });
  return out;
}
