import { describe, expect, it } from 'vitest';
import type { Service } from '@meramot/shared';
import { Rows } from './rows';

const row = (over: Partial<Service> = {}): Service => ({
  _id: '00000000-0000-4000-8000-000000000001',
  serviceName: 'ল্যাপটপ স্ক্রিন বদল',
  serviceDescription: 'Same-day screen replacement, 90-day warranty.',
  servicePrice: 2500.5,
  serviceArea: 'Dhaka',
  serviceDistrict: 'dhaka',
  serviceAreas: ['dhaka/mirpur', 'dhaka/pallabi'],
  places: [
    { id: 'dhaka', name: 'Dhaka', bn: 'ঢাকা', kind: 'district' },
    { id: 'dhaka/mirpur', name: 'Mirpur', bn: 'মিরপুর', kind: 'city-area' },
    { id: 'dhaka/pallabi', name: 'Pallabi', bn: 'পল্লবী', kind: 'city-area' },
  ],
  serviceImage: '/images/laptop.webp',
  providerName: 'Rahim Uddin',
  providerEmail: 'rahim@example.com',
  providerImage: null,
  providerVerified: true,
  status: 'active',
  bookings: 12,
  rating: 4.333333333333333,
  reviewCount: 3,
  createdAt: '2026-11-20T08:15:30.123Z',
  updatedAt: '2026-11-25T23:59:59.999Z',
  ...over,
});

describe('Rows', () => {
  it('gives back every field exactly as it was kept, timestamps to the millisecond', () => {
    const rows = new Rows();
    rows.set(0, row());
    rows.set(1, row({ _id: 'x', rating: null, providerImage: '/p.webp', providerVerified: false, status: 'paused' }));
    // A service of the division only (the spec's clients): no district, no areas.
    rows.set(2, row({ _id: 'y', serviceDistrict: null, serviceAreas: [], places: [] }));
    expect(rows.get(2, 'y')).toEqual(row({ _id: 'y', serviceDistrict: null, serviceAreas: [], places: [] }));
    expect(rows.placesOf(0)).toEqual({ district: 'dhaka', areas: 'dhaka/mirpur,dhaka/pallabi' });
    expect(rows.get(0, row()._id)).toEqual(row());
    expect(JSON.stringify(rows.get(0, row()._id))).toBe(JSON.stringify(row()));
    expect(rows.get(1, 'x')).toEqual(
      row({ _id: 'x', rating: null, providerImage: '/p.webp', providerVerified: false, status: 'paused' }),
    );
  });

  it('replaces a row in place, keeps its place when grown, and lets a cleared one go', () => {
    const rows = new Rows();
    rows.set(1000, row({ bookings: 1 }));
    rows.grow(2048);
    rows.set(2000, row({ bookings: 2 }));
    rows.set(1000, row({ bookings: 5, rating: 5 }));
    expect(rows.get(1000, 'a')).toMatchObject({ _id: 'a', bookings: 5, rating: 5 });
    expect(rows.get(2000, 'b').bookings).toBe(2);
    rows.clear(1000);
    expect(rows.get(1000, 'a')).toMatchObject({ serviceName: '', serviceDescription: '' });
  });
});
