import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { addTranslations, setLanguage } from '@/lib/i18n';
import photosEn from '@/locales/en/photos.json';
import { makePhoto } from '@/testing/fixtures';
import { PhotoGallery } from './photo-gallery';
import { PhotoImage } from './photo-image';

addTranslations('photos', photosEn, () => import('@/locales/bn/photos.json'));

afterEach(async () => {
  await act(() => setLanguage('en'));
});

const photos = [makePhoto(), makePhoto(), makePhoto()];

function renderGallery(props: Partial<Parameters<typeof PhotoGallery>[0]> = {}) {
  render(<PhotoGallery photos={photos} label="Photos of Laptop Repair" alt="Laptop Repair" priority {...props} />);
  const carousel = screen.getByRole('region', { name: 'Photos of Laptop Repair' });
  const strip = carousel.querySelector<HTMLElement>('[data-gallery-strip]')!;
  const live = carousel.querySelector('[aria-live="polite"]')!;
  const thumbnail = (n: number) => screen.getByRole('button', { name: `Show photo ${n} of 3` });
  return { carousel, strip, live, thumbnail, user: userEvent.setup() };
}

describe('PhotoImage', () => {
  it('is a <picture> with AVIF and WebP srcsets, sizes, the photo’s size and its placeholder, lazy by default', () => {
    const photo = makePhoto();
    const { container } = render(<PhotoImage photo={photo} alt="A phone" sizes="(min-width: 640px) 50vw, 100vw" />);
    const [avif, webp] = Array.from(container.querySelectorAll('source'));
    const hash = photo.url.slice('/photos/'.length, -'-640.webp'.length);
    expect(avif).toHaveAttribute('type', 'image/avif');
    // AVIF where it was stored (320, 640), WebP at the width that has none (1280).
    expect(avif).toHaveAttribute(
      'srcset',
      `/photos/${hash}-320.avif 320w, /photos/${hash}-640.avif 640w, /photos/${hash}-1280.webp 1280w`,
    );
    expect(webp).toHaveAttribute('type', 'image/webp');
    expect(webp).toHaveAttribute(
      'srcset',
      `/photos/${hash}-320.webp 320w, /photos/${hash}-640.webp 640w, /photos/${hash}-1280.webp 1280w`,
    );
    expect(webp).toHaveAttribute('sizes', '(min-width: 640px) 50vw, 100vw');
    const img = screen.getByRole('img', { name: 'A phone' });
    expect(img).toHaveAttribute('src', photo.url);
    expect(img).toHaveAttribute('width', '1280');
    expect(img).toHaveAttribute('height', '960');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
    expect(img.style.backgroundImage).toContain(photo.placeholder);
    fireEvent.load(img);
    expect(img.style.backgroundImage).toBe('none');
  });

  it('above the fold loads at once with a high priority; without AVIF variants it has only the WebP source', () => {
    const photo = makePhoto();
    const webpOnly = { ...photo, variants: photo.variants.filter((v) => v.format === 'webp') };
    const { container } = render(<PhotoImage photo={webpOnly} alt="" sizes="100vw" priority />);
    expect(Array.from(container.querySelectorAll('source')).map((s) => s.type)).toEqual(['image/webp']);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });
});

describe('PhotoGallery', () => {
  it('is a carousel of slides "Photo n of 3", the first one loaded at once and the others lazily', () => {
    const { carousel, strip } = renderGallery();
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(strip).toHaveRole('group');
    expect(strip).toHaveAccessibleName('Photos');
    const slides = within(strip).getAllByRole('group');
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['Photo 1 of 3', 'Photo 2 of 3', 'Photo 3 of 3']);
    slides.forEach((s) => expect(s).toHaveAttribute('aria-roledescription', 'slide'));
    const images = within(strip).getAllByRole('img', { name: 'Laptop Repair' });
    expect(images.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(strip).toHaveAttribute('tabindex', '0');
  });

  it('moves with Next and Previous (wrapping around), saying the position politely', async () => {
    const { live, thumbnail, user } = renderGallery();
    expect(live).toHaveTextContent('Photo 1 of 3');
    expect(thumbnail(1)).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(live).toHaveTextContent('Photo 2 of 3');
    expect(thumbnail(2)).toHaveAttribute('aria-current', 'true');
    expect(thumbnail(1)).not.toHaveAttribute('aria-current');
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(live).toHaveTextContent('Photo 3 of 3');
  });

  it('moves with the arrow keys, Home and End', async () => {
    const { strip, live, user } = renderGallery();
    strip.focus();
    await user.keyboard('{ArrowRight}');
    expect(live).toHaveTextContent('Photo 2 of 3');
    await user.keyboard('{End}');
    expect(live).toHaveTextContent('Photo 3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(live).toHaveTextContent('Photo 1 of 3');
    await user.keyboard('{ArrowLeft}');
    expect(live).toHaveTextContent('Photo 3 of 3');
    await user.keyboard('{Home}');
    expect(live).toHaveTextContent('Photo 1 of 3');
  });

  it('follows a swipe of the strip, and jumps to a photo from its thumbnail', async () => {
    const { strip, live, thumbnail, user } = renderGallery();
    // A swipe: the strip (400 px wide) scrolls by itself and settles on the second photo.
    Object.defineProperty(strip, 'clientWidth', { value: 400, configurable: true });
    strip.scrollLeft = 410;
    fireEvent.scroll(strip);
    expect(live).toHaveTextContent('Photo 2 of 3');
    expect(thumbnail(2)).toHaveAttribute('aria-current', 'true');

    await user.click(thumbnail(3));
    expect(live).toHaveTextContent('Photo 3 of 3');
    expect(strip.scrollLeft).toBe(800);
    // The scroll events on the way there do not move the current photo back.
    strip.scrollLeft = 600;
    fireEvent.scroll(strip);
    expect(live).toHaveTextContent('Photo 3 of 3');
  });

  it('in Bangla says the position in Bangla', async () => {
    await act(() => setLanguage('bn'));
    const { live, strip } = renderGallery();
    expect(strip).toHaveAccessibleName('ছবি');
    expect(live).toHaveTextContent('৩টির মধ্যে ১ নম্বর ছবি');
    expect(screen.getByRole('button', { name: 'পরের ছবি' })).toBeInTheDocument();
  });

  it('shows a single photo without carousel controls', () => {
    render(<PhotoGallery photos={[photos[0]!]} label="Photos of Laptop Repair" alt="Laptop Repair" />);
    const region = screen.getByRole('region', { name: 'Photos of Laptop Repair' });
    expect(region).not.toHaveAttribute('aria-roledescription');
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
    expect(within(region).getByRole('img', { name: 'Laptop Repair' })).toHaveAttribute('loading', 'lazy');
  });
});
