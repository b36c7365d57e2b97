import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('writes the five markup characters as entities, and only them', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
    expect(escapeHtml('মেরামত ৳১,২৩,৪৫০ — already &amp; escaped')).toBe('মেরামত ৳১,২৩,৪৫০ — already &amp;amp; escaped');
    expect(escapeHtml('')).toBe('');
  });
});
