import { describe, expect, it } from 'vitest';
import { providerPath, serviceSlug, servicePath, SLUG_MAX } from './public-paths';

describe('serviceSlug', () => {
  it.each([
    ['iPhone 13 Screen Replacement', 'iphone-13-screen-replacement'],
    ['  AC Gas Refill & Servicing!! ', 'ac-gas-refill-servicing'],
    ['ল্যাপটপ স্ক্রিন বদল', 'ল্যাপটপ-স্ক্রিন-বদল'],
    ['Samsung TV (LED/LCD) — board repair', 'samsung-tv-led-lcd-board-repair'],
    ['৳৳৳ !!!', 'service'],
    ['', 'service'],
  ])('%j → %j', (name, slug) => {
    expect(serviceSlug(name)).toBe(slug);
  });

  it('keeps whole words within the limit, and cuts one overlong word', () => {
    const slug = serviceSlug('Refrigerator compressor replacement and gas recharge with a six month warranty');
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug).toBe('refrigerator-compressor-replacement-and-gas-recharge-with-a');
    expect(serviceSlug('x'.repeat(100))).toBe('x'.repeat(SLUG_MAX));
    // A word cut inside a character outside the Basic Multilingual Plane would not encode.
    const long = serviceSlug(`a${'𝐀'.repeat(70)}`);
    expect([...long]).toHaveLength(SLUG_MAX);
    expect(() => servicePath({ _id: 'x', serviceName: `a${'𝐀'.repeat(70)}` })).not.toThrow();
  });
});

describe('public paths', () => {
  it('puts English at the root and Bangla under /bn, the slug percent-encoded', () => {
    const service = { _id: 'a1b2', serviceName: 'ফ্রিজ মেরামত' };
    expect(servicePath({ _id: 'a1b2', serviceName: 'Fridge repair' })).toBe('/services/a1b2/fridge-repair');
    expect(servicePath(service, 'bn')).toBe(`/bn/services/a1b2/${encodeURIComponent('ফ্রিজ-মেরামত')}`);
    expect(decodeURIComponent(servicePath(service, 'bn'))).toBe('/bn/services/a1b2/ফ্রিজ-মেরামত');
    expect(providerPath('p9')).toBe('/providers/p9');
    expect(providerPath('p9', 'bn')).toBe('/bn/providers/p9');
  });
});
