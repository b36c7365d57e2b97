import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { addTranslations, setLanguage } from '@/lib/i18n';
import { dispatchLive } from '@/lib/live-events';
import { apiState, signIn } from '@/testing/api-state';
import { makePhoto, makeUser } from '@/testing/fixtures';
import { makeMessage, seedConversation } from '@/testing/handlers/conversations';
import { renderAt } from '@/testing/render';
import { callsTo, server } from '@/testing/server';
import en from '@/locales/en/conversations.json';
import { useBookingConversations } from '../use-booking-conversations';

const BOOKING = '00000000-0000-4000-8000-0000000000aa';
const PATH = `/api/bookings/${BOOKING}/messages`;

/** A booking card's Messages button and the dialog, as a route composes them. */
function Harness() {
  const conversations = useBookingConversations();
  return (
    <>
      {conversations.button({ _id: BOOKING, serviceName: 'Screen Fix' })}
      {conversations.dialog}
    </>
  );
}

function setup(conversation: Parameters<typeof seedConversation>[1] = {}) {
  signIn(makeUser());
  const seeded = seedConversation(BOOKING, conversation);
  renderAt(<Harness />);
  return seeded;
}

const theirs = (body: string, over = {}) => makeMessage({ bookingId: BOOKING, body, ...over });
const mine = (body: string, over = {}) =>
  makeMessage({ bookingId: BOOKING, body, mine: true, authorName: 'Ayesha Siddiqua', ...over });

async function open(name: RegExp = /^Messages/) {
  await userEvent.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('log');
  return dialog;
}

const bodies = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('log'))
    .queryAllByRole('listitem')
    .map((li) => li.querySelector('.whitespace-pre-wrap')?.textContent ?? li.textContent);

afterEach(async () => {
  await setLanguage('en');
});

describe('the conversation of a booking', () => {
  it('opens titled with the service and the other person, oldest at the top, and marks it read', async () => {
    setup({ messages: [theirs('Hello, when can you come?'), mine('Tomorrow at ten.'), theirs('Great, thanks!')] });
    const dialog = await open();
    expect(dialog).toHaveAccessibleName('Screen Fix, with Rahim Uddin');
    await waitFor(() =>
      expect(bodies(dialog)).toEqual(['Hello, when can you come?', 'Tomorrow at ten.', 'Great, thanks!']),
    );
    const log = within(dialog).getByRole('log');
    expect(log).toHaveAttribute('aria-live', 'polite');
    const items = within(log).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Rahim Uddin')).toBeInTheDocument();
    expect(within(items[1]!).getByText('You')).toBeInTheDocument();
    expect(items[1]).toHaveClass('items-end');
    expect(items[0]).toHaveClass('items-start');
    expect(within(items[0]!).getByText('21 Nov, 14:00')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(`${PATH}/read`, 'POST')).toHaveLength(1));
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveFocus();
  });

  it('shows a message as text, never HTML, line breaks kept', async () => {
    setup({ messages: [theirs('<b>html</b> and <a href="https://evil.example">a link</a>\nsecond line')] });
    const dialog = await open();
    const bubble = await within(dialog).findByText(/<b>html<\/b>/);
    expect(bubble.textContent).toBe('<b>html</b> and <a href="https://evil.example">a link</a>\nsecond line');
    expect(bubble).toHaveClass('whitespace-pre-wrap');
    expect(dialog.querySelector('b')).toBeNull();
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it('loads older messages with the cursor of the oldest shown', async () => {
    const messages = Array.from({ length: 25 }, (_, i) => theirs(`Note ${i + 1}`));
    setup({ messages });
    const dialog = await open();
    await waitFor(() => expect(bodies(dialog)).toHaveLength(20));
    expect(bodies(dialog)[0]).toBe('Note 6');
    expect(bodies(dialog).at(-1)).toBe('Note 25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(bodies(dialog)).toHaveLength(25));
    expect(bodies(dialog).slice(0, 6)).toEqual(['Note 1', 'Note 2', 'Note 3', 'Note 4', 'Note 5', 'Note 6']);
    const gets = callsTo(PATH, 'GET').map((c) => c.search);
    expect(gets).toContain(`?before=${messages[5]!.id}`);
    expect(within(dialog).queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('puts "New messages" before the first unread message', async () => {
    setup({ messages: [theirs('Old one'), mine('My answer'), theirs('New one'), theirs('Newer one')], unread: 2 });
    const dialog = await open();
    await waitFor(() =>
      expect(bodies(dialog)).toEqual(['Old one', 'My answer', 'New messages', 'New one', 'Newer one']),
    );
  });

  it('sends with the Send button and with Enter; Shift+Enter starts a new line', async () => {
    const user = userEvent.setup();
    setup({ messages: [theirs('Hello')] });
    const dialog = await open();
    const box = within(dialog).getByRole('textbox', { name: 'Message' });
    await user.type(box, '  I will be home after five.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bodies(dialog)).toEqual(['Hello', 'I will be home after five.']));
    expect(callsTo(PATH, 'POST').map((c) => c.body)).toEqual([{ body: 'I will be home after five.' }]);
    expect(box).toHaveValue('');

    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveValue('Line one\nLine two');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(PATH, 'POST')).toHaveLength(2));
    expect(callsTo(PATH, 'POST')[1]!.body).toEqual({ body: 'Line one\nLine two' });
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it("shows the server's sentence on a 400 and keeps the text", async () => {
    const user = userEvent.setup();
    setup();
    server.use(
      http.post(PATH, () =>
        HttpResponse.json({ error: 'A message must not contain control characters.' }, { status: 400 }),
      ),
    );
    const dialog = await open();
    const box = within(dialog).getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Hello there');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A message must not contain control characters.',
    );
    expect(box).toHaveValue('Hello there');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('closes the composer when the server says the conversation closed meanwhile (409)', async () => {
    const user = userEvent.setup();
    const seeded = setup();
    server.use(
      http.post(PATH, () => {
        seeded.readOnly = true;
        return HttpResponse.json({ error: 'This conversation is closed.' }, { status: 409 });
      }),
    );
    const dialog = await open();
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'One more thing{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This conversation is closed.');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Message' })).toBeDisabled());
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue('One more thing');
  });

  it('asks for a message instead of sending an empty one', async () => {
    setup();
    const dialog = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please write a message.');
    expect(callsTo(PATH, 'POST')).toHaveLength(0);
  });

  it('sends photos with the text (not without it): the message shows them as thumbnails that open larger', async () => {
    const user = userEvent.setup();
    setup();
    const dialog = await open();
    const photos = within(dialog).getByRole('group', { name: 'Photos for the message' });
    await user.upload(within(photos).getByLabelText('Add photos', { selector: 'input' }), [
      new File(['jpeg'], 'crack.jpg', { type: 'image/jpeg' }),
    ]);
    await within(photos).findByRole('img', { name: 'Photo 1' });
    const [photo] = apiState.photos;
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please write a message.');
    expect(callsTo(PATH, 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'The crack');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsTo(PATH, 'POST')).toHaveLength(1));
    expect(callsTo(PATH, 'POST')[0]!.body).toEqual({ body: 'The crack', photoIds: [photo!.id] });
    const sent = await within(within(dialog).getByRole('log')).findByRole('list', {
      name: 'Photos sent with the message',
    });
    // Sent: the box and the photos are cleared.
    expect(within(photos).queryByRole('img')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await user.click(within(sent).getByRole('button', { name: 'Open photo 1 of 1' }));
    const viewer = screen.getByRole('dialog', { name: 'Photos sent with the message' });
    expect(within(viewer).getByRole('img', { name: 'A photo sent in the conversation' })).toHaveAttribute(
      'src',
      photo!.url,
    );
  });

  it('shows the photos of a message under its text', async () => {
    const photos = [makePhoto(), makePhoto()];
    setup({ messages: [theirs('Here is the crack', { photos })] });
    const dialog = await open();
    const list = await within(dialog).findByRole('list', { name: 'Photos sent with the message' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Open photo 1 of 2', 'Open photo 2 of 2']);
    expect(within(dialog).getByText('Here is the crack')).toBeInTheDocument();
  });

  it('sends the text with the photos, and waits for a photo still uploading', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    server.use(
      http.post(
        '/api/photos',
        () =>
          new Promise<Response>(
            (resolve) => (release = () => resolve(HttpResponse.json(makePhoto(), { status: 201 }))),
          ),
      ),
    );
    setup();
    const dialog = await open();
    await user.upload(within(dialog).getByLabelText('Add photos', { selector: 'input' }), [
      new File(['jpeg'], 'crack.jpg', { type: 'image/jpeg' }),
    ]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'The crack{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Wait until the photos have finished uploading.');
    expect(callsTo(PATH, 'POST')).toHaveLength(0);
    release();
    await within(dialog).findByRole('img', { name: 'Photo 1' });
    expect(within(dialog).getByRole('alert')).toBeEmptyDOMElement();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsTo(PATH, 'POST')).toHaveLength(1));
    expect(callsTo(PATH, 'POST')[0]!.body).toMatchObject({ body: 'The crack', photoIds: [expect.any(String)] });
  });

  it('refuses a paste over 2,000 characters with the reason, and takes one that fits', async () => {
    const user = userEvent.setup();
    setup();
    const dialog = await open();
    const box = within(dialog).getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Hi ');
    await user.paste('x'.repeat(1998));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A message can be at most 2,000 characters long.');
    expect(box).toHaveValue('Hi ');
    await user.paste('x'.repeat(1997));
    expect(box).toHaveValue(`Hi ${'x'.repeat(1997)}`);
    expect(callsTo(PATH, 'POST')).toHaveLength(0);
  });

  it('disables the composer of a read-only conversation, with the notice', async () => {
    setup({ messages: [theirs('Thanks for the job')], readOnly: true });
    const dialog = await open();
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Message' })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    // The disabled box cannot keep the focus it had at opening: the messages take it.
    expect(within(dialog).getByRole('log')).toHaveFocus();
    expect(
      within(dialog).getByText('This conversation is closed: it was completed or cancelled more than 30 days ago.'),
    ).toBeInTheDocument();
  });

  it('shows a live message at once, without a refetch, once even when it comes twice, and marks it read', async () => {
    setup({ messages: [theirs('Hello')] });
    const dialog = await open();
    await waitFor(() => expect(callsTo(`${PATH}/read`, 'POST')).toHaveLength(1));
    const gets = callsTo(PATH, 'GET').length;
    const message = theirs('I am on my way');
    act(() => dispatchLive('message', { bookingId: BOOKING, message }));
    act(() => dispatchLive('message', { bookingId: BOOKING, message }));
    act(() => dispatchLive('message', { bookingId: 'another-booking', message: theirs('Elsewhere') }));
    await waitFor(() => expect(bodies(dialog)).toEqual(['Hello', 'I am on my way']));
    await waitFor(() => expect(callsTo(`${PATH}/read`, 'POST')).toHaveLength(2));
    expect(callsTo(PATH, 'GET')).toHaveLength(gets);
  });

  it('shows "Seen" under my newest message when the other party reads it', async () => {
    const user = userEvent.setup();
    const first = mine('First');
    setup({ messages: [first, theirs('Reply')], seenUpTo: first.id });
    const dialog = await open();
    await waitFor(() => expect(bodies(dialog)).toHaveLength(2));
    // Only under the caller's newest message.
    const log = within(dialog).getByRole('log');
    expect(within(log).getByText('Seen')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Second{Enter}');
    await waitFor(() => expect(bodies(dialog)).toHaveLength(3));
    expect(within(log).queryByText('Seen')).toBeNull();
    const sent = apiState.conversations[BOOKING]!.messages.at(-1)!;
    act(() => dispatchLive('seen', { bookingId: BOOKING, seenUpTo: sent.id }));
    const items = within(log).getAllByRole('listitem');
    expect(await within(items.at(-1)!).findByText('Seen')).toBeInTheDocument();
  });

  it('shows the unread count on the Messages button, cleared once read', async () => {
    setup({ messages: [theirs('One'), theirs('Two')], unread: 2 });
    const button = await screen.findByRole('button', { name: 'Messages, 2 unread' });
    expect(within(button).getByText('2')).toBeInTheDocument();
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(callsTo(`${PATH}/read`, 'POST')).toHaveLength(1));
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    expect(await screen.findByRole('button', { name: 'Messages' })).toHaveFocus();
  });

  it('updates the badge when the other party writes in a conversation that is not open', async () => {
    const seeded = setup();
    await screen.findByRole('button', { name: 'Messages' });
    const message = theirs('Are you there?');
    seeded.messages.push(message);
    seeded.unread = 1;
    act(() => dispatchLive('message', { bookingId: BOOKING, message }));
    expect(await screen.findByRole('button', { name: 'Messages, 1 unread' })).toBeInTheDocument();
  });

  it('counts the characters in Bengali digits in Bangla', async () => {
    addTranslations('conversations', en, () => import('@/locales/bn/conversations.json'));
    await setLanguage('bn');
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'বার্তা' }));
    const dialog = await screen.findByRole('dialog');
    const box = await within(dialog).findByRole('textbox', { name: 'বার্তা' });
    expect(within(dialog).getByText('০ / ২,০০০')).toBeInTheDocument();
    await userEvent.type(box, 'আসসালামু আলাইকুম');
    expect(within(dialog).getByText('১৬ / ২,০০০')).toBeInTheDocument();
  });
});
