import { Fragment, Suspense, useRef, type ComponentType, type ReactNode } from 'react';

/**
 * Hydration in turns (issue 22). Preact hydrates a server-rendered page in one task, and on a phone
 * that task blocks the page for a tenth of a second or more (Lighthouse's Total Blocking Time). A
 * part of the page wrapped in `HydrationTurn` waits for its own task instead: while `hydrateInTurns`
 * hydrates, each turn suspends, Preact keeps its server element as it is and goes on, and the turns
 * then resume one per task, in the page's order; a turn inside another waits for its own task after
 * the outer one has resumed. Once no turn is left waiting, a turn renders at once (a page rendered
 * in the browser, a later page). A press or a key while turns still wait hydrates all that is left
 * at once, before the press becomes a click: what the reader reaches for answers as the app, and a
 * page the click opens renders whole.
 *
 * A turn's content must render exactly one element: Preact keeps the first element it meets for a
 * suspended part and hydrates it when the part resumes. The server renders a turn as its content
 * alone (no Suspense boundary, no markers): the browser's Suspense adds no element.
 */

/** From hydrateInTurns until no turn is left waiting: the turns met meanwhile suspend. */
let inTurns = false;
const waiting: Array<() => void> = [];

/** The next task, without setTimeout's clamping: a message posted to ourselves. */
function nextTask(run: () => void) {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
}

/** The reader's first touch of the page: a pointer pressed, a key pressed. */
const INPUT = ['pointerdown', 'keydown'] as const;

/** Ends the turns: every waiting one resumes now (turns inside them render at once). */
function finishTurns() {
  inTurns = false;
  for (const type of INPUT) removeEventListener(type, finishTurns, true);
  for (const resume of waiting.splice(0)) resume();
}

/**
 * Lets the next waiting turn resume (its render runs in this task's microtasks and may meet turns
 * inside it, which wait after the others), then looks again in the next task.
 */
function resumeNext() {
  if (!inTurns) return;
  const resume = waiting.shift();
  if (resume) {
    resume();
    nextTask(resumeNext);
  } else finishTurns();
}

/** Runs `hydrate` (a synchronous hydrateRoot) with the page's turns put off to later tasks. */
export function hydrateInTurns(hydrate: () => void) {
  inTurns = true;
  for (const type of INPUT) addEventListener(type, finishTurns, true);
  try {
    hydrate();
  } finally {
    nextTask(resumeNext);
  }
}

function Turn({ children }: { children: ReactNode }) {
  // Suspending makes Preact keep this part's server element and go on with the next one; the
  // component (and this ref) is the same one when it resumes.
  const turn = useRef<Promise<void> | null>(null);
  if (turn.current == null) {
    if (!inTurns) return children;
    const resumed = new Promise<void>((resolve) => waiting.push(resolve));
    turn.current = resumed;
    throw resumed;
  }
  return children;
}

function BrowserHydrationTurn({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turn>{children}</Turn>
    </Suspense>
  );
}

/** A part of a public page hydrated in a task of its own (see above); its content is one element. */
export const HydrationTurn = import.meta.env.SSR ? Fragment : BrowserHydrationTurn;

/**
 * `Content` as a HydrationTurn of its own wherever it is used (a card a list repeats); on the
 * server, `Content` itself: no component more to render per card.
 */
export function inHydrationTurn<P extends object>(Content: ComponentType<P>): ComponentType<P> {
  if (import.meta.env.SSR) return Content;
  return function InHydrationTurn(props: P) {
    return (
      <BrowserHydrationTurn>
        <Content {...props} />
      </BrowserHydrationTurn>
    );
  };
}
