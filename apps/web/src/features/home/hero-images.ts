/**
 * The hero slides' shipped images (800 × 600), in slide order. vite.config.ts reads this list too:
 * the home page preloads the first one (the page's largest paint) before its code has loaded.
 */
export const HERO_IMAGES = [
  '/images/services/smartphone-1.webp',
  '/images/services/laptop-2.webp',
  '/images/services/ac-3.webp',
] as const;
