import { describe, expect, it } from 'vitest';
import {
  authFormMessages,
  bn,
  en,
  localizeMessage,
  message,
  messageLanguage,
  profileMessages,
  reviewMessages,
  serviceFieldsSchema,
} from '@meramot/shared';

/** The shared message catalogue (packages/shared/src/messages): English as the schemas say it, Bangla key for key. */
describe('the message catalogue', () => {
  it('holds the schemas’ English sentences as they are', () => {
    expect(en.reviewCommentRequired).toBe(reviewMessages.commentRequired);
    expect(en.reviewCommentTooShort).toBe(reviewMessages.commentTooShort);
    expect(en.reviewCommentTooLong).toBe(reviewMessages.commentTooLong);
    expect(en.reviewTitleTooLong).toBe(reviewMessages.titleTooLong);
    expect(en.reviewRating).toBe(reviewMessages.rating);
    expect(en.passwordTooShort).toBe(authFormMessages.passwordTooShort);
    expect(en.nameTooLong).toBe(authFormMessages.nameTooLong);
    expect(en.invalidPhone).toBe(profileMessages.invalidPhone);
    const priceErrors = [0, 99, 'x'].map(
      (p) => serviceFieldsSchema.shape.servicePrice.safeParse(p).error?.issues[0]?.message,
    );
    expect(priceErrors).toEqual([en.priceMin, en.priceMin, en.priceNumber]);
  });

  it('has every key in Bangla, in Bangla script', () => {
    expect(Object.keys(bn).sort()).toEqual(Object.keys(en).sort());
    // Names that stay as they are written: a header, file formats, an iPhone's own menu labels and
    // the start of a web address.
    const kept = /JSON|Idempotency-Key|JPEG|PNG|WebP|AVIF|HEIC|Settings|Camera|Formats|Most Compatible|https:\/\//g;
    for (const text of Object.values(bn)) expect(text.replace(kept, '')).not.toMatch(/[A-Za-z]/);
  });

  it('translates catalogue sentences and the ones built from a field name', () => {
    expect(message('authRequired', 'bn')).toBe('লগইন করা প্রয়োজন');
    expect(message('authRequired')).toBe('Authentication required');
    expect(localizeMessage('Price must be at least 100', 'bn')).toBe('দাম কমপক্ষে ৳১০০ হতে হবে');
    expect(localizeMessage('Service name must be at least 3 characters', 'bn')).toBe(
      'সার্ভিসের নাম কমপক্ষে ৩ অক্ষরের হতে হবে',
    );
    expect(localizeMessage('Description is required', 'bn')).toBe('বিবরণ দিতে হবে');
    expect(localizeMessage('Something new', 'bn')).toBe('Something new');
    expect(localizeMessage('Please write a review comment', 'en')).toBe('Please write a review comment');
  });

  it('reads the language from Accept-Language: Bangla when preferred, English by default', () => {
    expect(messageLanguage(undefined)).toBe('en');
    expect(messageLanguage('bn')).toBe('bn');
    expect(messageLanguage('bn-BD,bn;q=0.9,en;q=0.8')).toBe('bn');
    expect(messageLanguage('en-US,en;q=0.9,bn;q=0.8')).toBe('en');
    expect(messageLanguage('fr, bn;q=0.5')).toBe('bn');
    expect(messageLanguage('de')).toBe('en');
    expect(messageLanguage('bn;q=0, en')).toBe('en');
  });
});
