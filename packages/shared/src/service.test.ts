import { describe, expect, it } from 'vitest';
import { normalisePrice, serviceFieldsSchema, serviceUpdateSchema } from './service';

const price = serviceFieldsSchema.shape.servicePrice;
const messageOf = (value: unknown) => price.safeParse(value).error?.issues[0]?.message;

describe('normalisePrice', () => {
  it('reads the taka sign, spaces and grouping separators in Latin and Bengali digits', () => {
    for (const typed of ['৳২,৫০০', '৳ 2,500', '২৫০০', '2500', '2,500', '2 500', '2500৳', ' ৳ ২,৫০০ ']) {
      expect(normalisePrice(typed)).toBe('2500');
    }
  });

  it('groups the Bangladeshi way (lakh, crore) and the Western way, with decimals', () => {
    expect(normalisePrice('৳২,৫০,০০০')).toBe('250000');
    expect(normalisePrice('12,34,567')).toBe('1234567');
    expect(normalisePrice('250,000')).toBe('250000');
    expect(normalisePrice('৳১,৫০০.৫০')).toBe('1500.50');
  });

  it('leaves numbers and text of another shape as they are', () => {
    expect(normalisePrice(2500)).toBe(2500);
    expect(normalisePrice(undefined)).toBeUndefined();
    for (const text of ['abc', '2,5', '1,2345', '2,500 000', '৳', '৳2,500৳', ''])
      expect(normalisePrice(text)).toBe(text);
  });
});

describe('the service price field', () => {
  it('accepts a price as typed, in either digit set, as a number', () => {
    expect(price.parse('৳২,৫০০')).toBe(2500);
    expect(price.parse('৳ 2,500')).toBe(2500);
    expect(price.parse(1500)).toBe(1500);
    expect(serviceUpdateSchema.parse({ servicePrice: '২৫০০' })).toEqual({ servicePrice: 2500 });
    expect(serviceUpdateSchema.parse({ status: 'paused' })).toEqual({ status: 'paused' });
  });

  it('gives a garbage price the same message as before, and keeps the minimum', () => {
    expect(messageOf('৳abc')).toBe('Price must be a number');
    expect(messageOf('2,5')).toBe('Price must be a number');
    expect(messageOf('৳৯৯')).toBe('Price must be at least 100');
    expect(messageOf(99)).toBe('Price must be at least 100');
  });
});
