// The server's render worker (issue 22's throughput): a worker thread of the Piscina pool in
// index.ts renders the public pages the main thread has loaded, with the web build's server entry
// (workerData.entry), and hands each page's document back as bytes whose memory moves to the main
// thread (no copy). Plain JavaScript: a worker does not run the server's TypeScript loader.
import { Piscina, move, workerData } from 'piscina';

const { renderer } = await import(workerData.entry);
const render = renderer.documents(workerData.shell);

/** Renders a loaded page (LoadedPublicPage) into its RenderedPage: { status, lang, body }. */
export default async function renderPage({ page, origin }) {
  const rendered = await render(page, origin);
  return move({ [Piscina.transferableSymbol]: [rendered.body.buffer], [Piscina.valueSymbol]: rendered });
}
