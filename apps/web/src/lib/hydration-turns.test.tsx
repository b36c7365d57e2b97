import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { HydrationTurn, hydrateInTurns } from './hydration-turns';

/** What ran, in order: each part's render, and the task it ran in. */
let log: string[] = [];
let task = 0;

/** The next task after the ones queued now (a message, like the turns' own scheduling). */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

function Part({ name, children }: { name: string; children?: React.ReactNode }) {
  log.push(`${name}@${task}`);
  const [clicks, setClicks] = useState(0);
  return (
    <section data-part={name}>
      <button type="button" onClick={() => setClicks(clicks + 1)}>
        {`${name} ${clicks}`}
      </button>
      {children}
    </section>
  );
}

function Page() {
  log.push(`page@${task}`);
  return (
    <div>
      <HydrationTurn>
        <Part name="header" />
      </HydrationTurn>
      <HydrationTurn>
        <Part name="main">
          <HydrationTurn>
            <Part name="card" />
          </HydrationTurn>
        </Part>
      </HydrationTurn>
      <HydrationTurn>
        <Part name="footer" />
      </HydrationTurn>
    </div>
  );
}

/** The page as the server sends it (React renders a turn as its content alone). */
const section = (name: string, inner = '') =>
  `<section data-part="${name}"><button type="button">${name} 0</button>${inner}</section>`;
const serverMarkup = `<div>${section('header')}${section('main', section('card'))}${section('footer')}</div>`;

/** Counts tasks while the turns resume, until `done` or 20 tasks. */
async function runTasks(done: () => boolean) {
  for (let i = 0; i < 20 && !done(); i++) {
    task++;
    await nextTask();
  }
}

afterEach(() => {
  log = [];
  task = 0;
  document.body.innerHTML = '';
});

describe('hydrateInTurns', () => {
  it('hydrates each turn in a task of its own, in the page order, keeping the server elements', async () => {
    const container = document.createElement('div');
    container.innerHTML = serverMarkup;
    document.body.append(container);
    const before = [...container.querySelectorAll('section, button')];

    hydrateInTurns(() => hydrateRoot(container, <Page />));
    expect(log).toEqual(['page@0']);
    // Nothing of the suspended parts was taken away while they wait.
    expect(container.innerHTML).toBe(serverMarkup);

    await runTasks(() => log.some((entry) => entry.startsWith('card@')));
    // One part a task: the card (inside main) waits for its own task after the footer.
    const order = log.map((entry) => entry.split('@')[0]);
    expect(order).toEqual(['page', 'header', 'main', 'footer', 'card']);
    const tasks = log.slice(1).map((entry) => Number(entry.split('@')[1]));
    expect(new Set(tasks).size).toBe(4);
    expect(tasks).toEqual([...tasks].sort((a, b) => a - b));

    // The server's elements are the ones the app now runs, and they answer.
    expect([...container.querySelectorAll('section, button')]).toEqual(before);
    await userEvent.click(screen.getByRole('button', { name: 'card 0' }));
    expect(await screen.findByRole('button', { name: 'card 1' })).toBe(before[5]);
    await userEvent.click(screen.getByRole('button', { name: 'header 0' }));
    expect(await screen.findByRole('button', { name: 'header 1' })).toBe(before[1]);
  });

  it('hydrates all that waits at once when the reader presses a pointer or a key, before the click', async () => {
    for (const press of ['pointerdown', 'keydown'] as const) {
      log = [];
      task = 0;
      const container = document.createElement('div');
      container.innerHTML = serverMarkup;
      document.body.append(container);
      const before = [...container.querySelectorAll('section, button')];

      hydrateInTurns(() => hydrateRoot(container, <Page />));
      await runTasks(() => log.some((entry) => entry.startsWith('header@')));
      const header = log.length;
      expect(log.slice(0, header).map((entry) => entry.split('@')[0])).toEqual(['page', 'header']);
      task = 100;
      const event =
        press === 'pointerdown'
          ? new Event('pointerdown', { bubbles: true })
          : new KeyboardEvent('keydown', { key: 'Enter', bubbles: true });
      before[5]!.dispatchEvent(event);
      await Promise.resolve();
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      // Main with the card inside it, and the footer, in this same task.
      expect(log.slice(header)).toEqual(['main@100', 'card@100', 'footer@100']);
      await runTasks(() => false);
      expect(log).toHaveLength(5);
      expect([...container.querySelectorAll('section, button')]).toEqual(before);
      await userEvent.click(before[5] as HTMLElement);
      expect(before[5]).toHaveTextContent('card 1');
      container.remove();
    }
  });

  it('renders turns at once once hydration has ended, and on a page not rendered by the server', async () => {
    const container = document.createElement('div');
    container.innerHTML = serverMarkup;
    document.body.append(container);
    hydrateInTurns(() => hydrateRoot(container, <Page />));
    await runTasks(() => log.some((entry) => entry.startsWith('card@')));
    await nextTask();

    log = [];
    render(<Page />);
    expect(log.map((entry) => entry.split('@')[0])).toEqual(['page', 'header', 'main', 'card', 'footer']);
    expect(screen.getAllByRole('button', { name: 'card 0' })).toHaveLength(2);
  });
});
