import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '@meramot/shared';
import { addTranslations, setLanguage } from '@/lib/i18n';
import photosEn from '@/locales/en/photos.json';
import { signIn } from '@/testing/api-state';
import { makePhoto, makeUser } from '@/testing/fixtures';
import { renderAt } from '@/testing/render';
import { callsTo, server } from '@/testing/server';
import { PhotoPicker, type PhotoPickerProps } from './photo-picker';

addTranslations('photos', photosEn, () => import('@/locales/bn/photos.json'));

/** An XMLHttpRequest the test drives: upload progress, the answer, and whether it was aborted. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  readonly headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
  }
  progress(loaded: number, total: number) {
    act(() => void this.upload.dispatchEvent(new ProgressEvent('progress', { loaded, total, lengthComputable: true })));
  }
  async respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => void this.events.dispatchEvent(new Event('load')));
  }
}

afterEach(async () => {
  vi.unstubAllGlobals();
  FakeXhr.sent = [];
  await act(() => setLanguage('en'));
});

/** The picker as a form holds it: its photos in state; `changes` records each onChange. */
function setup(props: Partial<PhotoPickerProps> & { initial?: Photo[] } = {}) {
  signIn(makeUser());
  const changes: Photo[][] = [];
  const { initial = [], ...rest } = props;
  function Form() {
    const [photos, setPhotos] = useState(initial);
    return (
      <PhotoPicker
        label="Service photos"
        max={8}
        cover
        {...rest}
        value={photos}
        onChange={(next) => {
          changes.push(next);
          setPhotos(next);
        }}
      />
    );
  }
  const view = renderAt(<Form />);
  const input = () => screen.getByLabelText(props.max === 1 ? 'Choose a photo' : 'Add photos', { selector: 'input' });
  return { ...view, changes, input, user: userEvent.setup() };
}

const file = (name = 'keyboard.jpg', type = 'image/jpeg') => new File(['jpeg bytes'], name, { type });
const thumbnails = () => within(screen.getByRole('list', { name: 'Chosen photos' })).queryAllByRole('img');
const status = () => screen.getByRole('status');

describe('PhotoPicker', () => {
  it('uploads a file with its token and language, shows its progress, then the photo as the cover', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { input, changes, user } = setup();
    expect(screen.getByRole('group', { name: 'Service photos' })).toBeInTheDocument();
    expect(screen.getByText('JPEG, PNG, WebP, AVIF, up to 10 MB each; at most 8 photos.')).toBeInTheDocument();
    expect(input()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/avif');
    expect(input()).toHaveAttribute('multiple');

    await user.upload(input(), file());
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/photos');
    expect(xhr.headers.authorization).toBe('Bearer session-token');
    expect(xhr.headers['accept-language']).toBe('en');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);

    const progress = screen.getByRole('progressbar', { name: 'Uploading keyboard.jpg' });
    expect(progress).toHaveAttribute('value', '0');
    xhr.progress(512, 1024);
    expect(progress).toHaveAttribute('value', '50');
    expect(screen.getByText('50%')).toBeInTheDocument();
    xhr.progress(1024, 1024);
    expect(screen.getByText('Processing…')).toBeInTheDocument();

    const photo = makePhoto();
    await xhr.respond(201, photo);
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(changes.at(-1)).toEqual([photo]);
    const [img] = thumbnails();
    expect(img).toHaveAccessibleName('Photo 1, the cover');
    expect(screen.getByText('Cover')).toBeInTheDocument();
    expect(status()).toHaveTextContent('keyboard.jpg uploaded.');
    expect(screen.getByText('1 of 8 photos')).toBeInTheDocument();
  });

  it("shows the server's sentence for a refused file, in an alert, with Try again and Dismiss", async () => {
    let refuse = true;
    server.use(
      http.post('/api/photos', () =>
        refuse
          ? HttpResponse.json({ error: 'This file is not a photo we can read.' }, { status: 415 })
          : HttpResponse.json(makePhoto(), { status: 201 }),
      ),
    );
    const { input, changes, user } = setup();
    await user.upload(input(), file('scan.png', 'image/png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a photo we can read.');
    expect(screen.getByText('scan.png')).toBeInTheDocument();
    expect(changes).toEqual([]);

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Try uploading scan.png again' }));
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    refuse = true;
    await user.upload(input(), file('other.png', 'image/png'));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Dismiss the error about other.png' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add photos' })).toHaveFocus();
  });

  it('sends the language in use: the server answers its sentence in Bangla', async () => {
    server.use(
      http.post('/api/photos', ({ request }) =>
        HttpResponse.json(
          { error: request.headers.get('accept-language') === 'bn' ? 'ছবিটি নষ্ট বা অসম্পূর্ণ।' : 'Damaged.' },
          { status: 400 },
        ),
      ),
    );
    const { input, user } = setup();
    const chooser = input();
    await act(() => setLanguage('bn'));
    await user.upload(chooser, file());
    expect(await screen.findByRole('alert')).toHaveTextContent('ছবিটি নষ্ট বা অসম্পূর্ণ।');
  });

  it('refuses a file over 10 MB or a HEIC photo at once, without sending it', async () => {
    const { input } = setup();
    // The chooser's "All files" lets any file through the accept list.
    const user = userEvent.setup({ applyAccept: false });
    const big = file('huge.jpg');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(input(), [big, file('IMG_0001.HEIC', 'image/heic')]);
    const alerts = screen.getAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('The photo is larger than 10 MB. Choose a smaller one.');
    expect(alerts[1]).toHaveTextContent(/HEIC photos cannot be read yet/);
    expect(screen.queryByRole('button', { name: /Try uploading/ })).not.toBeInTheDocument();
    expect(callsTo('/api/photos')).toHaveLength(0);
  });

  it('cancels an upload: the request is aborted and nothing is added', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { input, changes, user } = setup();
    await user.upload(input(), file('board.webp', 'image/webp'));
    FakeXhr.sent[0]!.progress(100, 1000);
    await user.click(screen.getByRole('button', { name: 'Cancel uploading board.webp' }));
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(status()).toHaveTextContent('Upload of board.webp cancelled.');
    expect(screen.getByRole('button', { name: 'Add photos' })).toHaveFocus();
    // An answer arriving after all is ignored.
    await FakeXhr.sent[0]!.respond(201, makePhoto());
    expect(changes).toEqual([]);
  });

  it('removes a photo (focus to the next one), and deletes one uploaded here from the server', async () => {
    const [a, b] = [makePhoto(), makePhoto()];
    const { input, changes, user } = setup({ initial: [a!, b!] });
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(changes.at(-1)).toEqual([b]);
    expect(screen.getByRole('button', { name: 'Remove photo 1' })).toHaveFocus();
    expect(status()).toHaveTextContent('Photo 1 removed.');
    // A photo the form loaded is only left out: the save detaches it.
    expect(callsTo(`/api/photos/${a!.id}`, 'DELETE')).toHaveLength(0);

    await user.upload(input(), file());
    await waitFor(() => expect(thumbnails()).toHaveLength(2));
    const uploaded = changes.at(-1)![1]!;
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    await waitFor(() => expect(callsTo(`/api/photos/${uploaded.id}`, 'DELETE')).toHaveLength(1));
    expect(changes.at(-1)).toEqual([b]);
    expect(screen.getByRole('button', { name: 'Remove photo 1' })).toHaveFocus();
  });

  it('reorders with Move earlier / Move later from the keyboard, the focus following the photo', async () => {
    const [a, b, c] = [makePhoto(), makePhoto(), makePhoto()];
    const { changes, user } = setup({ initial: [a!, b!, c!] });
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled();

    screen.getByRole('button', { name: 'Move photo 1 later' }).focus();
    await user.keyboard('{Enter}');
    expect(changes.at(-1)!.map((p) => p.id)).toEqual([b!.id, a!.id, c!.id]);
    expect(status()).toHaveTextContent('Photo moved to position 2 of 3.');
    expect(screen.getByRole('button', { name: 'Move photo 2 later' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(changes.at(-1)!.map((p) => p.id)).toEqual([b!.id, c!.id, a!.id]);
    // Last now: "later" is disabled, so the focus is on "earlier".
    expect(screen.getByRole('button', { name: 'Move photo 3 earlier' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    expect(changes.at(-1)!.map((p) => p.id)).toEqual([c!.id, b!.id, a!.id]);
    expect(status()).toHaveTextContent('Photo moved to position 1 of 3: it is the cover now.');
    expect(thumbnails()[0]).toHaveAccessibleName('Photo 1, the cover');
  });

  it('reorders by dragging a photo onto another with the mouse', async () => {
    const [a, b, c] = [makePhoto(), makePhoto(), makePhoto()];
    const { changes } = setup({ initial: [a!, b!, c!] });
    const tiles = within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem');
    tiles.forEach((tile, i) => {
      tile.getBoundingClientRect = () => new DOMRect(i * 110, 0, 100, 130);
    });
    const image = within(tiles[0]!).getByRole('img');
    fireEvent.pointerDown(image, { button: 0, pointerType: 'mouse', clientX: 50, clientY: 50 });
    fireEvent.pointerMove(window, { clientX: 120, clientY: 60 });
    fireEvent.pointerMove(window, { clientX: 270, clientY: 60 });
    expect(tiles[2]).toHaveClass('ring-2');
    fireEvent.pointerUp(window, { clientX: 270, clientY: 60 });
    expect(changes.at(-1)!.map((p) => p.id)).toEqual([b!.id, c!.id, a!.id]);
    expect(status()).toHaveTextContent('Photo moved to position 3 of 3.');

    // Escape puts a dragged photo back.
    const first = within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem')[0]!;
    fireEvent.pointerDown(within(first).getByRole('img'), {
      button: 0,
      pointerType: 'mouse',
      clientX: 50,
      clientY: 50,
    });
    fireEvent.pointerMove(window, { clientX: 160, clientY: 60 });
    fireEvent.keyDown(window, { key: 'Escape' });
    fireEvent.pointerUp(window, { clientX: 160, clientY: 60 });
    expect(changes).toHaveLength(1);
  });

  it('takes no more than `max` photos: the extra files are said and not sent, and a full picker says so', async () => {
    const { input, changes, user } = setup({ initial: [makePhoto()], max: 3 });
    await user.upload(input(), [file('1.jpg'), file('2.jpg'), file('3.jpg'), file('4.jpg')]);
    expect(screen.getByRole('alert')).toHaveTextContent('At most 3 photos: 2 photos were not added.');
    await waitFor(() => expect(thumbnails()).toHaveLength(3));
    expect(callsTo('/api/photos', 'POST')).toHaveLength(2);
    expect(changes.at(-1)).toHaveLength(3);
    expect(screen.getByText('3 of 3 photos')).toBeInTheDocument();

    const add = screen.getByRole('button', { name: 'Add photos' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    await user.click(add);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You have added the most photos allowed (3). Remove one to add another.',
    );
  });

  it('with max 1 chooses a single photo, and offers the camera on a touch screen', async () => {
    const matchMedia = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...matchMedia(query),
      matches: query === '(pointer: coarse)',
    }));
    const { input } = setup({ max: 1, allowCamera: true, camera: 'user', label: 'Profile photo' });
    expect(input()).not.toHaveAttribute('multiple');
    expect(screen.getByRole('button', { name: 'Choose a photo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take a photo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Take a photo', { selector: 'input' })).toHaveAttribute('capture', 'user');
    expect(screen.getByText('JPEG, PNG, WebP, AVIF, up to 10 MB.')).toBeInTheDocument();
  });
});
