import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { renderAt } from '@/testing/render';
import { ShareButton } from './share-button';

const PATH = '/services/s1/ac-servicing';
const URL_TEXT = `${window.location.origin}${PATH}`;

/** Gives the browser a share sheet and a clipboard (or takes them away with undefined). */
function device({ share, writeText }: { share?: (data: ShareData) => Promise<void>; writeText?: () => Promise<void> }) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
  Object.defineProperty(navigator, 'clipboard', {
    value: writeText ? { writeText } : undefined,
    configurable: true,
    writable: true,
  });
}

const render = () =>
  renderAt(<ShareButton title="AC Servicing" text="AC Servicing on Meramot, ৳1,500" path={PATH} />, '/');

afterEach(async () => {
  device({});
  await act(() => setLanguage('en'));
});

describe('ShareButton', () => {
  it('opens the share sheet with the title, the text and the canonical URL where the device has one', async () => {
    const share = vi.fn(async () => undefined);
    const writeText = vi.fn(async () => undefined);
    device({ share, writeText });
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        title: 'AC Servicing',
        text: 'AC Servicing on Meramot, ৳1,500',
        url: URL_TEXT,
      }),
    );
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('takes a cancelled share quietly: no copy, no message', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    const writeText = vi.fn(async () => undefined);
    device({ share, writeText });
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('copies the canonical URL without a share sheet and says "Link copied" in a polite live region', async () => {
    const writeText = vi.fn(async () => undefined);
    device({ writeText });
    render();
    // The live region is there before anything is said, so screen readers announce the change.
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(status).toHaveTextContent('Link copied'));
    expect(writeText).toHaveBeenCalledWith(URL_TEXT);
    expect(status).toBeVisible();
  });

  it('copies the link when the share sheet refuses, and shows the link when copying fails too', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('Not allowed', 'NotAllowedError');
    });
    const writeText = vi.fn(async () => {
      throw new Error('Clipboard blocked');
    });
    device({ share, writeText });
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        `The link could not be copied. Copy it from here: ${URL_TEXT}`,
      ),
    );
    expect(writeText).toHaveBeenCalledWith(URL_TEXT);
  });

  it('speaks Bangla in Bangla', async () => {
    await act(() => setLanguage('bn'));
    device({ writeText: vi.fn(async () => undefined) });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'শেয়ার করুন' }));
    expect(await screen.findByText('লিংক কপি হয়েছে')).toBeInTheDocument();
  });
});
