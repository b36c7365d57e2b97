/**
 * The browser's React is Preact (issue 22): `preact/compat` answers React's and React DOM's
 * imports in the browser build and the component tests, so the home page's JavaScript fits its
 * 100 KB. The server entry keeps React (react-dom/server renders the public pages).
 */
export const preactAlias = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/server$/, replacement: 'preact-render-to-string' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
