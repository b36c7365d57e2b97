/**
 * Messages for `npm run bench` (issue 19): `POST /api/bookings/:id/messages` drawn fresh for every
 * request, each from a booking and one of its two parties, within the per-person limit of the
 * server (MESSAGES_PER_MINUTE, counted in the database over the last minute). The drawer is shared
 * by the "messages" scenario and the writes of the "streams" scenario (bench/streams.mjs), which
 * hands it the sends the other made, so no author is pushed over the limit by the two together.
 *
 * The bookings and the sessions of their parties come from bench/fixtures.ts (`live`): generated
 * bookings open for a conversation (not cancelled, not completed more than 29 days ago), one per
 * customer, and a session per party made directly in the database as a sign-in would.
 */

/** A sent message is counted by the server for a minute; 5 s more covers the time it took to be written. */
const WINDOW_MS = 65_000;

const PHRASES = [
  'Can you come a little earlier, around 3 pm?',
  'The fridge is making that noise again since this morning.',
  'Please bring the spare part for the compressor.',
  'I will be home after 5, the guard knows you are coming.',
  'Is the price the same if you also look at the second AC?',
  'Running 20 minutes late because of the traffic at Mohakhali.',
  'Thanks, everything works now!',
  'আমি বিকেল ৪টার পর বাসায় থাকব।',
  'দয়া করে আসার আগে একবার ফোন দেবেন।',
  'Could you send a photo of the receipt?',
];

/** Shuffles in place (Fisher-Yates). */
function shuffle(list) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/**
 * Draws (booking, author) in a shuffled round over every booking and both of its parties, skipping
 * an author who has sent `perMinute` messages in the last minute (as far as this drawer knows).
 * `people[i]` is `{ id, token }`; `pairs[i]` is `{ booking, customer, provider }` (indexes into people).
 * The body carries `[bench <tag> <seq>]`, by which the streams scenario finds its events.
 */
export function messageDrawer(pairs, people, { perMinute, tag, recent = {} }) {
  const entries = shuffle(
    pairs.flatMap((pair) => [
      { pair, author: pair.customer, other: pair.provider },
      { pair, author: pair.provider, other: pair.customer },
    ]),
  );
  const sentAt = new Map(Object.entries(recent).map(([id, times]) => [id, [...times]]));
  let cursor = 0;
  let seq = 0;
  let overLimit = 0;
  const recentCount = (id, now) => {
    const times = sentAt.get(id);
    if (!times) return 0;
    while (times.length && now - times[0] > WINDOW_MS) times.shift();
    return times.length;
  };
  return {
    /** The next message, or null when every author is at the limit (`force`: the next in turn anyway, which the server answers 429). */
    next({ force = false } = {}) {
      const now = Date.now();
      for (let tried = 0; tried < entries.length; tried++) {
        const entry = entries[cursor];
        cursor = (cursor + 1) % entries.length;
        const author = people[entry.author];
        if (recentCount(author.id, now) >= perMinute) continue;
        return this.take(entry, now);
      }
      if (!force) return null;
      overLimit++;
      const entry = entries[cursor];
      cursor = (cursor + 1) % entries.length;
      return this.take(entry, now);
    },
    take(entry, now) {
      const author = people[entry.author];
      let times = sentAt.get(author.id);
      if (!times) sentAt.set(author.id, (times = []));
      times.push(now);
      seq++;
      return {
        seq,
        bookingId: entry.pair.booking,
        author: entry.author,
        other: entry.other,
        token: author.token,
        body: `${PHRASES[seq % PHRASES.length]} [bench ${tag} ${seq}]`,
      };
    },
    /** Sends of the last minute per author id, to hand to another drawer (another process). */
    recent() {
      const now = Date.now();
      const out = {};
      for (const [id, times] of sentAt) if (recentCount(id, now) > 0) out[id] = times;
      return out;
    },
    /** How many messages were drawn for an author already at the limit (each answered 429). */
    get overLimit() {
      return overLimit;
    },
    get authors() {
      return new Set(entries.map((e) => e.author)).size;
    },
    bookings: pairs.length,
    perMinute,
  };
}

/** The regular expression that finds a drawn message's tag and sequence number in an event. */
export const messageTag = (tag) => new RegExp(`\\[bench ${tag} (\\d+)\\]`);

/**
 * The "messages" scenario: `measure` (bench/load.mjs) drives `POST /api/bookings/:id/messages`
 * with a booking and an author drawn per request. Answers one table row.
 */
export async function benchMessages({ name, base, drawer, load, measure }) {
  const next = () => {
    const m = drawer.next({ force: true });
    return {
      method: 'POST',
      path: `/api/bookings/${m.bookingId}/messages`,
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: m.body }),
    };
  };
  const overBefore = drawer.overLimit;
  const result = await measure(base, next, load);
  const overLimit = drawer.overLimit - overBefore;
  const note =
    `"${name}": \`POST /api/bookings/{id}/messages\` as the booking's customer or provider, ${load.connections} connections, ` +
    `each request a booking and one of its parties drawn in turn from ${drawer.bookings.toLocaleString('en')} bookings open for a conversation ` +
    `(${drawer.authors.toLocaleString('en')} authors, each kept under the server's ${drawer.perMinute} messages a minute` +
    `${overLimit ? `; ${overLimit} drawn over it` : ''}), a new text each; sessions made in the database for their parties.`;
  return [{ name, role: 'message', result, note }];
}
