import path from 'node:path';

/**
 * A photo of e2e/fixtures to choose in a file input: 1200 × 900 JPEGs taken "by" a camera with a
 * GPS position in their EXIF (phone-front.jpg, phone-back.jpg, phone-screen.jpg).
 */
export const photoFile = (name: 'phone-front.jpg' | 'phone-back.jpg' | 'phone-screen.jpg') =>
  path.join(import.meta.dirname, '..', 'fixtures', name);
