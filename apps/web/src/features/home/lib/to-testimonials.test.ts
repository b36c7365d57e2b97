import { describe, expect, it } from 'vitest';
import { toTestimonials } from './to-testimonials';

describe('toTestimonials', () => {
  it('keeps an entry with a numeric rating and a comment, with the spec field names', () => {
    const [t] = toTestimonials([
      {
        _id: 'r1',
        rating: 4,
        comment: 'Fixed my phone in an hour.',
        customerName: 'Rahim Uddin',
        customerLocation: 'Dhaka',
        serviceName: 'Screen Replacement',
        customerImage: '/images/avatars/rahim-uddin.webp',
      },
    ]);
    expect(t).toEqual({
      id: 'r1',
      rating: 4,
      comment: 'Fixed my phone in an hour.',
      name: 'Rahim Uddin',
      location: 'Dhaka',
      service: 'Screen Replacement',
      image: '/images/avatars/rahim-uddin.webp',
    });
  });

  it('accepts the alternative field names', () => {
    const [t] = toTestimonials([
      {
        id: 7,
        rating: 5,
        feedback: 'Great AC service.',
        name: 'Nusrat',
        location: 'Sylhet',
        service: 'AC Repair',
        avatar: '/a.webp',
      },
    ]);
    expect(t).toMatchObject({
      id: '7',
      comment: 'Great AC service.',
      name: 'Nusrat',
      location: 'Sylhet',
      service: 'AC Repair',
      image: '/a.webp',
    });
    expect(toTestimonials([{ rating: 3, review: 'Good work.' }])[0]).toMatchObject({
      comment: 'Good work.',
      name: null,
      image: null,
    });
  });

  it('clamps the rating to 1..5', () => {
    expect(toTestimonials([{ id: 'a', rating: 9, comment: 'Too good' }])[0]?.rating).toBe(5);
    expect(toTestimonials([{ id: 'b', rating: -2, comment: 'Bad' }])[0]?.rating).toBe(1);
    expect(toTestimonials([{ id: 'c', rating: 0, comment: 'Zero' }])[0]?.rating).toBe(1);
  });

  it('drops entries without a numeric rating', () => {
    expect(toTestimonials([{ id: 'a', rating: '4', comment: 'String rating' }])).toEqual([]);
    expect(toTestimonials([{ id: 'b', comment: 'No rating' }])).toEqual([]);
    expect(toTestimonials([{ id: 'c', rating: Number.NaN, comment: 'NaN rating' }])).toEqual([]);
  });

  it('drops entries without a comment, review or feedback', () => {
    expect(toTestimonials([{ id: 'a', rating: 5 }])).toEqual([]);
    expect(toTestimonials([{ id: 'b', rating: 5, comment: '   ' }])).toEqual([]);
    expect(toTestimonials([{ id: 'c', rating: 5, comment: 42 }])).toEqual([]);
  });

  it('answers an empty list for anything that is not a list of objects', () => {
    expect(toTestimonials(null)).toEqual([]);
    expect(toTestimonials({ error: 'x' })).toEqual([]);
    expect(toTestimonials([null, 'text', 3])).toEqual([]);
    expect(toTestimonials({ reviews: [{ rating: 5, comment: 'Wrapped list' }] })).toHaveLength(1);
  });
});
