import { PRODUCT_NAME } from '@meramot/shared';

/** The web app's shell; the screens arrive with the web app issues. */
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>{PRODUCT_NAME}</h1>
      <p>Electronic repair services across Bangladesh.</p>
      <p>
        <a href="/api/docs">API documentation</a>
      </p>
    </main>
  );
}
